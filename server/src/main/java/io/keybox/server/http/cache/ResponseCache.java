package io.keybox.server.http.cache;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.RemovalCause;
import io.keybox.server.http.edge.MediaType;
import io.keybox.server.http.write.Reply;
import io.keybox.server.index.DerivedValue;
import io.keybox.server.index.Snapshot;
import io.keybox.server.query.Paging;
import io.keybox.server.search.PageHits;
import io.prometheus.metrics.model.registry.MetricType;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.CounterSnapshot.CounterDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot.GaugeDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricFamilyDescriptor;
import io.prometheus.metrics.model.snapshots.MetricMetadata;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import io.prometheus.metrics.model.snapshots.Unit;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.apache.lucene.index.IndexReader;

/**
 * Whole 200 replies of repeated identical API requests, each kept for the one snapshot of one
 * vendor it was computed on, bounded in bytes across vendors (body bytes plus {@link
 * #ENTRY_OVERHEAD_BYTES} each; least useful entries go first, Caffeine's W-TinyLFU). A handler asks
 * for its reply through the one method {@link #reply} while it holds the vendor's {@link
 * io.keybox.server.index.Lease}:
 *
 * <pre>{@code
 * try (Lease lease = indexes.lease(vendor)) {
 *   Responses.lastUpdate(exchange, lease.snapshot().refreshTime()); // per request, as ever
 *   ResponseCache.Entry entry =
 *       cache.reply(lease.snapshot(), new Market(filter), mediaType, () -> compute(...));
 *   return entry.reply(); // a fresh view of the kept (or just computed) bytes
 * }
 * }</pre>
 *
 * <p>Concurrent identical misses are computed once: the others wait for that computation (a swap
 * makes every popular request a miss at the same moment). A failed computation is not kept; each
 * waiting caller then computes its own.
 *
 * <p>The key is the vendor, the snapshot's id (unique per snapshot, never reused; no reference to
 * the snapshot, which would keep its reader alive), the parsed request (a {@link CacheableRequest}
 * record of the endpoint: value equality over every parameter it reads, defaults made explicit, so
 * parameter order and spelling do not matter) and the negotiated media type. A page's {@code Link}
 * header echoes the request's own path, query string and base URL byte for byte (API.md §7), which
 * no normalised key can hold: it is not kept but rebuilt per request from the entry's {@link Page}
 * facts, so the base URL ({@code Host}, {@code X-Forwarded-*}) and the query's order are not in the
 * key. Nothing else of a request changes the bytes: keys differ in the vendors they may read (in
 * the key) and their add-ons (checked before).
 *
 * <p>When a snapshot's reader closes (the vendor swapped to a newer commit, was reopened or
 * dropped, and the last request leasing the old snapshot ended) its entries are removed: the keys
 * are grouped per snapshot, so that costs only that snapshot's entries, and it runs on the cleaner
 * executor, never on the thread that closed the reader (which may be an IO thread ending a
 * request). Even before that they cannot be served, as no lease sees their snapshot id again.
 *
 * <p>NOTE: the kept bytes are the identity body. The cache sits inside Undertow's {@code
 * EncodingHandler}, so gzip compresses each sent copy after it and never changes what is kept;
 * {@code Accept-Encoding} is not in the key. Per-request headers (request id, {@code
 * X-Service-LastUpdate}, CORS, {@code Vary}) are set on the exchange per request, never kept.
 *
 * <p>Thread-safe. With a size of 0 it is off: {@link #reply} computes every reply, nothing is kept
 * or counted and no key is made, so the request path is the one without a cache.
 */
public final class ResponseCache implements MultiCollector {
  /** The default size, 64 MiB ({@code --response-cache 64m}). */
  public static final long DEFAULT_BYTES = 64L * 1024 * 1024;

  /** What an entry costs beyond its body: key, reply, headers, buffers and the cache's node. */
  static final int ENTRY_OVERHEAD_BYTES = 512;

  private static final AtomicLong SNAPSHOT_IDS = new AtomicLong();

  private static final MetricMetadata HITS =
      new MetricMetadata(
          "keybox_response_cache_hits",
          "API requests answered from the response cache, by vendor.");
  private static final MetricMetadata MISSES =
      new MetricMetadata(
          "keybox_response_cache_misses",
          "Cacheable API requests the response cache did not hold, by vendor.");
  private static final MetricMetadata BYTES =
      new MetricMetadata(
          "keybox_response_cache_bytes",
          "Bytes the response cache holds: bodies plus a fixed estimate per entry.",
          Unit.BYTES);
  private static final MetricMetadata ENTRIES =
      new MetricMetadata("keybox_response_cache_entries", "Replies the response cache holds.");

  /**
   * What a request is, as far as its reply's bytes go.
   *
   * @param vendor the vendor read
   * @param snapshot the id of the snapshot the reply is computed on
   * @param request the parsed request, its type naming the endpoint (path variable included)
   * @param mediaType the negotiated media type (the Content-Type)
   */
  record Key(String vendor, long snapshot, CacheableRequest request, MediaType mediaType) {
    Key {
      Objects.requireNonNull(vendor, "vendor");
      Objects.requireNonNull(request, "request");
      Objects.requireNonNull(mediaType, "mediaType");
    }
  }

  /** The computation of a reply the cache does not hold. */
  @FunctionalInterface
  public interface Computation {
    Entry compute() throws IOException;
  }

  /**
   * The facts a page's {@code Link} header is built from, kept instead of the header (see the class
   * Javadoc).
   *
   * @param paging the request's paging
   * @param hits the page's hits, without the page's documents
   */
  public record Page(Paging paging, PageHits hits) {
    /** {@code hits} less what the links do not read (the documents). */
    public static Page of(Paging paging, PageHits hits) {
      return new Page(
          paging,
          new PageHits(
              new int[0], hits.lastKey(), hits.hasMore(), hits.total(), hits.previousLastId()));
    }
  }

  /**
   * A kept answer: a 200 reply without its {@code Link} header, and a page's link facts.
   *
   * @param reply the reply; its buffers are never sent themselves, only views ({@link #reply()})
   * @param page the facts of the page's links, for a page of search results
   */
  public record Entry(Reply reply, Optional<Page> page) {
    public Entry {
      if (reply.status() != 200) {
        throw new IllegalArgumentException(
            "only 200 replies are kept (got: " + reply.status() + ")");
      }
      reply = compact(reply);
      Objects.requireNonNull(page, "page");
    }

    /**
     * The reply with fresh views of the kept bytes, without copying them: a buffer carries its
     * position, and one entry is sent to many clients at once.
     */
    @Override
    public Reply reply() {
      List<ByteBuffer> views = new ArrayList<>(reply.body().size());
      for (ByteBuffer buffer : reply.body()) {
        views.add(buffer.duplicate());
      }
      return new Reply(reply.status(), reply.headers(), views);
    }

    long weight() {
      return reply.length() + ENTRY_OVERHEAD_BYTES;
    }

    /**
     * {@code reply} with each partly filled buffer copied to its exact size (a body's last chunk,
     * up to 64 KB, holds a short tail), so the cache holds what it counts.
     */
    private static Reply compact(Reply reply) {
      List<ByteBuffer> exact = new ArrayList<>(reply.body().size());
      for (ByteBuffer buffer : reply.body()) {
        if (buffer.remaining() == buffer.capacity()) {
          exact.add(buffer.duplicate());
        } else {
          byte[] bytes = new byte[buffer.remaining()];
          buffer.duplicate().get(bytes);
          exact.add(ByteBuffer.wrap(bytes));
        }
      }
      return new Reply(reply.status(), reply.headers(), exact);
    }
  }

  private final Memory memory;

  /**
   * The id of each snapshot, given the first time one is looked up with; it registers the removal
   * of the snapshot's entries when its reader closes.
   */
  private final DerivedValue<Long> snapshotId =
      DerivedValue.of("response cache id", this::register);

  /**
   * A cache of at most {@code maxBytes}; 0 turns it off. A closed snapshot's entries are removed on
   * the common fork-join pool.
   *
   * @throws IllegalArgumentException when {@code maxBytes} is negative
   */
  public ResponseCache(long maxBytes) {
    this(maxBytes, ForkJoinPool.commonPool());
  }

  /** As {@link #ResponseCache(long)}, removing a closed snapshot's entries on {@code cleaner}. */
  ResponseCache(long maxBytes, Executor cleaner) {
    if (maxBytes < 0) {
      throw new IllegalArgumentException("maxBytes must be >= 0 (got: " + maxBytes + ")");
    }
    this.memory = maxBytes == 0 ? Memory.NONE : new Kept(maxBytes, cleaner);
  }

  /** Whether the cache keeps anything (its size is not 0). */
  public boolean enabled() {
    return memory != Memory.NONE;
  }

  /**
   * The reply to {@code request} in {@code mediaType} on {@code snapshot}: the kept one, or the one
   * {@code computation} makes, then kept (unless larger than an eighth of the cache: one page must
   * not push out dozens). Counted as a hit or a miss of the snapshot's vendor.
   *
   * @throws IOException what the computation throws (a RuntimeException passes unchanged)
   */
  public Entry reply(
      Snapshot snapshot, CacheableRequest request, MediaType mediaType, Computation computation)
      throws IOException {
    if (memory == Memory.NONE) {
      return computation.compute();
    }
    long id;
    try {
      id = snapshot.derived(snapshotId);
    } catch (IOException e) {
      throw new IllegalStateException("cannot happen: the id reads no index", e);
    }
    return memory.reply(new Key(snapshot.vendor(), id, request, mediaType), computation);
  }

  /** As {@link #reply(Snapshot, CacheableRequest, MediaType, Computation)}, by key (tests). */
  Entry reply(Key key, Computation computation) throws IOException {
    return memory.reply(key, computation);
  }

  private long register(Snapshot snapshot) {
    long id = SNAPSHOT_IDS.incrementAndGet();
    IndexReader.CacheHelper helper = snapshot.reader().getReaderCacheHelper();
    // Every reader the index opens has one; without it, the old entries still are never served
    // and age out of the bound.
    if (helper != null) {
      helper.addClosedListener(closed -> snapshotClosed(id));
    }
    return id;
  }

  /** Snapshot {@code id}'s reader closed: its entries go, on the cleaner, not on this thread. */
  void snapshotClosed(long id) {
    memory.drop(id);
  }

  /** The bytes held: bodies plus the per-entry estimate. */
  public long bytes() {
    return memory.bytes();
  }

  /** The replies held. */
  public long entries() {
    return memory.entries();
  }

  @Override
  public MetricSnapshots collect() {
    List<CounterDataPointSnapshot> hits = new ArrayList<>();
    List<CounterDataPointSnapshot> misses = new ArrayList<>();
    for (Map.Entry<String, Counts> vendor : new TreeMap<>(memory.counts()).entrySet()) {
      Labels labels = Labels.of("vendor", vendor.getKey());
      hits.add(counter(vendor.getValue().hits.sum(), labels));
      misses.add(counter(vendor.getValue().misses.sum(), labels));
    }
    return MetricSnapshots.of(
        new CounterSnapshot(HITS, hits),
        new CounterSnapshot(MISSES, misses),
        new GaugeSnapshot(BYTES, List.of(gauge(bytes()))),
        new GaugeSnapshot(ENTRIES, List.of(gauge(entries()))));
  }

  /** The families, so that the registry refuses another of the same name. */
  @Override
  public List<MetricFamilyDescriptor> getMetricFamilyDescriptors() {
    return List.of(
        MetricFamilyDescriptor.of(MetricType.COUNTER, HITS, Set.of("vendor")),
        MetricFamilyDescriptor.of(MetricType.COUNTER, MISSES, Set.of("vendor")),
        MetricFamilyDescriptor.of(MetricType.GAUGE, BYTES, Set.of()),
        MetricFamilyDescriptor.of(MetricType.GAUGE, ENTRIES, Set.of()));
  }

  private static CounterDataPointSnapshot counter(long value, Labels labels) {
    return CounterDataPointSnapshot.builder().value(value).labels(labels).build();
  }

  private static GaugeDataPointSnapshot gauge(long value) {
    return GaugeDataPointSnapshot.builder().value(value).build();
  }

  /** One vendor's hits and misses. */
  private static final class Counts {
    final LongAdder hits = new LongAdder();
    final LongAdder misses = new LongAdder();
  }

  /**
   * Where replies are kept: nowhere ({@link #NONE}, the cache is off: every reply computed, nothing
   * held or counted) or in a {@link Kept}.
   */
  @FunctionalInterface
  private interface Memory {
    Memory NONE = (key, computation) -> computation.compute();

    Entry reply(Key key, Computation computation) throws IOException;

    default void drop(long snapshot) {}

    default long bytes() {
      return 0;
    }

    default long entries() {
      return 0;
    }

    default Map<String, Counts> counts() {
      return Map.of();
    }
  }

  /** Replies kept in a Caffeine cache bounded in bytes, their keys grouped per snapshot. */
  private static final class Kept implements Memory {
    private final long maxBytes;
    private final Executor cleaner;
    private final Cache<Key, Entry> cache;
    private final ConcurrentHashMap<Long, Set<Key>> bySnapshot = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, Counts> counts = new ConcurrentHashMap<>();

    /** Snapshots whose readers closed, their entries not yet removed. */
    private final ConcurrentLinkedQueue<Long> closed = new ConcurrentLinkedQueue<>();

    Kept(long maxBytes, Executor cleaner) {
      this.maxBytes = maxBytes;
      this.cleaner = cleaner;
      this.cache =
          Caffeine.newBuilder()
              .maximumWeight(maxBytes)
              .weigher((Key key, Entry entry) -> (int) Math.min(Integer.MAX_VALUE, entry.weight()))
              // Evictions and removals run on the caller's thread: the counts are exact when
              // read, and no executor task outlives the server.
              .executor(Runnable::run)
              .removalListener((Key key, Entry entry, RemovalCause cause) -> forget(key))
              .build();
    }

    @Override
    public Entry reply(Key key, Computation computation) throws IOException {
      Counts vendor = counts.get(key.vendor());
      if (vendor == null) {
        vendor = counts.computeIfAbsent(key.vendor(), v -> new Counts());
      }
      Entry hit = cache.getIfPresent(key);
      if (hit != null) {
        vendor.hits.increment();
        return hit;
      }
      // Caffeine runs one computation per key at a time; identical misses wait for it. An entry
      // too large to keep is handed back beside the cache (the function's null keeps nothing).
      Entry[] computed = new Entry[1];
      Entry kept;
      try {
        kept =
            cache.get(
                key,
                k -> {
                  try {
                    computed[0] = computation.compute();
                  } catch (IOException e) {
                    throw new UncheckedIOException(e);
                  }
                  if (computed[0].weight() > maxBytes / 8) {
                    return null;
                  }
                  bySnapshot
                      .computeIfAbsent(k.snapshot(), s -> ConcurrentHashMap.newKeySet())
                      .add(k);
                  return computed[0];
                });
      } catch (UncheckedIOException e) {
        throw e.getCause();
      }
      (computed[0] == null ? vendor.hits : vendor.misses).increment();
      return kept != null ? kept : computed[0];
    }

    /** A removed entry's key leaves its snapshot's group. */
    private void forget(Key key) {
      Set<Key> group = bySnapshot.get(key.snapshot());
      if (group != null) {
        group.remove(key);
      }
    }

    @Override
    public void drop(long snapshot) {
      closed.add(snapshot);
      cleaner.execute(this::removeClosed);
    }

    /** Removes the entries of the snapshots closed since the last call. */
    private void removeClosed() {
      for (Long snapshot = closed.poll(); snapshot != null; snapshot = closed.poll()) {
        Set<Key> group = bySnapshot.remove(snapshot);
        if (group != null) {
          cache.invalidateAll(group);
        }
      }
    }

    @Override
    public long bytes() {
      // A scrape (a worker) finishes what the cleaner has not yet done: the gauges are exact.
      removeClosed();
      cache.cleanUp();
      return cache.policy().eviction().orElseThrow().weightedSize().orElse(0);
    }

    @Override
    public long entries() {
      removeClosed();
      cache.cleanUp();
      return cache.estimatedSize();
    }

    @Override
    public Map<String, Counts> counts() {
      return counts;
    }
  }
}

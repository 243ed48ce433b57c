package io.keybox.server.http.cache;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
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
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.apache.lucene.index.IndexReader;

/**
 * Whole 200 replies of repeated identical API requests, each kept for the one snapshot of one
 * vendor it was computed on, bounded in bytes across vendors (body bytes plus {@link
 * #ENTRY_OVERHEAD_BYTES} each; least useful entries go first, Caffeine's W-TinyLFU). A handler
 * looks its request up while it holds the vendor's {@link io.keybox.server.index.Lease}:
 *
 * <pre>{@code
 * try (Lease lease = indexes.lease(vendor)) {
 *   Responses.lastUpdate(exchange, lease.snapshot().refreshTime()); // per request, as ever
 *   if (cache.enabled()) {
 *     ResponseCache.Key key = cache.key(lease.snapshot(), "GET /properties", request, mediaType);
 *     Optional<ResponseCache.Entry> hit = cache.get(key);
 *     ... hit: hit.get().reply(), a fresh view of the kept bytes ...
 *     ... miss: compute, then cache.put(key, entry) and send entry.reply() ...
 *   }
 * }
 * }</pre>
 *
 * <p>The key is the vendor, the snapshot's id (unique per snapshot, never reused; no reference to
 * the snapshot, which would keep its reader alive), the endpoint (method and route), the parsed
 * request (records with value equality over every parameter the endpoint reads, defaults made
 * explicit, so parameter order and spelling do not matter) and the negotiated media type. A page's
 * {@code Link} header echoes the request's own path, query string and base URL byte for byte
 * (API.md §7), which no normalised key can hold: it is not kept but rebuilt per request from the
 * entry's {@link Page} facts, so the base URL ({@code Host}, {@code X-Forwarded-*}) and the query's
 * order are not in the key. Nothing else of a request changes the bytes: keys differ in the vendors
 * they may read (in the key) and their add-ons (checked before).
 *
 * <p>When a snapshot's reader closes (the vendor swapped to a newer commit, was reopened or
 * dropped, and the last request leasing the old snapshot ended) its entries are removed, so their
 * memory is freed at once; even before that they cannot be served, as no lease sees their snapshot
 * id again.
 *
 * <p>NOTE: the kept bytes are the identity body. The cache sits inside Undertow's {@code
 * EncodingHandler}, so gzip compresses each sent copy after it and never changes what is kept;
 * {@code Accept-Encoding} is not in the key. Per-request headers (request id, {@code
 * X-Service-LastUpdate}, CORS, {@code Vary}) are set on the exchange per request, never kept.
 *
 * <p>Thread-safe. With a size of 0 it is off: {@link #enabled()} is false, nothing is kept or
 * counted, and the handlers check that one boolean before anything else of the cache (no key is
 * made), so the request path is the one without a cache.
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
   * @param endpoint the method and route, e.g. {@code GET /properties/{mlsId}}
   * @param request the parsed request with value equality (path variable included)
   * @param mediaType the negotiated media type (the Content-Type)
   */
  public record Key(
      String vendor, long snapshot, String endpoint, Object request, MediaType mediaType) {
    public Key {
      Objects.requireNonNull(vendor, "vendor");
      Objects.requireNonNull(endpoint, "endpoint");
      Objects.requireNonNull(request, "request");
      Objects.requireNonNull(mediaType, "mediaType");
    }
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

  private final long maxBytes;
  private final Cache<Key, Entry> cache;
  private final ConcurrentHashMap<String, Counts> counts = new ConcurrentHashMap<>();

  /**
   * The id of each snapshot, given the first time one is looked up with; it registers the removal
   * of the snapshot's entries when its reader closes.
   */
  private final DerivedValue<Long> snapshotId =
      DerivedValue.of("response cache id", this::register);

  /**
   * A cache of at most {@code maxBytes}; 0 turns it off.
   *
   * @throws IllegalArgumentException when {@code maxBytes} is negative
   */
  public ResponseCache(long maxBytes) {
    if (maxBytes < 0) {
      throw new IllegalArgumentException("maxBytes must be >= 0 (got: " + maxBytes + ")");
    }
    this.maxBytes = maxBytes;
    this.cache =
        maxBytes == 0
            ? null
            : Caffeine.newBuilder()
                .maximumWeight(maxBytes)
                .weigher(
                    (Key key, Entry entry) -> (int) Math.min(Integer.MAX_VALUE, entry.weight()))
                // Evictions and removals run on the caller's thread: the counts are exact when
                // read, and no executor task outlives the server.
                .executor(Runnable::run)
                .build();
  }

  /** Whether the cache keeps anything (its size is not 0). */
  public boolean enabled() {
    return cache != null;
  }

  /** The key of {@code request} on {@code endpoint} over {@code snapshot}, in {@code mediaType}. */
  public Key key(Snapshot snapshot, String endpoint, Object request, MediaType mediaType) {
    long id;
    try {
      id = snapshot.derived(snapshotId);
    } catch (java.io.IOException e) {
      throw new IllegalStateException("cannot happen: the id reads no index", e);
    }
    return new Key(snapshot.vendor(), id, endpoint, request, mediaType);
  }

  /** The entry of {@code key}, counted as a hit or a miss of its vendor. */
  public Optional<Entry> get(Key key) {
    Entry entry = cache.getIfPresent(key);
    Counts vendor = counts.get(key.vendor());
    if (vendor == null) {
      vendor = counts.computeIfAbsent(key.vendor(), v -> new Counts());
    }
    (entry == null ? vendor.misses : vendor.hits).increment();
    return Optional.ofNullable(entry);
  }

  /**
   * Keeps {@code entry} under {@code key}, unless it is larger than an eighth of the cache (one
   * page must not push out dozens).
   */
  public void put(Key key, Entry entry) {
    if (entry.weight() <= maxBytes / 8) {
      cache.put(key, entry);
    }
  }

  private long register(Snapshot snapshot) {
    long id = SNAPSHOT_IDS.incrementAndGet();
    IndexReader.CacheHelper helper = snapshot.reader().getReaderCacheHelper();
    // Every reader the index opens has one; without it, the old entries still are never served
    // and age out of the bound.
    if (helper != null) {
      helper.addClosedListener(closed -> removeSnapshot(id));
    }
    return id;
  }

  /** Removes the entries of snapshot {@code id}; its reader closed. */
  private void removeSnapshot(long id) {
    cache.asMap().keySet().removeIf(key -> key.snapshot() == id);
  }

  /** The bytes held: bodies plus the per-entry estimate. */
  public long bytes() {
    if (cache == null) {
      return 0;
    }
    cache.cleanUp();
    return cache.policy().eviction().orElseThrow().weightedSize().orElse(0);
  }

  /** The replies held. */
  public long entries() {
    if (cache == null) {
      return 0;
    }
    cache.cleanUp();
    return cache.estimatedSize();
  }

  @Override
  public MetricSnapshots collect() {
    List<CounterDataPointSnapshot> hits = new ArrayList<>();
    List<CounterDataPointSnapshot> misses = new ArrayList<>();
    for (Map.Entry<String, Counts> vendor : new TreeMap<>(counts).entrySet()) {
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
}

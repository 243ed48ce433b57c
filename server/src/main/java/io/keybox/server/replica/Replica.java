package io.keybox.server.replica;

import io.keybox.server.index.VendorIndexes;
import io.keybox.server.index.VendorStatus;
import io.keybox.store.FetchException;
import io.keybox.store.FetchResult;
import io.keybox.store.Fetcher;
import io.keybox.store.Layout;
import io.keybox.store.Store;
import java.io.Closeable;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A query node's follower of a {@link Store} ({@code keybox serve --replica-of}): about every
 * {@code poll} it lists the vendors under the store's prefix (one request), and for each runs its
 * {@link Fetcher} into {@code DIR/<vendor>}, which reads the vendor's pointer with a conditional
 * GET and, when it changed, downloads and verifies the files the folder lacks and writes the commit
 * point last. The node's normal snapshot refresh ({@link VendorIndexes}' refresh thread) then finds
 * the new commit and swaps to it, or opens a vendor it did not serve yet: an empty data directory
 * starts from the store alone. Nothing here swaps snapshots itself.
 *
 * <p>Old files: each fetcher removes a file of an older commit only when the folder's latest commit
 * does not name it AND {@link VendorIndexes#inUse} says no open reader's commit names it, i.e. no
 * snapshot still served or still leased by a request reads it. The index side tracks that from
 * Lucene's own reader life cycle (each reader's commit files, forgotten when Lucene closes the
 * reader after its last reference), the rule Lucene's {@code IndexFileDeleter} applies to the
 * commits a writer keeps. A file kept because a long request still leases its snapshot is removed
 * at a later poll (every poll of an unchanged vendor cleans up too).
 *
 * <p>Failures: when the store cannot be reached, or an object fails its length or checksum check,
 * or a publication is malformed, the fetcher leaves the folder's last good commit in place, so the
 * node keeps serving it. The failure is logged (once until the vendor recovers, then the recovery),
 * reported per vendor in {@code /-/health} through {@link #replication} ({@code stale} once no poll
 * succeeded for {@code staleAfter}) and counted in {@code /-/metrics} by {@link ReplicaMetrics}.
 *
 * <p>Thread-safe; one background thread polls. Vendors are fetched one after the other: a vendor
 * whose download is long delays the others' polls by as much, which a node serving a few vendors
 * can take and which keeps the node's disk and network use to one download at a time.
 */
public final class Replica implements Closeable {
  private static final System.Logger LOG = System.getLogger(Replica.class.getName());

  private final Store store;
  private final Path dataDir;
  private final VendorIndexes indexes;
  private final Duration staleAfter;
  private final Clock clock;
  private final Instant started;
  private final Map<String, FollowedVendor> vendors = new ConcurrentHashMap<>();
  private final ReplicaMetrics metrics;
  private final ScheduledExecutorService thread;
  private volatile boolean listingFailed;

  /**
   * A follower of {@code store} into {@code dataDir}, served by {@code indexes}; not polling until
   * {@link #start}. {@code staleAfter} is how long without a successful poll makes a vendor stale.
   */
  public Replica(
      Store store, Path dataDir, VendorIndexes indexes, Duration staleAfter, Clock clock) {
    this.store = store;
    this.dataDir = dataDir;
    this.indexes = indexes;
    this.staleAfter = staleAfter;
    this.clock = clock;
    this.started = clock.instant();
    this.metrics = new ReplicaMetrics(this);
    this.thread =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "keybox-replica");
              t.setDaemon(true);
              return t;
            });
  }

  /**
   * Polls the store now and then every {@code poll}, and reports each vendor's replication in
   * {@code indexes}' status.
   */
  public void start(Duration poll) {
    indexes.reportReplication(this::replication);
    thread.scheduleWithFixedDelay(this::pollQuietly, 0, poll.toMillis(), TimeUnit.MILLISECONDS);
  }

  /** The Prometheus collector of this follower's state; register it with the server's registry. */
  public ReplicaMetrics metrics() {
    return metrics;
  }

  /**
   * Polls once: lists the store's vendors and fetches each one whose publication changed. A failure
   * is recorded and logged, never thrown.
   */
  void poll() {
    List<String> listed;
    try {
      listed = Layout.vendors(store);
    } catch (IOException | RuntimeException e) {
      if (!listingFailed) {
        LOG.log(
            Level.WARNING,
            "replica: cannot list the vendors of {0}; serving the last good commits ({1})",
            store.describe(""),
            e.toString());
      }
      listingFailed = true;
      String why =
          FetchException.Reason.STORE_UNAVAILABLE + ": cannot list the store: " + e.getMessage();
      vendors.values().forEach(vendor -> vendor.failed(why));
      metrics.pollFailed();
      return;
    }
    if (listingFailed) {
      LOG.log(Level.INFO, "replica: {0} can be listed again", store.describe(""));
      listingFailed = false;
    }
    for (String vendor : listed) {
      FollowedVendor followed =
          vendors.computeIfAbsent(
              vendor,
              v ->
                  new FollowedVendor(
                      v,
                      new Fetcher(store, v, dataDir.resolve(v), name -> indexes.inUse(v, name))));
      followed.poll();
    }
  }

  private void pollQuietly() {
    try {
      poll();
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "replica: poll failed; serving the last good commits", e);
    }
  }

  /** How {@code vendor} follows the store, for {@code /-/health}; empty when it is not in it. */
  public Optional<VendorStatus.Replication> replication(String vendor) {
    FollowedVendor followed = vendors.get(vendor);
    if (followed == null) {
      return Optional.empty();
    }
    return Optional.of(
        new VendorStatus.Replication(
            Optional.ofNullable(followed.lastSuccess), stale(followed), followed.lastError));
  }

  /** The vendors followed so far (the store listed them once at least). */
  Collection<FollowedVendor> followed() {
    return vendors.values();
  }

  /** Whether no poll of {@code vendor} succeeded for {@code staleAfter}. */
  boolean stale(FollowedVendor vendor) {
    Instant since = vendor.lastSuccess != null ? vendor.lastSuccess : started;
    return Duration.between(since, clock.instant()).compareTo(staleAfter) > 0;
  }

  /** Stops polling; a fetch under way is interrupted at its next file. */
  @Override
  public void close() throws IOException {
    thread.shutdownNow();
    try {
      if (!thread.awaitTermination(10, TimeUnit.SECONDS)) {
        LOG.log(Level.WARNING, "replica: the poll thread did not stop within 10 s");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    store.close();
  }

  /** One vendor's fetcher and what its polls did; written by the poll thread only. */
  final class FollowedVendor {
    final String vendor;
    private final Fetcher fetcher;
    volatile Instant lastSuccess;
    volatile Optional<String> lastError = Optional.empty();
    volatile long sequence;
    volatile long generation;
    volatile long downloadedFiles;
    volatile long downloadedBytes;
    volatile long failures;

    FollowedVendor(String vendor, Fetcher fetcher) {
      this.vendor = vendor;
      this.fetcher = fetcher;
    }

    void poll() {
      FetchResult result;
      try {
        result = fetcher.fetch();
      } catch (FetchException e) {
        failed(e.getMessage());
        return;
      } catch (RuntimeException e) {
        failed(e.toString());
        return;
      }
      if (lastError.isPresent()) {
        LOG.log(
            Level.INFO,
            "replica: vendor {0}: the store answers again (publication {1})",
            vendor,
            result.sequence());
      }
      lastError = Optional.empty();
      lastSuccess = clock.instant();
      sequence = result.sequence();
      generation = result.generation();
      downloadedFiles += result.downloaded();
      downloadedBytes += result.downloadedBytes();
      if (result.outcome() == FetchResult.Outcome.UPDATED) {
        LOG.log(
            Level.INFO,
            "replica: vendor {0}: fetched publication {1} (generation {2}): {3} files, {4} bytes"
                + " downloaded, {5} already here",
            vendor,
            result.sequence(),
            result.generation(),
            result.downloaded(),
            result.downloadedBytes(),
            result.reused());
      }
    }

    void failed(String why) {
      failures++;
      if (lastError.isEmpty()) {
        LOG.log(
            Level.WARNING,
            "replica: vendor {0}: fetch failed; serving its last good commit ({1})",
            vendor,
            why);
      }
      lastError = Optional.of(why);
    }
  }
}

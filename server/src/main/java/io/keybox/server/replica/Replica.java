package io.keybox.server.replica;

import io.keybox.server.index.VendorIndexes;
import io.keybox.store.FetchException;
import io.keybox.store.Fetcher;
import io.keybox.store.Layout;
import io.keybox.store.ReplicaFolder;
import io.keybox.store.Store;
import io.keybox.store.Transfers;
import java.io.Closeable;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A query node's follower of a {@link Store} ({@code keybox serve --replica-of}): about every
 * {@code poll} it lists the vendors under the store's prefix (one request), and runs each vendor's
 * {@link Fetcher} into {@code DIR/<vendor>}, several vendors at once. A fetcher reads the vendor's
 * pointer with a conditional GET and, when it changed, downloads and verifies the objects it lacks
 * (several at once, through one {@link Transfers} the node's fetchers share), links the new
 * publication into a directory of its own and switches the vendor's {@code current} link to it in
 * one rename. Then the index side is asked to refresh ({@link VendorIndexes#refresh}, on its own
 * thread), and the vendor's snapshot manager opens the new directory: no file a reader uses is ever
 * replaced, and a node killed at any instant restarts on a complete publication. An empty data
 * directory starts from the store alone.
 *
 * <p>Old publications are deleted by the index side when their last reader closes; their pool files
 * no publication links to any more are removed by the fetcher at its next poll.
 *
 * <p>A vendor the store no longer lists is followed for {@code staleAfter} more (a listing can miss
 * it while it is republished from scratch), then dropped with a log line: its {@code current} link
 * is removed, so the node stops serving it at once, and its folder is emptied as its last readers
 * close. A vendor folder of this layout that the store does not list when the node starts is
 * treated the same way.
 *
 * <p>Failures: when the store cannot be reached, or an object fails its length or checksum check,
 * or a publication is malformed, the vendor's {@code current} publication stays, so the node keeps
 * serving it. The failure is logged (once until the vendor recovers, then the recovery), reported
 * per vendor through {@link #replication} (which {@code /-/health} shows) ({@code stale} once no
 * poll succeeded for {@code staleAfter}) and counted in {@code /-/metrics} by {@link
 * ReplicaMetrics}.
 *
 * <p>Thread-safe; one background thread polls, and {@link #close} interrupts the transfers under
 * way, which stop at their next chunk.
 */
public final class Replica implements Closeable {
  private static final System.Logger LOG = System.getLogger(Replica.class.getName());

  /** Vendors fetched at once. */
  static final int PARALLEL_VENDORS = 4;

  private final Store store;
  private final Path dataDir;
  private final VendorIndexes indexes;
  private final Duration staleAfter;
  private final Clock clock;
  private final Instant started;
  private final Map<String, FollowedVendor> vendors = new ConcurrentHashMap<>();
  private final ReplicaMetrics metrics;
  private final Transfers transfers;
  private final ExecutorService vendorThreads;
  private final ScheduledExecutorService thread;
  private volatile boolean listingFailed;
  private boolean listedOnce;

  /**
   * A follower of {@code store} into {@code dataDir}, served by {@code indexes}, downloading at
   * most {@code parallel} objects at once; not polling until {@link #start}. {@code staleAfter} is
   * how long without a successful poll makes a vendor stale, and how long a vendor the store no
   * longer lists is kept.
   */
  public Replica(
      Store store,
      Path dataDir,
      VendorIndexes indexes,
      Duration staleAfter,
      Clock clock,
      int parallel) {
    this.store = store;
    this.dataDir = dataDir;
    this.indexes = indexes;
    this.staleAfter = staleAfter;
    this.clock = clock;
    this.started = clock.instant();
    this.metrics = new ReplicaMetrics(this);
    this.transfers = new Transfers(parallel, "keybox-replica-transfer");
    this.vendorThreads =
        Executors.newFixedThreadPool(PARALLEL_VENDORS, daemon("keybox-replica-vendor"));
    this.thread = Executors.newSingleThreadScheduledExecutor(daemon("keybox-replica"));
  }

  /** As above, with {@link Transfers#DEFAULT_PARALLEL} transfers at once. */
  public Replica(
      Store store, Path dataDir, VendorIndexes indexes, Duration staleAfter, Clock clock) {
    this(store, dataDir, indexes, staleAfter, clock, Transfers.DEFAULT_PARALLEL);
  }

  private static ThreadFactory daemon(String name) {
    return Thread.ofPlatform().name(name + "-", 1).daemon().factory();
  }

  /** Polls the store now and then every {@code poll}. */
  public void start(Duration poll) {
    thread.scheduleWithFixedDelay(this::pollQuietly, 0, poll.toMillis(), TimeUnit.MILLISECONDS);
  }

  /** The Prometheus collector of this follower's state; register it with the server's registry. */
  public ReplicaMetrics metrics() {
    return metrics;
  }

  /**
   * Polls once: lists the store's vendors and fetches each one whose publication changed, several
   * at once, then drops the vendors missing for {@code staleAfter}. A failure is recorded and
   * logged, never thrown.
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
    if (!listedOnce) {
      listedOnce = true;
      followLocalFolders();
    }
    List<Future<?>> polls = new ArrayList<>();
    for (String vendor : listed) {
      FollowedVendor followed = vendors.computeIfAbsent(vendor, this::follow);
      polls.add(vendorThreads.submit(followed::poll));
    }
    for (Future<?> poll : polls) {
      try {
        poll.get();
      } catch (InterruptedException e) {
        polls.forEach(p -> p.cancel(true));
        Thread.currentThread().interrupt();
        return;
      } catch (ExecutionException e) {
        LOG.log(Level.WARNING, "replica: a vendor's poll failed", e.getCause());
      }
    }
    Instant now = clock.instant();
    for (FollowedVendor followed : List.copyOf(vendors.values())) {
      if (listed.contains(followed.vendor) && followed.published) {
        followed.missingSince = null;
      } else {
        followed.missing(now);
      }
    }
  }

  private FollowedVendor follow(String vendor) {
    return new FollowedVendor(
        vendor, new Fetcher(store, vendor, dataDir.resolve(vendor), transfers), this);
  }

  /**
   * Follows the vendor folders this node holds from an earlier run, so that one the store no longer
   * lists is dropped in time too.
   */
  private void followLocalFolders() {
    if (!Files.isDirectory(dataDir)) {
      return;
    }
    try (Stream<Path> folders = Files.list(dataDir)) {
      for (Path folder : folders.toList()) {
        String name = folder.getFileName().toString();
        if (ReplicaFolder.isReplica(folder) && Layout.isVendor(name)) {
          vendors.computeIfAbsent(name, this::follow);
        }
      }
    } catch (IOException e) {
      LOG.log(Level.WARNING, "replica: cannot list " + dataDir, e);
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
  public Optional<ReplicaStatus> replication(String vendor) {
    FollowedVendor followed = vendors.get(vendor);
    if (followed == null) {
      return Optional.empty();
    }
    return Optional.of(
        new ReplicaStatus(
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

  /**
   * Stops polling: the transfers under way are interrupted and stop at their next chunk (the
   * vendors keep their current publication; what was verified stays in the pool for the next run).
   */
  @Override
  public void close() throws IOException {
    thread.shutdownNow();
    vendorThreads.shutdownNow();
    transfers.close();
    try {
      if (!thread.awaitTermination(10, TimeUnit.SECONDS)
          || !vendorThreads.awaitTermination(10, TimeUnit.SECONDS)) {
        LOG.log(Level.WARNING, "replica: the poll threads did not stop within 10 s");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    store.close();
  }

  /** Asks the index side to open what was put in place; a failure is retried by its thread. */
  void refreshIndexes() {
    try {
      indexes.refresh();
    } catch (java.io.InterruptedIOException e) {
      // The replica is stopping (close interrupts its threads): nothing failed.
      Thread.currentThread().interrupt();
      LOG.log(Level.DEBUG, "replica: stopping while the index refresh ran");
    } catch (IOException e) {
      LOG.log(Level.WARNING, "replica: the index refresh failed; it is retried shortly", e);
    }
  }

  /** Stops following {@code followed} (the vendor left the store). */
  void forget(FollowedVendor followed) {
    vendors.remove(followed.vendor, followed);
  }

  Clock clock() {
    return clock;
  }

  Duration staleAfter() {
    return staleAfter;
  }

  Path dataDir() {
    return dataDir;
  }

  /** The store's location, for messages. */
  String storeName() {
    return store.describe("");
  }
}

package io.keybox.server.index;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.lang.System.Logger.Level;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.lucene.search.ReferenceManager;
import org.apache.lucene.store.AlreadyClosedException;

/**
 * The background thread of one {@link VendorIndexes}: about every {@code refreshMillis} it swaps in
 * each vendor's new commit, opens the vendors whose first index appeared, and recovers from
 * failures; on the same thread it runs the {@link SnapshotWarmer}s on each snapshot once served.
 *
 * <p>Each vendor is refreshed on its own: one that fails keeps serving its last snapshot and never
 * holds back the others. A vendor whose index is gone (its folder removed, or its replica's {@code
 * current} link, when the vendor left the store) is dropped; if an index appears there again, it is
 * opened afresh. A vendor whose refresh fails while its index is there (rebuilt from scratch under
 * the open reader, say) is reopened from its latest commit. A lasting failure is logged once, until
 * the vendor recovers.
 *
 * <p>Every refresh runs on the refresher's own thread, the scheduled ones and those asked for by
 * {@link #refresh()}, which waits for it: two never overlap.
 */
final class IndexRefresher implements AutoCloseable {
  private static final System.Logger LOG = System.getLogger(IndexRefresher.class.getName());

  /**
   * How long the warm-up of the snapshots a server opens at its start waits: the start and its
   * first searches come first. The OPTIONS values, counted from every listing's facet values, take
   * about 0.4 s at 1M listings, and on 2 cores, done at once, they made a fresh server answer its
   * first search 0.4 to 0.9 s later (bench/README, "Optimisations"). A request that comes before
   * computes what it needs itself. Snapshots of a later swap, or vendors found later, are warmed at
   * once.
   */
  static final long WARM_UP_AFTER_START_MILLIS = 2000;

  private final VendorIndexes indexes;
  private final long refreshMillis;
  private final long warmUpAfterStartMillis;
  private final ScheduledExecutorService thread;
  private final List<SnapshotWarmer> warmers = new CopyOnWriteArrayList<>();
  private final long startedNanos = System.nanoTime();

  /** Vendors whose last refresh or opening failed, so that a lasting failure is logged once. */
  private final Set<String> failing = ConcurrentHashMap.newKeySet();

  IndexRefresher(VendorIndexes indexes, long refreshMillis, long warmUpAfterStartMillis) {
    this.indexes = indexes;
    this.refreshMillis = refreshMillis;
    this.warmUpAfterStartMillis = warmUpAfterStartMillis;
    this.thread =
        Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().name("keybox-refresh").daemon().factory());
  }

  /**
   * Opens every vendor with an index (on the refresher's thread; returns when done), then refreshes
   * in the background.
   *
   * @throws IOException when the data directory cannot be listed
   */
  void start() throws IOException {
    onThread(() -> discover(warmUpAfterStartMillis));
    thread.scheduleWithFixedDelay(
        this::refreshQuietly, refreshMillis, refreshMillis, TimeUnit.MILLISECONDS);
  }

  /** See {@link VendorIndexes#refresh()}: runs on the refresher's thread and waits for it. */
  void refresh() throws IOException {
    onThread(this::refreshHere);
  }

  private void refreshHere() throws IOException {
    discover(0);
    for (Map.Entry<String, SnapshotManager> vendor : indexes.served().entrySet()) {
      refresh(vendor.getKey(), vendor.getValue());
    }
  }

  /** A step that may fail with an {@link IOException}. */
  private interface Step {
    void run() throws IOException;
  }

  /** Runs {@code step} on the refresher's thread, after what it is doing, and waits for it. */
  private void onThread(Step step) throws IOException {
    Future<Void> done;
    try {
      done =
          thread.submit(
              () -> {
                step.run();
                return null;
              });
    } catch (RejectedExecutionException closed) {
      throw new IOException("the index refresher is closed", closed);
    }
    try {
      done.get();
    } catch (InterruptedException e) {
      done.cancel(false);
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while waiting for the index refresh");
    } catch (ExecutionException e) {
      if (e.getCause() instanceof IOException io) {
        throw io;
      }
      if (e.getCause() instanceof RuntimeException runtime) {
        throw runtime;
      }
      throw new IllegalStateException(e.getCause());
    }
  }

  /** See {@link VendorIndexes#warmUp(SnapshotWarmer)}. */
  void warmUp(SnapshotWarmer warmer) {
    warmers.add(warmer);
    long sinceStart = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startedNanos);
    long after = Math.max(0, warmUpAfterStartMillis - sinceStart);
    indexes.served().forEach((vendor, manager) -> warmUp(vendor, manager, after));
  }

  private void refresh(String vendor, SnapshotManager manager) {
    try {
      manager.maybeRefresh();
      failing.remove(vendor);
    } catch (IOException | RuntimeException e) {
      recover(vendor, manager, e);
    }
  }

  /** After {@code manager} failed to refresh: drop the vendor, reopen it, or keep it and say so. */
  private void recover(String vendor, SnapshotManager manager, Exception failure) {
    if (!indexes.hasCommit(vendor)) {
      indexes.drop(vendor, manager, failure);
      failing.remove(vendor);
      return;
    }
    try {
      followed(vendor, indexes.reopen(vendor, manager, failure), 0);
      failing.remove(vendor);
    } catch (IOException | RuntimeException e) {
      e.addSuppressed(failure);
      if (failing.add(vendor)) {
        LOG.log(
            Level.WARNING,
            "vendor " + vendor + ": cannot refresh; serving its previous snapshot meanwhile",
            e);
      }
    }
  }

  private void refreshQuietly() {
    try {
      refreshHere();
    } catch (IOException | RuntimeException e) {
      LOG.log(Level.WARNING, "index refresh failed; serving the previous snapshots", e);
    }
  }

  /** Opens the vendors not served yet; they are warmed {@code warmUpAfter} ms on. */
  private void discover(long warmUpAfter) throws IOException {
    for (String vendor : indexes.published()) {
      if (!indexes.served().containsKey(vendor)) {
        try {
          followed(vendor, indexes.open(vendor), warmUpAfter);
          failing.remove(vendor);
        } catch (IOException | RuntimeException e) {
          if (failing.add(vendor)) {
            LOG.log(Level.WARNING, "vendor " + vendor + ": cannot open its index", e);
          }
        }
      }
    }
  }

  /**
   * Warms {@code manager}'s current snapshot {@code warmUpAfter} ms from now, and each snapshot it
   * swaps to at once.
   */
  private SnapshotManager followed(String vendor, SnapshotManager manager, long warmUpAfter) {
    warmUp(vendor, manager, warmUpAfter);
    manager.addListener(
        new ReferenceManager.RefreshListener() {
          @Override
          public void beforeRefresh() {}

          @Override
          public void afterRefresh(boolean didRefresh) {
            if (didRefresh) {
              warmUp(vendor, manager, 0);
            }
          }
        });
    return manager;
  }

  /**
   * Runs the warmers on {@code manager}'s current snapshot on the refresh thread, {@code after} ms
   * from now and after whatever it is doing then: off the path of a server's start and of a swap. A
   * failure is logged; requests then compute what they need themselves.
   */
  private void warmUp(String vendor, SnapshotManager manager, long after) {
    if (warmers.isEmpty()) {
      return;
    }
    try {
      thread.schedule(() -> warmUpNow(vendor, manager), after, TimeUnit.MILLISECONDS);
    } catch (RejectedExecutionException closing) {
      // The server is closing: nobody will ask.
    }
  }

  private void warmUpNow(String vendor, SnapshotManager manager) {
    try (Lease lease = manager.lease()) {
      for (SnapshotWarmer warmer : warmers) {
        warmer.warm(lease.snapshot());
      }
    } catch (AlreadyClosedException replaced) {
      // Dropped or reopened since: its successor is warmed on its own.
    } catch (IOException | RuntimeException e) {
      LOG.log(
          Level.WARNING,
          "vendor " + vendor + ": cannot warm its snapshot yet; requests will try again",
          e);
    }
  }

  /** Stops the thread; a warm-up under way holds a lease, so it is let end first. */
  @Override
  public void close() {
    thread.shutdownNow();
    try {
      if (!thread.awaitTermination(10, TimeUnit.SECONDS)) {
        LOG.log(Level.WARNING, "the index refresh thread did not stop within 10 s; closing anyway");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}

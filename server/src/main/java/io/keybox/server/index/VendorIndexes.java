package io.keybox.server.index;

import io.keybox.schema.RecordKind;
import io.keybox.schema.SchemaVersion;
import io.keybox.schema.VendorName;
import io.keybox.server.error.IndexUnavailableException;
import java.io.Closeable;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.search.ReferenceManager;
import org.apache.lucene.store.AlreadyClosedException;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;

/**
 * The snapshot managers of every vendor under the data directory ({@code DIR/<vendor>/index}). A
 * background thread refreshes each vendor about every {@code refreshMillis} and opens vendors whose
 * first index appears while the server runs, so they become servable without a restart.
 *
 * <p>Each vendor is refreshed on its own: one that fails keeps serving its last snapshot and never
 * holds back the others. A vendor whose index is gone (its folder removed) is no longer served; if
 * an index appears there again, it is opened afresh. A vendor whose refresh fails while its index
 * is there (rebuilt from scratch under the open reader, say) is reopened from its latest commit.
 */
public final class VendorIndexes implements Closeable {
  private static final System.Logger LOG = System.getLogger(VendorIndexes.class.getName());

  /**
   * How long the OPTIONS values of the snapshots a server opens at its start wait: the start and
   * its first searches come first. Counting every listing's facet values takes about 0.4 s at 1M
   * listings, and on 2 cores, done at once, it made a fresh server answer its first search 0.4 to
   * 0.9 s later (bench/README, "Optimisations"). An OPTIONS request that comes before computes them
   * itself. Snapshots of a later swap, or vendors found later, have theirs prepared at once.
   */
  public static final long OPTIONS_AFTER_START_MILLIS = 2000;

  private final Path dataDir;
  private final Map<String, SnapshotManager> managers = new ConcurrentHashMap<>();
  private final Map<String, Directory> directories = new ConcurrentHashMap<>();
  private final ScheduledExecutorService refresher;

  /** Vendors whose last refresh or opening failed, so that a lasting failure is logged once. */
  private final Set<String> failing = ConcurrentHashMap.newKeySet();

  /**
   * Opens every vendor index under {@code dataDir} and starts refreshing. A vendor whose index
   * cannot be opened is logged and left unserved (503) until a later refresh opens it.
   *
   * @throws IOException when the data directory cannot be listed
   */
  public VendorIndexes(Path dataDir, long refreshMillis) throws IOException {
    this(dataDir, refreshMillis, OPTIONS_AFTER_START_MILLIS);
  }

  /**
   * As {@link #VendorIndexes(Path, long)}, preparing the OPTIONS values of the snapshots opened at
   * the start {@code optionsAfterStartMillis} later (see {@link #OPTIONS_AFTER_START_MILLIS}).
   *
   * @throws IOException when the data directory cannot be listed
   */
  public VendorIndexes(Path dataDir, long refreshMillis, long optionsAfterStartMillis)
      throws IOException {
    this.dataDir = dataDir;
    this.refresher =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread thread = new Thread(r, "keybox-refresh");
              thread.setDaemon(true);
              return thread;
            });
    try {
      discover(optionsAfterStartMillis);
    } catch (IOException | RuntimeException e) {
      try {
        close();
      } catch (IOException suppressed) {
        e.addSuppressed(suppressed);
      }
      throw e;
    }
    refresher.scheduleWithFixedDelay(
        this::refreshQuietly, refreshMillis, refreshMillis, TimeUnit.MILLISECONDS);
  }

  /**
   * Leases the current snapshot of {@code vendor}.
   *
   * @throws IndexUnavailableException when the vendor has no index (yet)
   */
  public Lease lease(String vendor) {
    while (true) {
      SnapshotManager manager = managers.get(vendor);
      if (manager == null) {
        throw new IndexUnavailableException("vendor " + vendor + " has no index yet");
      }
      try {
        return manager.lease();
      } catch (AlreadyClosedException e) {
        // Replaced by a reopened manager, or dropped, between the lookup and the lease.
        if (managers.get(vendor) == manager) {
          throw e;
        }
      } catch (IOException e) {
        throw new IllegalStateException("cannot acquire the snapshot of vendor " + vendor, e);
      }
    }
  }

  /** Whether {@code vendor} has an index open. */
  public boolean has(String vendor) {
    return managers.containsKey(vendor);
  }

  /**
   * The status of each of {@code configured} (the vendors the keys file names) and of every vendor
   * with a commit under the data directory ({@code DIR/<vendor>/index}; a folder whose first run
   * has not published is left out unless configured), sorted by name. Each served vendor's snapshot
   * is leased just long enough to count its records.
   */
  public List<VendorStatus> status(Collection<String> configured) throws IOException {
    SortedSet<String> vendors = new TreeSet<>(configured);
    vendors.addAll(managers.keySet());
    if (Files.isDirectory(dataDir)) {
      try (var folders = Files.list(dataDir)) {
        folders
            .filter(folder -> VendorName.isValid(folder.getFileName().toString()))
            .filter(folder -> hasCommit(folder.resolve("index")))
            .map(folder -> folder.getFileName().toString())
            .forEach(vendors::add);
      }
    }
    List<VendorStatus> status = new ArrayList<>();
    for (String vendor : vendors) {
      if (!managers.containsKey(vendor)) {
        status.add(new VendorStatus(vendor, Optional.empty()));
        continue;
      }
      Lease lease;
      try {
        lease = lease(vendor);
      } catch (IndexUnavailableException dropped) {
        status.add(new VendorStatus(vendor, Optional.empty()));
        continue;
      }
      try (lease) {
        Snapshot snapshot = lease.snapshot();
        status.add(
            new VendorStatus(
                vendor,
                Optional.of(
                    new VendorStatus.Served(
                        snapshot.generation(),
                        snapshot.refreshTime(),
                        snapshot.count(RecordKind.LISTING),
                        snapshot.count(RecordKind.OPEN_HOUSE),
                        snapshot.count(RecordKind.AGENT),
                        snapshot.schemaVersion()))));
      }
    }
    return status;
  }

  /**
   * Refreshes every vendor now and opens new ones; used by the background thread and tests. A
   * vendor that fails is logged (once until it recovers) and keeps its snapshot; the others go on.
   *
   * @throws IOException when the data directory cannot be listed
   */
  public void refresh() throws IOException {
    discover(0);
    for (Map.Entry<String, SnapshotManager> vendor : managers.entrySet()) {
      refresh(vendor.getKey(), vendor.getValue());
    }
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
    Path indexDir = indexDir(vendor);
    if (!hasCommit(indexDir)) {
      drop(vendor, manager);
      LOG.log(
          Level.WARNING,
          "vendor {0}: no index at {1} any more; no longer served ({2})",
          vendor,
          indexDir,
          failure.toString());
      return;
    }
    try {
      SnapshotManager reopened =
          followSwaps(vendor, new SnapshotManager(vendor, directory(vendor, indexDir)), 0);
      managers.put(vendor, reopened);
      close(manager);
      failing.remove(vendor);
      LOG.log(
          Level.WARNING,
          "vendor {0}: reopened at index generation {1} after a failed refresh ({2})",
          vendor,
          generation(reopened),
          failure.toString());
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

  private void drop(String vendor, SnapshotManager manager) {
    managers.remove(vendor, manager);
    close(manager);
    failing.remove(vendor);
    Directory directory = directories.remove(vendor);
    if (directory != null) {
      try {
        directory.close();
      } catch (IOException e) {
        LOG.log(Level.DEBUG, "closing the directory of vendor " + vendor, e);
      }
    }
  }

  /** Closes {@code manager}; leases already taken keep their snapshot until they end. */
  private static void close(SnapshotManager manager) {
    try {
      manager.close();
    } catch (IOException e) {
      LOG.log(Level.DEBUG, "closing a snapshot manager", e);
    }
  }

  private void refreshQuietly() {
    try {
      refresh();
    } catch (IOException | RuntimeException e) {
      LOG.log(Level.WARNING, "index refresh failed; serving the previous snapshots", e);
    }
  }

  /**
   * Opens the vendors not served yet; their OPTIONS values are prepared {@code optionsAfter} ms on.
   */
  private void discover(long optionsAfter) throws IOException {
    if (!Files.isDirectory(dataDir)) {
      return;
    }
    try (var vendors = Files.list(dataDir)) {
      for (Path vendorDir : (Iterable<Path>) vendors::iterator) {
        String vendor = vendorDir.getFileName().toString();
        if (VendorName.isValid(vendor)
            && !managers.containsKey(vendor)
            && hasCommit(indexDir(vendor))) {
          try {
            managers.put(vendor, open(vendor, optionsAfter));
            failing.remove(vendor);
          } catch (IOException | RuntimeException e) {
            if (failing.add(vendor)) {
              LOG.log(Level.WARNING, "vendor " + vendor + ": cannot open its index", e);
            }
          }
        }
      }
    }
  }

  private SnapshotManager open(String vendor, long optionsAfter) throws IOException {
    SnapshotManager manager = new SnapshotManager(vendor, directory(vendor, indexDir(vendor)));
    LOG.log(Level.INFO, "vendor {0}: serving index generation {1}", vendor, generation(manager));
    return followSwaps(vendor, manager, optionsAfter);
  }

  /**
   * Prepares the OPTIONS values of {@code manager}'s current snapshot {@code optionsAfter} ms from
   * now and of each snapshot it swaps to at once, and logs each swap, as operators read the log for
   * them.
   */
  private SnapshotManager followSwaps(String vendor, SnapshotManager manager, long optionsAfter) {
    prepareOptions(vendor, manager, optionsAfter);
    manager.addListener(
        new ReferenceManager.RefreshListener() {
          @Override
          public void beforeRefresh() {}

          @Override
          public void afterRefresh(boolean didRefresh) throws IOException {
            if (didRefresh) {
              LOG.log(
                  Level.INFO,
                  "vendor {0}: swapped to index generation {1}",
                  vendor,
                  generation(manager));
              prepareOptions(vendor, manager, 0);
            }
          }
        });
    return manager;
  }

  /**
   * Computes the OPTIONS values of {@code manager}'s current snapshot on the refresh thread, {@code
   * after} ms from now and after whatever it is doing then: off the path of a server's start and of
   * a swap (see {@link ListingState#options()}). A failure is logged; OPTIONS requests then try
   * again.
   */
  private void prepareOptions(String vendor, SnapshotManager manager, long after) {
    try {
      refresher.schedule(() -> prepareOptionsNow(vendor, manager), after, TimeUnit.MILLISECONDS);
    } catch (RejectedExecutionException closing) {
      // The server is closing: nobody will ask.
    }
  }

  private static void prepareOptionsNow(String vendor, SnapshotManager manager) {
    try (Lease lease = manager.lease()) {
      lease.snapshot().listings().options();
    } catch (AlreadyClosedException replaced) {
      // Dropped or reopened since: its successor prepares its own.
    } catch (IOException | RuntimeException e) {
      LOG.log(
          Level.WARNING,
          "vendor " + vendor + ": cannot list its OPTIONS values yet; requests will try again",
          e);
    }
  }

  private Path indexDir(String vendor) {
    return dataDir.resolve(vendor).resolve("index");
  }

  private Directory directory(String vendor, Path indexDir) {
    return directories.computeIfAbsent(vendor, v -> openDirectory(indexDir));
  }

  /** Whether {@code indexDir} holds a commit (a {@code segments_N} file). */
  private static boolean hasCommit(Path indexDir) {
    String[] files = indexDir.toFile().list();
    return files != null && SegmentInfos.getLastCommitGeneration(files) >= 0;
  }

  private static long generation(SnapshotManager manager) throws IOException {
    Snapshot snapshot = manager.acquire();
    try {
      warnIfEarlierSchema(snapshot);
      return snapshot.generation();
    } finally {
      manager.release(snapshot);
    }
  }

  /** Says so when a vendor's index was written by an earlier schema version than this build's. */
  private static void warnIfEarlierSchema(Snapshot snapshot) {
    if (snapshot.schemaVersion() < SchemaVersion.CURRENT) {
      LOG.log(
          Level.WARNING,
          "vendor {0}: its index was written by an earlier Keybox (schema {1}, now {2}: {3});"
              + " it is served as it is, run a full index of it",
          snapshot.vendor(),
          snapshot.schemaVersion(),
          SchemaVersion.CURRENT,
          SchemaVersion.changedSince(snapshot.schemaVersion()));
    }
  }

  private static Directory openDirectory(Path indexDir) {
    try {
      return FSDirectory.open(indexDir);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Override
  public void close() throws IOException {
    refresher.shutdownNow();
    try {
      // A computation in progress holds a lease: let it end before the directories close.
      if (!refresher.awaitTermination(10, TimeUnit.SECONDS)) {
        LOG.log(Level.WARNING, "the index refresh thread did not stop within 10 s; closing anyway");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    for (SnapshotManager manager : managers.values()) {
      manager.close();
    }
    for (Directory directory : directories.values()) {
      directory.close();
    }
  }
}

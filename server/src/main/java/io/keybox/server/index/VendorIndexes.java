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
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.lucene.search.ReferenceManager;
import org.apache.lucene.store.AlreadyClosedException;

/**
 * The snapshot managers of the vendors served from the data directory ({@code DIR/<vendor>/index},
 * or on a query node following a store {@code DIR/<vendor>/current}: see {@link VendorFolder}), and
 * the lease of a vendor's current snapshot. An {@link IndexRefresher} keeps them current on a
 * background thread once {@link #start started}: it swaps in each vendor's new commits, opens
 * vendors whose first index appears while the server runs, and drops or reopens a vendor whose
 * index went away or was rebuilt. Each open, swap, reopen and drop is logged here, as operators
 * read the log for them.
 *
 * <pre>{@code
 * try (VendorIndexes indexes = new VendorIndexes(dataDir, 500)) {
 *   indexes.start();                 // opens every vendor, then refreshes in the background
 *   indexes.warmUp(snapshot -> ...); // optional: derived state prepared once a snapshot is served
 *   try (Lease lease = indexes.lease(vendor)) {
 *     search(lease.snapshot(), request);
 *   }
 * }
 * }</pre>
 */
public final class VendorIndexes implements Closeable {
  private static final System.Logger LOG = System.getLogger(VendorIndexes.class.getName());

  private final Path dataDir;
  private final Map<String, SnapshotManager> managers = new ConcurrentHashMap<>();
  private final Map<String, VendorFolder> folders = new ConcurrentHashMap<>();
  private final IndexRefresher refresher;

  /**
   * The vendor indexes under {@code dataDir}, to be refreshed about every {@code refreshMillis}
   * once {@link #start started}.
   */
  public VendorIndexes(Path dataDir, long refreshMillis) {
    this(dataDir, refreshMillis, IndexRefresher.WARM_UP_AFTER_START_MILLIS);
  }

  /**
   * As {@link #VendorIndexes(Path, long)}, warming the snapshots opened at the start {@code
   * warmUpAfterStartMillis} later (see {@link IndexRefresher#WARM_UP_AFTER_START_MILLIS}).
   */
  public VendorIndexes(Path dataDir, long refreshMillis, long warmUpAfterStartMillis) {
    this.dataDir = dataDir;
    this.refresher = new IndexRefresher(this, refreshMillis, warmUpAfterStartMillis);
  }

  /**
   * Opens every vendor index under the data directory (returns once they are served), then
   * refreshes them in the background. A vendor whose index cannot be opened is logged and left
   * unserved (503) until a later refresh opens it.
   *
   * @throws IOException when the data directory cannot be listed
   */
  public void start() throws IOException {
    refresher.start();
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

  /** The data directory, one folder per vendor. */
  public Path dataDir() {
    return dataDir;
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
   *
   * @throws IOException when the data directory cannot be listed or an index read
   */
  public List<VendorStatus> status(Collection<String> configured) throws IOException {
    SortedSet<String> vendors = new TreeSet<>(configured);
    vendors.addAll(managers.keySet());
    vendors.addAll(published());
    List<VendorStatus> status = new ArrayList<>();
    for (String vendor : vendors) {
      Lease lease;
      try {
        lease = lease(vendor);
      } catch (IndexUnavailableException notServed) {
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
   * Refreshes every vendor now and opens new ones, on the background thread (after what it is
   * doing), and returns when done; for tests and for callers that just put a commit in place (a
   * replica's new publication). A vendor that fails is logged (once until it recovers) and keeps
   * its snapshot; the others go on.
   *
   * @throws IOException when the data directory cannot be listed
   */
  public void refresh() throws IOException {
    refresher.refresh();
  }

  /**
   * Has {@code warmer} warm each snapshot once it is served, on the refresh thread: the snapshots
   * served now once the start is over ({@link IndexRefresher#WARM_UP_AFTER_START_MILLIS} after this
   * object was made), those of later swaps and of vendors found later at once.
   */
  public void warmUp(SnapshotWarmer warmer) {
    refresher.warmUp(warmer);
  }

  /** The vendors served now, with their managers (a live view; for the refresher). */
  Map<String, SnapshotManager> served() {
    return managers;
  }

  /**
   * The vendors with a published index under the data directory: each folder whose name is a vendor
   * name and that holds a commit (see {@link VendorFolder}), sorted by name.
   *
   * @throws IOException when the data directory cannot be listed
   */
  SortedSet<String> published() throws IOException {
    SortedSet<String> vendors = new TreeSet<>();
    if (Files.isDirectory(dataDir)) {
      try (var folders = Files.list(dataDir)) {
        folders
            .map(folder -> folder.getFileName().toString())
            .filter(VendorName::isValid)
            .filter(vendor -> VendorFolder.hasCommit(dataDir.resolve(vendor)))
            .forEach(vendors::add);
      }
    }
    return vendors;
  }

  /** Whether {@code vendor}'s folder holds a commit (a {@code segments_N} file). */
  boolean hasCommit(String vendor) {
    return VendorFolder.hasCommit(dataDir.resolve(vendor));
  }

  /**
   * Opens {@code vendor}'s index and serves it.
   *
   * @throws IOException when it cannot be opened; the vendor stays unserved
   */
  SnapshotManager open(String vendor) throws IOException {
    SnapshotManager manager = logged(vendor, newManager(vendor));
    try {
      LOG.log(Level.INFO, "vendor {0}: serving index generation {1}", vendor, generation(manager));
    } catch (IOException | RuntimeException e) {
      close(manager);
      throw e;
    }
    managers.put(vendor, manager);
    folder(vendor).deleteRetired(true); // a replica's publications left from before a restart
    return manager;
  }

  /**
   * Opens {@code vendor}'s index afresh from its latest commit in place of {@code failed}, whose
   * refresh failed with {@code failure}. Leases already taken keep their snapshot until they end.
   *
   * @throws IOException when it cannot be opened; {@code failed} stays served
   */
  SnapshotManager reopen(String vendor, SnapshotManager failed, Exception failure)
      throws IOException {
    SnapshotManager reopened = logged(vendor, newManager(vendor));
    managers.put(vendor, reopened);
    close(failed);
    LOG.log(
        Level.WARNING,
        "vendor {0}: reopened at index generation {1} after a failed refresh ({2})",
        vendor,
        generation(reopened),
        failure.toString());
    return reopened;
  }

  /**
   * Stops serving {@code vendor}, whose index went away ({@code failure} says how it showed).
   * Leases already taken keep their snapshot until they end.
   */
  void drop(String vendor, SnapshotManager manager, Exception failure) {
    managers.remove(vendor, manager);
    close(manager);
    // The folder stays known: it tracks the readers that leases still hold.
    VendorFolder folder = folders.get(vendor);
    if (folder != null) {
      try {
        folder.close();
      } catch (IOException e) {
        LOG.log(Level.DEBUG, "closing the directory of vendor " + vendor, e);
      }
    }
    LOG.log(
        Level.WARNING,
        "vendor {0}: no index at {1} any more; no longer served ({2})",
        vendor,
        dataDir.resolve(vendor),
        failure.toString());
  }

  private SnapshotManager newManager(String vendor) throws IOException {
    return new SnapshotManager(vendor, folder(vendor));
  }

  /** {@code vendor}'s folder (for the refresher, and tests). */
  VendorFolder folder(String vendor) {
    return folders.computeIfAbsent(vendor, v -> new VendorFolder(v, dataDir.resolve(v)));
  }

  /** Logs each swap of {@code manager} to a new commit, as operators read the log for them. */
  private static SnapshotManager logged(String vendor, SnapshotManager manager) {
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
            }
          }
        });
    return manager;
  }

  /** Closes {@code manager}; leases already taken keep their snapshot until they end. */
  private static void close(SnapshotManager manager) {
    try {
      manager.close();
    } catch (IOException e) {
      LOG.log(Level.DEBUG, "closing a snapshot manager", e);
    }
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

  /**
   * Stops the refresh thread (a warm-up under way ends first), then closes every manager and
   * directory; leases still held keep their reader open until they end.
   */
  @Override
  public void close() throws IOException {
    refresher.close();
    for (SnapshotManager manager : managers.values()) {
      manager.close();
    }
    for (VendorFolder folder : folders.values()) {
      folder.close();
    }
  }
}

package io.keybox.server.index;

import io.keybox.schema.RecordKind;
import io.keybox.server.error.ApiException;
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
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;

/**
 * The snapshot managers of every vendor under the data directory ({@code DIR/<vendor>/index}). A
 * background thread refreshes each vendor about every {@code refreshMillis} and opens vendors whose
 * first index appears while the server runs, so they become servable without a restart.
 */
public final class VendorIndexes implements Closeable {
  private static final System.Logger LOG = System.getLogger(VendorIndexes.class.getName());

  private final Path dataDir;
  private final Map<String, SnapshotManager> managers = new ConcurrentHashMap<>();
  private final Map<String, Directory> directories = new ConcurrentHashMap<>();
  private final ScheduledExecutorService refresher;

  /**
   * Opens every vendor index under {@code dataDir} and starts refreshing.
   *
   * @throws IOException when an existing index cannot be opened
   */
  public VendorIndexes(Path dataDir, long refreshMillis) throws IOException {
    this.dataDir = dataDir;
    discover();
    this.refresher =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread thread = new Thread(r, "keybox-refresh");
              thread.setDaemon(true);
              return thread;
            });
    refresher.scheduleWithFixedDelay(
        this::refreshQuietly, refreshMillis, refreshMillis, TimeUnit.MILLISECONDS);
  }

  /**
   * Leases the current snapshot of {@code vendor}.
   *
   * @throws ApiException 503 when the vendor has no index (yet)
   */
  public Lease lease(String vendor) {
    SnapshotManager manager = managers.get(vendor);
    if (manager == null) {
      throw ApiException.unavailable("vendor " + vendor + " has no index yet");
    }
    try {
      return manager.lease();
    } catch (IOException e) {
      throw new IllegalStateException("cannot acquire the snapshot of vendor " + vendor, e);
    }
  }

  /** Whether {@code vendor} has an index open. */
  public boolean has(String vendor) {
    return managers.containsKey(vendor);
  }

  /**
   * The status of each of {@code configured} (the vendors the keys file names) and of every vendor
   * with an index folder under the data directory ({@code DIR/<vendor>/index}, even one whose first
   * commit is not written yet), sorted by name. Each served vendor's snapshot is leased just long
   * enough to count its records.
   */
  public List<VendorStatus> status(Collection<String> configured) throws IOException {
    SortedSet<String> vendors = new TreeSet<>(configured);
    vendors.addAll(managers.keySet());
    if (Files.isDirectory(dataDir)) {
      try (var folders = Files.list(dataDir)) {
        folders
            .filter(folder -> Files.isDirectory(folder.resolve("index")))
            .map(folder -> folder.getFileName().toString())
            .forEach(vendors::add);
      }
    }
    List<VendorStatus> status = new ArrayList<>();
    for (String vendor : vendors) {
      SnapshotManager manager = managers.get(vendor);
      if (manager == null) {
        status.add(new VendorStatus(vendor, Optional.empty()));
        continue;
      }
      try (Lease lease = manager.lease()) {
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
                        snapshot.count(RecordKind.AGENT)))));
      }
    }
    return status;
  }

  /** Refreshes every vendor now and opens new ones; used by the background thread and tests. */
  public void refresh() throws IOException {
    discover();
    for (SnapshotManager manager : managers.values()) {
      manager.maybeRefresh();
    }
  }

  private void refreshQuietly() {
    try {
      refresh();
    } catch (IOException | RuntimeException e) {
      LOG.log(Level.WARNING, "index refresh failed; serving the previous snapshots", e);
    }
  }

  private void discover() throws IOException {
    if (!Files.isDirectory(dataDir)) {
      return;
    }
    try (var vendors = Files.list(dataDir)) {
      for (Path vendorDir : (Iterable<Path>) vendors::iterator) {
        String vendor = vendorDir.getFileName().toString();
        Path indexDir = vendorDir.resolve("index");
        if (!managers.containsKey(vendor) && Files.isDirectory(indexDir)) {
          open(vendor, indexDir).ifPresent(m -> managers.put(vendor, m));
        }
      }
    }
  }

  private Optional<SnapshotManager> open(String vendor, Path indexDir) throws IOException {
    Directory directory = directories.computeIfAbsent(vendor, v -> openDirectory(indexDir));
    if (!DirectoryReader.indexExists(directory)) {
      return Optional.empty();
    }
    SnapshotManager manager = new SnapshotManager(vendor, directory);
    LOG.log(Level.INFO, "vendor {0}: serving index generation {1}", vendor, generation(manager));
    return Optional.of(manager);
  }

  private static long generation(SnapshotManager manager) throws IOException {
    Snapshot snapshot = manager.acquire();
    try {
      return snapshot.generation();
    } finally {
      manager.release(snapshot);
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
    for (SnapshotManager manager : managers.values()) {
      manager.close();
    }
    for (Directory directory : directories.values()) {
      directory.close();
    }
  }
}

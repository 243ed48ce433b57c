package io.keybox.store;

import io.keybox.store.FetchException.Reason;
import io.keybox.store.FetchResult.Outcome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.apache.lucene.index.IndexFileNames;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.NIOFSDirectory;
import org.apache.lucene.util.IOUtils;

/**
 * Keeps one vendor's folder in step with its publication in a {@link Store} (the query-node side).
 * Usage, from one background thread per vendor:
 *
 * <pre>{@code
 * Fetcher fetcher = new Fetcher(store, "houston", dataDir.resolve("houston"), snapshots::uses);
 * while (running) {
 *   try {
 *     FetchResult result = fetcher.fetch();   // cheap when nothing changed: one conditional GET
 *     if (result.outcome() == Outcome.UPDATED) refresher.maybeRefresh();
 *   } catch (FetchException e) {
 *     log(e.getMessage());                    // the folder still serves its last good commit
 *   }
 *   sleep(poll);
 * }
 * }</pre>
 *
 * <p>A query node following a whole store lists its vendors with {@link Layout#vendors} (one
 * listing request) and keeps one {@code Fetcher} per vendor; a fetcher keeps the pointer's ETag
 * between calls, so reuse it rather than making one per poll.
 *
 * <p>Guarantees:
 *
 * <ul>
 *   <li>The vendor's {@link Pointer} is read with a conditional GET (If-None-Match by its ETag);
 *       when it is unchanged nothing else is read. The pointer, not the generation number, says
 *       which commit is current: a vendor rebuilt from scratch publishes {@code segments_1} while
 *       the folder holds a higher generation, and the folder follows it.
 *   <li>Every missing file is downloaded under a temporary name and checked (its length and the
 *       CRC32 of the whole file against Lucene's footer and the manifest: ETags are never trusted,
 *       multipart ETags are not even MD5s) before it takes its name. A local file of the same name
 *       but another checksum is never reused (after a rebuild names restart at {@code _0}).
 *   <li>Side files ({@link Layout#SIDE_FILES}) are checked by length and CRC32 and put in place;
 *       {@code segments_N} is written LAST and forced to disk; then every other commit point is
 *       removed, so Lucene finds exactly the published commit.
 *   <li>Any failure (store unreachable, a checksum mismatch, a malformed manifest) throws {@link
 *       FetchException} before the folder's last good commit is touched. Files already verified
 *       stay under their temporary names, so a fetch interrupted (even killed) and started again
 *       does not download them again.
 *   <li>Files of older commits are removed only when {@code inUse} says no open snapshot uses them
 *       (checked again on every later call, and by {@link #removeUnused}).
 * </ul>
 *
 * <p>NOTE: when a rebuilt commit reuses the name of a file the folder's current commit uses, the
 * old commit point is removed before that file is replaced, so a crash in between leaves no commit
 * point rather than a mixed one (an open snapshot keeps reading its open files; the next fetch
 * completes the install). Instances are thread-safe; calls run one at a time.
 */
public final class Fetcher {
  /** Names of files being fetched start with this; Lucene ignores them. */
  static final String STAGED = "keybox-fetch.";

  private static final String PART = ".part";

  private final Store store;
  private final String vendor;
  private final Path vendorDir;
  private final Path indexDir;
  private final Predicate<String> inUse;
  private String pointerTag;
  private long sequence;
  private long generation;

  /**
   * A fetcher of {@code vendor} into {@code vendorDir} ({@code vendorDir/index} for the index,
   * {@code vendorDir} for the side files); {@code inUse} says whether an open snapshot still uses
   * an index file name.
   */
  public Fetcher(Store store, String vendor, Path vendorDir, Predicate<String> inUse) {
    this.store = store;
    this.vendor = Layout.checkVendor(vendor);
    this.vendorDir = vendorDir;
    this.indexDir = vendorDir.resolve("index");
    this.inUse = inUse;
  }

  /**
   * Brings the folder to the vendor's published commit, if it changed.
   *
   * @throws FetchException when the fetch did not complete; the folder keeps its last good commit
   */
  public synchronized FetchResult fetch() throws FetchException {
    String pointerKey = Layout.pointer(vendor);
    Optional<Store.Tagged> read;
    try {
      read = store.getIfNoneMatch(pointerKey, pointerTag);
    } catch (ObjectNotFoundException e) {
      return new FetchResult(vendor, Outcome.NOT_PUBLISHED, 0, 0, 0, 0, 0, 0);
    } catch (IOException e) {
      throw new FetchException(Reason.STORE_UNAVAILABLE, e.getMessage(), e);
    }
    if (read.isEmpty()) {
      return new FetchResult(vendor, Outcome.UNCHANGED, sequence, generation, 0, 0, 0, cleanUp());
    }
    Pointer pointer = parse(read.get().bytes(), Pointer.class, store.describe(pointerKey));
    String manifestKey = Layout.manifest(vendor, pointer.sequence());
    Manifest manifest;
    try {
      manifest = parse(store.get(manifestKey), Manifest.class, store.describe(manifestKey));
    } catch (FetchException e) {
      throw e;
    } catch (ObjectNotFoundException e) {
      throw new FetchException(Reason.BAD_PUBLICATION, e.getMessage(), e);
    } catch (IOException e) {
      throw new FetchException(Reason.STORE_UNAVAILABLE, e.getMessage(), e);
    }
    if (!manifest.vendor().equals(vendor) || manifest.sequence() != pointer.sequence()) {
      throw new FetchException(
          Reason.BAD_PUBLICATION,
          store.describe(manifestKey)
              + " is of vendor "
              + manifest.vendor()
              + ", sequence "
              + manifest.sequence(),
          null);
    }
    Install install = download(manifest);
    try {
      install(manifest, install);
    } catch (IOException e) {
      throw new FetchException(Reason.LOCAL_FAILURE, e.getMessage(), e);
    }
    pointerTag = read.get().etag();
    sequence = manifest.sequence();
    generation = manifest.generation();
    Outcome outcome = install.isEmpty() ? Outcome.UNCHANGED : Outcome.UPDATED;
    return new FetchResult(
        vendor,
        outcome,
        sequence,
        generation,
        install.downloaded,
        install.downloadedBytes,
        install.reused,
        cleanUp());
  }

  /**
   * Removes the index files that the folder's current commit does not use and that {@code inUse}
   * says no snapshot uses; returns how many. Call after a snapshot refresh released older commits.
   */
  public synchronized int removeUnused() throws IOException {
    if (!Files.isDirectory(indexDir)) {
      return 0;
    }
    try (Directory dir = new NIOFSDirectory(indexDir)) {
      String[] names = dir.listAll();
      String segments = SegmentInfos.getLastCommitSegmentsFileName(names);
      if (segments == null) {
        return 0;
      }
      Set<String> current = new HashSet<>(SegmentInfos.readCommit(dir, segments).files(true));
      int removed = 0;
      for (String name : names) {
        if (current.contains(name)
            || name.equals(IndexWriter.WRITE_LOCK_NAME)
            || name.startsWith(STAGED)
            || inUse.test(name)) {
          continue;
        }
        dir.deleteFile(name);
        removed++;
      }
      return removed;
    }
  }

  /** What a fetch downloaded and must put in place. */
  private static final class Install {
    final List<FileEntry> indexFiles = new ArrayList<>();
    final List<FileEntry> sideFiles = new ArrayList<>();
    int downloaded;
    long downloadedBytes;
    int reused;

    boolean isEmpty() {
      return indexFiles.isEmpty() && sideFiles.isEmpty();
    }
  }

  /**
   * Downloads and verifies, under staged names, every file of {@code manifest} the folder lacks.
   */
  private Install download(Manifest manifest) throws FetchException {
    Install install = new Install();
    try {
      Files.createDirectories(indexDir);
    } catch (IOException e) {
      throw new FetchException(Reason.LOCAL_FAILURE, e.getMessage(), e);
    }
    try (Directory dir = new NIOFSDirectory(indexDir)) {
      for (FileEntry file : manifest.files()) {
        String staged = STAGED + file.objectName();
        if (Checksums.sameIndexFile(dir, file.name(), file)) {
          install.reused++;
          continue;
        }
        install.indexFiles.add(file);
        if (Checksums.sameIndexFile(dir, staged, file)) {
          // Verified whole by an earlier, interrupted fetch.
          install.reused++;
          continue;
        }
        String key = Layout.indexObject(vendor, file);
        Path part = indexDir.resolve(staged + PART);
        fetchObject(key, part);
        FileEntry got;
        try {
          got = Checksums.index(dir, part.getFileName().toString(), true);
        } catch (IOException e) {
          Files.deleteIfExists(part);
          throw new FetchException(
              Reason.CORRUPT_OBJECT, store.describe(key) + ": " + e.getMessage(), e);
        }
        accept(key, part, indexDir.resolve(staged), file, got);
        install.downloaded++;
        install.downloadedBytes += file.length();
      }
      for (FileEntry file : manifest.sideFiles()) {
        Path target = vendorDir.resolve(file.name());
        Path staged = vendorDir.resolve(STAGED + file.objectName());
        if (Checksums.sameSideFile(target, file)) {
          install.reused++;
          continue;
        }
        install.sideFiles.add(file);
        if (Checksums.sameSideFile(staged, file)) {
          install.reused++;
          continue;
        }
        String key = Layout.sideObject(vendor, file);
        Path part = vendorDir.resolve(STAGED + file.objectName() + PART);
        fetchObject(key, part);
        accept(key, part, staged, file, Checksums.side(part, file.name()));
        install.downloaded++;
        install.downloadedBytes += file.length();
      }
    } catch (FetchException e) {
      throw e;
    } catch (IOException e) {
      throw new FetchException(Reason.LOCAL_FAILURE, e.getMessage(), e);
    }
    return install;
  }

  private void fetchObject(String key, Path part) throws FetchException {
    try {
      store.download(key, part);
    } catch (ObjectNotFoundException e) {
      throw new FetchException(Reason.BAD_PUBLICATION, e.getMessage(), e);
    } catch (IOException e) {
      throw new FetchException(Reason.STORE_UNAVAILABLE, e.getMessage(), e);
    }
  }

  /** Gives a verified download its staged name, or discards it. */
  private void accept(String key, Path part, Path staged, FileEntry expected, FileEntry got)
      throws IOException {
    FileEntry wanted = new FileEntry(got.name(), expected.length(), expected.checksum());
    if (!got.equals(wanted)) {
      Files.deleteIfExists(part);
      throw new FetchException(
          Reason.CORRUPT_OBJECT,
          String.format(
              "%s: expected length %d and checksum %08x, got length %d and checksum %08x",
              store.describe(key),
              expected.length(),
              expected.checksum(),
              got.length(),
              got.checksum()),
          null);
    }
    Files.move(part, staged, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
  }

  /**
   * Puts the staged files in place, the commit point last, and removes every other commit point.
   */
  private void install(Manifest manifest, Install install) throws IOException {
    Set<String> used = filesOfCommitPoints();
    String segments = manifest.segmentsFile();
    // Only a file a commit point names matters (they include their own segments_N): a new
    // segments_N of an ordinary update must not remove the served commit point first, or the
    // folder holds no commit at all for a moment and a node's refresh drops the vendor.
    boolean replacesUsed = install.indexFiles.stream().anyMatch(file -> used.contains(file.name()));
    if (replacesUsed) {
      // A rebuild reusing names: no commit point may name a half-replaced set of files.
      removeCommitPoints(null);
    }
    FileEntry commitPoint = null;
    for (FileEntry file : install.indexFiles) {
      if (file.name().equals(segments)) {
        commitPoint = file;
      } else {
        move(indexDir, STAGED + file.objectName(), file.name());
      }
    }
    for (FileEntry file : install.sideFiles) {
      move(vendorDir, STAGED + file.objectName(), file.name());
    }
    IOUtils.fsync(vendorDir, true);
    IOUtils.fsync(indexDir, true);
    if (commitPoint != null) {
      move(indexDir, STAGED + commitPoint.objectName(), segments);
      IOUtils.fsync(indexDir, true);
    }
    removeCommitPoints(segments);
  }

  private static void move(Path dir, String from, String to) throws IOException {
    Files.move(
        dir.resolve(from),
        dir.resolve(to),
        StandardCopyOption.ATOMIC_MOVE,
        StandardCopyOption.REPLACE_EXISTING);
  }

  /** The files every readable commit point in the folder names (an unreadable one names none). */
  private Set<String> filesOfCommitPoints() throws IOException {
    Set<String> used = new HashSet<>();
    try (Directory dir = new NIOFSDirectory(indexDir)) {
      for (String name : dir.listAll()) {
        if (isCommitPoint(name)) {
          try {
            used.addAll(SegmentInfos.readCommit(dir, name).files(true));
          } catch (IOException e) {
            used.add(name);
          }
        }
      }
    }
    return used;
  }

  /** Removes every commit point but {@code keep} (all of them when null). */
  private void removeCommitPoints(String keep) throws IOException {
    boolean removed = false;
    try (Stream<Path> files = Files.list(indexDir)) {
      for (Path file : files.toList()) {
        String name = file.getFileName().toString();
        if (isCommitPoint(name) && !name.equals(keep)) {
          Files.deleteIfExists(file);
          removed = true;
        }
      }
    }
    if (removed) {
      IOUtils.fsync(indexDir, true);
    }
  }

  private static boolean isCommitPoint(String name) {
    return name.startsWith(IndexFileNames.SEGMENTS + "_")
        || name.startsWith(IndexFileNames.PENDING_SEGMENTS + "_");
  }

  /** Removes leftover staged files and the files no snapshot uses any more. */
  private int cleanUp() throws FetchException {
    try {
      for (Path dir : List.of(indexDir, vendorDir)) {
        if (!Files.isDirectory(dir)) {
          continue;
        }
        try (Stream<Path> files = Files.list(dir)) {
          for (Path file : files.toList()) {
            if (file.getFileName().toString().startsWith(STAGED)) {
              try {
                Files.deleteIfExists(file);
              } catch (NoSuchFileException gone) {
                // Removed meanwhile: nothing to do.
              }
            }
          }
        }
      }
      return removeUnused();
    } catch (IOException e) {
      throw new FetchException(Reason.LOCAL_FAILURE, e.getMessage(), e);
    }
  }

  private static <T> T parse(byte[] bytes, Class<T> type, String where) throws FetchException {
    try {
      return Layout.read(bytes, type, where);
    } catch (IOException e) {
      throw new FetchException(Reason.BAD_PUBLICATION, e.getMessage(), e);
    }
  }
}

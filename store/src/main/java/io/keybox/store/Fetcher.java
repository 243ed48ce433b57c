package io.keybox.store;

import io.keybox.store.FetchException.Reason;
import io.keybox.store.FetchResult.Outcome;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.channels.ClosedByInterruptException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.NIOFSDirectory;
import org.apache.lucene.util.IOUtils;

/**
 * Keeps one vendor's folder on a query node in step with its publication in a {@link Store}, as a
 * {@link ReplicaFolder}: one immutable directory per publication and a {@code current} link. Usage,
 * from one background thread per vendor:
 *
 * <pre>{@code
 * Fetcher fetcher = new Fetcher(store, "houston", dataDir.resolve("houston"), transfers);
 * while (running) {
 *   try {
 *     FetchResult result = fetcher.fetch();   // cheap when nothing changed: one conditional GET
 *     if (result.outcome() == Outcome.UPDATED) indexes.refresh();
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
 *       which commit is current: a vendor rebuilt from scratch publishes {@code segments_1} and the
 *       folder follows it.
 *   <li>Every object the pool lacks is downloaded (several at once, through {@link Transfers})
 *       under a temporary name and checked (its length and the CRC32 of the whole file against
 *       Lucene's footer and the manifest: ETags are never trusted, multipart ETags are not even
 *       MD5s) before it takes its pool name, which holds its checksum and length: a file of a
 *       rebuilt index reusing a name ({@code _0.cfs}) is another pool file.
 *   <li>The publication is then linked into a directory of its own and {@code current} switched to
 *       it with one rename ({@link ReplicaFolder}); no file a reader may have open is ever replaced
 *       or removed here. A killed fetch leaves the previous publication current, and the objects it
 *       verified in the pool, so the next fetch does not download them again.
 *   <li>Any failure (store unreachable, a checksum mismatch, a malformed manifest) throws {@link
 *       FetchException} and leaves {@code current} as it was.
 *   <li>After a publication is in place, and at each unchanged poll, pool files no publication
 *       links to are removed (the index side deletes old publications as their readers close).
 * </ul>
 *
 * <p>Instances are thread-safe; calls run one at a time. An interrupt of the calling thread stops
 * the transfers under way at once ({@link Reason#STOPPED}).
 */
public final class Fetcher {
  static final String PART = ".part";

  private final Store store;
  private final String vendor;
  private final ReplicaFolder folder;
  private final Transfers transfers;
  private String pointerTag;
  private long sequence;
  private long generation;

  /**
   * A fetcher of {@code vendor} into {@code vendorDir} that downloads through {@code transfers}
   * (shared by the fetchers of a node; not closed here).
   */
  public Fetcher(Store store, String vendor, Path vendorDir, Transfers transfers) {
    this.store = store;
    this.vendor = Layout.checkVendor(vendor);
    this.folder = new ReplicaFolder(vendorDir);
    this.transfers = transfers;
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
    Install install;
    try {
      install = install(manifest);
    } catch (FetchException e) {
      throw e;
    } catch (InterruptedIOException | ClosedByInterruptException e) {
      throw new FetchException(Reason.STOPPED, "the node is stopping", e);
    } catch (IOException e) {
      throw new FetchException(Reason.LOCAL_FAILURE, e.getMessage(), e);
    }
    pointerTag = read.get().etag();
    sequence = manifest.sequence();
    generation = manifest.generation();
    return new FetchResult(
        vendor,
        install.switched ? Outcome.UPDATED : Outcome.UNCHANGED,
        sequence,
        generation,
        install.downloaded.get(),
        install.downloadedBytes.get(),
        install.reused,
        cleanUp());
  }

  /**
   * Stops following the vendor (it left the store): removes {@code current} (the node stops serving
   * it at its next refresh) and what no publication links to.
   */
  public synchronized void remove() throws IOException {
    folder.remove();
    pointerTag = null;
    sequence = 0;
    generation = 0;
  }

  /** What a fetch downloaded and put in place. */
  private static final class Install {
    final AtomicInteger downloaded = new AtomicInteger();
    final AtomicLong downloadedBytes = new AtomicLong();
    int reused;
    boolean switched;
  }

  /** Downloads what the pool lacks, links the publication and makes it current. */
  private Install install(Manifest manifest) throws IOException {
    Install install = new Install();
    OptionalLong current = folder.currentSequence();
    if (current.isPresent() && current.getAsLong() == manifest.sequence()) {
      install.reused = manifest.files().size() + manifest.sideFiles().size();
      return install; // a restarted node: already in place
    }
    if (!folder.isComplete(manifest.sequence())) {
      download(manifest, install);
      folder.link(manifest);
    }
    folder.switchTo(manifest.sequence());
    install.switched = true;
    return install;
  }

  /** Downloads and verifies, several at once, every object of {@code manifest} the pool lacks. */
  private void download(Manifest manifest, Install install) throws IOException {
    Path pool = folder.pool();
    Files.createDirectories(pool);
    List<Transfers.Task> tasks = new ArrayList<>();
    try (Directory dir = new NIOFSDirectory(pool)) {
      for (FileEntry file : manifest.files()) {
        if (Checksums.sameIndexFile(dir, file.objectName(), file)) {
          install.reused++;
        } else {
          tasks.add(() -> fetchIndexFile(dir, file, install));
        }
      }
      for (FileEntry file : manifest.sideFiles()) {
        if (Checksums.sameSideFile(pool.resolve(file.objectName()), file)) {
          install.reused++;
        } else {
          tasks.add(() -> fetchSideFile(file, install));
        }
      }
      try {
        transfers.all(tasks);
      } catch (IOException e) {
        // The other transfers were stopped half-way: what they wrote is of no use.
        try {
          folder.removePartial();
        } catch (IOException suppressed) {
          e.addSuppressed(suppressed);
        }
        throw e;
      }
    }
    IOUtils.fsync(pool, true);
  }

  private void fetchIndexFile(Directory dir, FileEntry file, Install install) throws IOException {
    String key = Layout.indexObject(vendor, file);
    Path part = folder.pool().resolve(file.objectName() + PART);
    fetchObject(key, part);
    FileEntry got;
    try {
      got = Checksums.index(dir, part.getFileName().toString(), true);
    } catch (IOException e) {
      Files.deleteIfExists(part);
      throw new FetchException(
          Reason.CORRUPT_OBJECT, store.describe(key) + ": " + e.getMessage(), e);
    }
    accept(key, part, file, got);
    install.downloaded.incrementAndGet();
    install.downloadedBytes.addAndGet(file.length());
  }

  private void fetchSideFile(FileEntry file, Install install) throws IOException {
    String key = Layout.sideObject(vendor, file);
    Path part = folder.pool().resolve(file.objectName() + PART);
    fetchObject(key, part);
    accept(key, part, file, Checksums.side(part, file.name()));
    install.downloaded.incrementAndGet();
    install.downloadedBytes.addAndGet(file.length());
  }

  private void fetchObject(String key, Path part) throws IOException {
    try {
      store.download(key, part);
    } catch (ObjectNotFoundException e) {
      throw new FetchException(Reason.BAD_PUBLICATION, e.getMessage(), e);
    } catch (InterruptedIOException | ClosedByInterruptException e) {
      throw e;
    } catch (IOException e) {
      throw new FetchException(Reason.STORE_UNAVAILABLE, e.getMessage(), e);
    }
  }

  /** Gives a verified download its pool name, or discards it. */
  private void accept(String key, Path part, FileEntry expected, FileEntry got) throws IOException {
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
    Files.move(
        part,
        folder.pool().resolve(expected.objectName()),
        StandardCopyOption.ATOMIC_MOVE,
        StandardCopyOption.REPLACE_EXISTING);
  }

  /** Removes the pool files no publication links to any more. */
  private int cleanUp() throws FetchException {
    try {
      return folder.removeUnlinked();
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

package io.keybox.server.index;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.FilterDirectory;
import org.apache.lucene.util.IOUtils;

/**
 * Where one vendor's commits are read from under the data directory, in either of its two layouts:
 *
 * <ul>
 *   <li>A single node (the indexer writes here): {@code DIR/<vendor>/index}, one Lucene folder
 *       whose latest commit is served; readers reopen it as the indexer commits.
 *   <li>A query node following a store ({@code serve --replica-of}): {@code DIR/<vendor>/current}
 *       is a symbolic link to {@code publications/<sequence>}, a directory that is complete and
 *       never changed (the store module's {@code ReplicaFolder} writes it). Each reader opens the
 *       publication {@code current} names directly, with a {@link Directory} of its own; a newer
 *       one is a new reader on another directory, never a file replaced under an open one.
 * </ul>
 *
 * <p>Publications are deleted here, as their readers go: when the last reader of a publication
 * older than the current one closes (its last lease ended after a swap), that publication's
 * directory is deleted, and with it any older one no reader holds (one never opened, say, when two
 * publications came between two refreshes). A publication newer than {@code current} is one being
 * put in place and is never touched; when {@code current} is gone (the vendor left the store),
 * every publication up to the newest this node opened is deleted as its readers close.
 *
 * <p>Thread-safe: readers close on any thread (a request's lease ending).
 */
final class VendorFolder implements AutoCloseable {
  private static final System.Logger LOG = System.getLogger(VendorFolder.class.getName());
  static final String CURRENT = "current";
  static final String PUBLICATIONS = "publications";

  private final String vendor;
  private final Path vendorDir;
  private Directory singleNode;

  /** The publications with open readers, by their directory, and how many readers each. */
  private final Map<Path, Integer> openReaders = new HashMap<>();

  /** The name of the newest publication opened here ("" before any). */
  private String newestOpened = "";

  VendorFolder(String vendor, Path vendorDir) {
    this.vendor = vendor;
    this.vendorDir = vendorDir;
  }

  /** Whether the vendor's folder holds a commit to serve, in either layout. */
  static boolean hasCommit(Path vendorDir) {
    Path index =
        Files.isSymbolicLink(vendorDir.resolve(CURRENT))
            ? vendorDir.resolve(CURRENT).resolve("index")
            : vendorDir.resolve("index");
    String[] files = index.toFile().list();
    return files != null && SegmentInfos.getLastCommitGeneration(files) >= 0;
  }

  /** Where the commits are read from, for messages. */
  Path location() {
    return Files.isSymbolicLink(vendorDir.resolve(CURRENT))
        ? vendorDir.resolve(CURRENT)
        : vendorDir.resolve("index");
  }

  /** A reader of the commit to serve now. */
  DirectoryReader open() throws IOException {
    Optional<Path> publication = currentPublication();
    if (publication.isPresent()) {
      return openPublication(publication.get());
    }
    return DirectoryReader.open(singleNode());
  }

  /**
   * A reader of a newer commit than {@code reader}'s, or null when there is none.
   *
   * @throws IOException when the newer commit cannot be opened, or the folder has none any more
   */
  DirectoryReader openIfChanged(DirectoryReader reader) throws IOException {
    Optional<Path> publication = currentPublication();
    Optional<Path> opened = publicationOf(reader);
    if (publication.isPresent()) {
      return publication.equals(opened) ? null : openPublication(publication.get());
    }
    if (opened.isPresent()) {
      throw new NoSuchFileException(vendorDir.resolve(CURRENT).toString(), null, "removed");
    }
    DirectoryReader newer = DirectoryReader.openIfChanged(reader);
    if (newer == null && SnapshotManager.replaced(reader)) {
      newer = DirectoryReader.open(reader.directory());
    }
    return newer;
  }

  /** The publication {@code current} names, resolved, or empty in the single-node layout. */
  private Optional<Path> currentPublication() throws IOException {
    Path link = vendorDir.resolve(CURRENT);
    if (!Files.isSymbolicLink(link)) {
      return Optional.empty();
    }
    return Optional.of(link.toRealPath());
  }

  private DirectoryReader openPublication(Path publication) throws IOException {
    Directory directory = FSDirectory.open(publication.resolve("index"));
    DirectoryReader reader;
    try {
      reader = DirectoryReader.open(directory);
    } catch (IOException | RuntimeException e) {
      IOUtils.closeWhileHandlingException(directory);
      throw e;
    }
    synchronized (this) {
      openReaders.merge(publication, 1, Integer::sum);
      String name = publication.getFileName().toString();
      if (name.compareTo(newestOpened) > 0) {
        newestOpened = name;
      }
    }
    reader
        .getReaderCacheHelper()
        .addClosedListener(
            key -> {
              IOUtils.closeWhileHandlingException(directory);
              closed(publication);
            });
    return reader;
  }

  /** The publication {@code reader} reads, or empty for a single-node reader. */
  private static Optional<Path> publicationOf(DirectoryReader reader) {
    if (FilterDirectory.unwrap(reader.directory()) instanceof FSDirectory fs
        && fs.getDirectory().getParent() != null
        && fs.getDirectory().getParent().getParent() != null
        && fs.getDirectory()
            .getParent()
            .getParent()
            .getFileName()
            .toString()
            .equals(PUBLICATIONS)) {
      return Optional.of(fs.getDirectory().getParent());
    }
    return Optional.empty();
  }

  private void closed(Path publication) {
    synchronized (this) {
      openReaders.merge(publication, -1, (a, b) -> a + b == 0 ? null : a + b);
    }
    deleteRetired(false);
  }

  /**
   * Deletes the publications that are retired (see the class comment) and no reader holds; with
   * {@code all}, as the vendor is opened (no publication is being put in place then: the replica
   * makes one current before the vendor can be opened, and waits for the refresh that opens it),
   * every one but the current one, newer ones included (a store whose vendor was wiped and
   * published again restarts its sequences at 1).
   */
  synchronized void deleteRetired(boolean all) {
    Path folder = vendorDir.resolve(PUBLICATIONS);
    if (!Files.isDirectory(folder)) {
      return;
    }
    try {
      Optional<Path> current = currentPublication();
      String before = current.map(p -> p.getFileName().toString()).orElse(newestOpened + "\u0000");
      List<Path> publications;
      try (Stream<Path> listed = Files.list(folder)) {
        publications = listed.toList();
      }
      for (Path publication : publications) {
        Path real = publication.toRealPath();
        boolean retired =
            all
                ? current.isPresent() && !current.get().equals(real)
                : publication.getFileName().toString().compareTo(before) < 0;
        if (retired && !openReaders.containsKey(real)) {
          IOUtils.rm(real);
          LOG.log(Level.DEBUG, "vendor {0}: deleted retired publication {1}", vendor, real);
        }
      }
    } catch (IOException e) {
      // Tried again when the next reader closes.
      LOG.log(Level.WARNING, "vendor " + vendor + ": cannot delete a retired publication", e);
    }
  }

  /** The number of readers open on each publication (for tests). */
  synchronized Map<Path, Integer> openReaders() {
    return Map.copyOf(openReaders);
  }

  private synchronized Directory singleNode() throws IOException {
    if (singleNode == null) {
      singleNode = FSDirectory.open(vendorDir.resolve("index"));
    }
    return singleNode;
  }

  /**
   * Closes the single-node directory (opened again when needed); readers still open keep their
   * files.
   */
  @Override
  public synchronized void close() throws IOException {
    if (singleNode != null) {
      singleNode.close();
      singleNode = null;
    }
  }
}

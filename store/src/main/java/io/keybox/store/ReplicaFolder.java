package io.keybox.store;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.lucene.util.IOUtils;

/**
 * One vendor's folder on a query node that follows a store ({@code DIR/<vendor>}), where every
 * publication is a directory of its own that is never changed once complete:
 *
 * <pre>
 * pool/&lt;name&gt;.&lt;crc32&gt;.&lt;length&gt;          each verified object, named as in the store
 * publications/&lt;sequence&gt;/index/&lt;file&gt;   hard links into the pool: one publication's commit
 * publications/&lt;sequence&gt;/&lt;side file&gt;    hard links: its id maps and pull state
 * publications/&lt;sequence&gt;/manifest.json   the publication's {@link Manifest}
 * incoming/&lt;sequence&gt;/                 a publication being linked (not yet complete)
 * current                               a symbolic link to publications/&lt;sequence&gt;
 * </pre>
 *
 * A publication directory is made under {@code incoming/}, forced to disk, then renamed into {@code
 * publications/}: whatever lies there is complete. {@code current} is switched by renaming a new
 * link over it, so a node killed at any instant finds the previous publication or the new one,
 * never a mix and never none. The index side ({@code server/index}) opens {@code current}'s target
 * directly, and deletes a publication older than {@code current} once its last reader closes; the
 * {@link Fetcher} removes the pool files no publication links to any more (a link count of 1).
 *
 * <p>Sequences are 12 digits, so names sort as numbers do.
 */
public final class ReplicaFolder {
  /** The name of the link to the current publication, which the index side reads. */
  public static final String CURRENT = "current";

  /** The folder of the complete publications, which the index side reads. */
  public static final String PUBLICATIONS = "publications";

  static final String POOL = "pool";
  static final String INCOMING = "incoming";
  static final String MANIFEST = "manifest.json";

  private static final Pattern SEQUENCE = Pattern.compile("\\d{12}");

  private final Path vendorDir;

  public ReplicaFolder(Path vendorDir) {
    this.vendorDir = vendorDir;
  }

  public Path vendorDir() {
    return vendorDir;
  }

  Path pool() {
    return vendorDir.resolve(POOL);
  }

  Path incoming(long sequence) {
    return vendorDir.resolve(INCOMING).resolve(name(sequence));
  }

  Path publication(long sequence) {
    return vendorDir.resolve(PUBLICATIONS).resolve(name(sequence));
  }

  /** Whether {@code vendorDir} is laid out so (it has a pool, whether or not still current). */
  public static boolean isReplica(Path vendorDir) {
    return Files.isDirectory(vendorDir.resolve(POOL));
  }

  /** The sequence of the publication {@code current} names, when there is one. */
  public OptionalLong currentSequence() throws IOException {
    Path link = vendorDir.resolve(CURRENT);
    if (!Files.isSymbolicLink(link)) {
      return OptionalLong.empty();
    }
    String target = Files.readSymbolicLink(link).getFileName().toString();
    return SEQUENCE.matcher(target).matches()
        ? OptionalLong.of(Long.parseLong(target))
        : OptionalLong.empty();
  }

  /** The manifest of the current publication, when there is one. */
  public Optional<Manifest> currentManifest() throws IOException {
    OptionalLong sequence = currentSequence();
    if (sequence.isEmpty()) {
      return Optional.empty();
    }
    Path file = publication(sequence.getAsLong()).resolve(MANIFEST);
    return Optional.of(Layout.read(Files.readAllBytes(file), Manifest.class, file.toString()));
  }

  /** Whether publication {@code sequence} is complete here (it was renamed into place). */
  boolean isComplete(long sequence) {
    return Files.isRegularFile(publication(sequence).resolve(MANIFEST));
  }

  /**
   * Makes publication {@code manifest.sequence()} from the pool files its manifest names: hard
   * links under {@code incoming/}, forced to disk, then one rename into {@code publications/}.
   */
  void link(Manifest manifest) throws IOException {
    long sequence = manifest.sequence();
    Path building = incoming(sequence);
    deleteTree(building);
    Path index = building.resolve("index");
    Files.createDirectories(index);
    for (FileEntry file : manifest.files()) {
      Files.createLink(index.resolve(file.name()), pool().resolve(file.objectName()));
    }
    for (FileEntry file : manifest.sideFiles()) {
      Files.createLink(building.resolve(file.name()), pool().resolve(file.objectName()));
    }
    Files.write(building.resolve(MANIFEST), Layout.write(manifest));
    IOUtils.fsync(building.resolve(MANIFEST), false);
    IOUtils.fsync(index, true);
    IOUtils.fsync(building, true);
    Path target = publication(sequence);
    Files.createDirectories(target.getParent());
    deleteTree(target); // an earlier run's, never complete
    move(building, target);
    IOUtils.fsync(target.getParent(), true);
  }

  /** Points {@code current} at publication {@code sequence}, atomically, and forces it to disk. */
  void switchTo(long sequence) throws IOException {
    Path next = vendorDir.resolve(CURRENT + ".next");
    Files.deleteIfExists(next);
    Files.createSymbolicLink(next, Path.of(PUBLICATIONS, name(sequence)));
    move(next, vendorDir.resolve(CURRENT));
    IOUtils.fsync(vendorDir, true);
  }

  /**
   * Stops following: removes {@code current} (the index side then stops serving the vendor and
   * deletes its publications as their readers close), the incoming folder and the pool files no
   * publication links to; and the whole folder once no publication is left. Call again after the
   * index side has let go, to remove what was still read.
   */
  void remove() throws IOException {
    if (!Files.isDirectory(vendorDir)) {
      return;
    }
    Files.deleteIfExists(vendorDir.resolve(CURRENT));
    IOUtils.fsync(vendorDir, true);
    deleteTree(vendorDir.resolve(INCOMING));
    removeUnlinked();
    Path publications = vendorDir.resolve(PUBLICATIONS);
    boolean none;
    try (Stream<Path> left =
        Files.isDirectory(publications) ? Files.list(publications) : Stream.empty()) {
      none = left.findAny().isEmpty();
    }
    if (none) {
      deleteTree(vendorDir);
    }
  }

  /**
   * Removes the pool files no publication links to (their link count is 1) and the leftovers of
   * interrupted downloads; returns how many.
   */
  int removeUnlinked() throws IOException {
    if (!Files.isDirectory(pool())) {
      return 0;
    }
    int removed = 0;
    try (Stream<Path> files = Files.list(pool())) {
      for (Path file : files.toList()) {
        try {
          if (file.getFileName().toString().endsWith(Fetcher.PART)
              || (Integer) Files.getAttribute(file, "unix:nlink") == 1) {
            Files.deleteIfExists(file);
            removed++;
          }
        } catch (NoSuchFileException gone) {
          // Removed meanwhile.
        }
      }
    }
    return removed;
  }

  /** Removes the pool's partial downloads. */
  void removePartial() throws IOException {
    try (Stream<Path> files = Files.list(pool())) {
      for (Path file : files.toList()) {
        if (file.getFileName().toString().endsWith(Fetcher.PART)) {
          Files.deleteIfExists(file);
        }
      }
    }
  }

  static String name(long sequence) {
    return String.format("%012d", sequence);
  }

  private static void move(Path from, Path to) throws IOException {
    try {
      Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (AtomicMoveNotSupportedException e) {
      throw new IOException("cannot move " + from + " to " + to + " atomically", e);
    }
  }

  /** Deletes {@code dir} and everything under it; a missing one is not an error. */
  static void deleteTree(Path dir) throws IOException {
    if (Files.exists(dir)) {
      IOUtils.rm(dir);
    }
  }
}

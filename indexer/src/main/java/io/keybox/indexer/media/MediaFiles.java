package io.keybox.indexer.media;

import io.keybox.schema.listing.PhotoUrls;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.HexFormat;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.stream.Stream;
import org.apache.lucene.util.IOUtils;

/**
 * A vendor's mirrored photos on disk, content-addressed: {@code DIR/<vendor>/media/ab/<digest>/
 * <width>.jpg}, where the digest names the source file and the variant settings, so a URL names one
 * picture forever (served as immutable) and the same picture in two listings is stored once.
 *
 * <p>A photo's variants appear all at once or not at all: they are written and forced in a
 * temporary folder beside their final one, which is then renamed into place; a stop or a kill at
 * any moment leaves at most a temporary folder, which {@link #removeTemporaries} clears. A file
 * that is served is never written again.
 */
public final class MediaFiles {
  /** Changes when the variants' settings change, so new settings make new URLs. */
  static final String VARIANTS_VERSION = "keybox-variants-1";

  private static final String TEMPORARY = ".tmp-";

  private final Path root;

  /**
   * @param root the vendor's media folder, {@code DIR/<vendor>/media}
   */
  public MediaFiles(Path root) {
    this.root = Objects.requireNonNull(root, "root");
  }

  /**
   * The digest a source file's variants are stored under: 40 hex digits of SHA-256 over the
   * variants' version and the source's bytes.
   */
  public static String digest(byte[] source) {
    try {
      java.security.MessageDigest sha = java.security.MessageDigest.getInstance("SHA-256");
      sha.update(VARIANTS_VERSION.getBytes(java.nio.charset.StandardCharsets.US_ASCII));
      sha.update((byte) '\n');
      return HexFormat.of().formatHex(sha.digest(source), 0, 20);
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }

  /** Whether {@code digest} names a well-formed digest (URLs are checked with it). */
  public static boolean isDigest(String digest) {
    return PhotoUrls.isDigest(digest);
  }

  /** The folder of a photo's variants. */
  public Path folder(String digest) {
    if (!isDigest(digest)) {
      throw new IllegalArgumentException("not a digest: '" + digest + "'");
    }
    return root.resolve(digest.substring(0, 2)).resolve(digest);
  }

  /** The file of one variant. */
  public Path variant(String digest, int width) {
    return root.resolve(PhotoUrls.variantPath(digest, width));
  }

  /** Whether a photo's variants are on disk. */
  public boolean has(String digest) {
    return Files.isDirectory(folder(digest));
  }

  /**
   * Stores {@code jpegs} (width → bytes) under {@code digest}, all at once; a photo already there
   * is left as it is.
   */
  public void store(String digest, Map<Integer, byte[]> jpegs) throws IOException {
    Path target = folder(digest);
    if (Files.isDirectory(target)) {
      return;
    }
    Path parent = target.getParent();
    Files.createDirectories(parent);
    Path temporary = parent.resolve(TEMPORARY + digest + "-" + UUID.randomUUID());
    Files.createDirectory(temporary);
    try {
      for (Map.Entry<Integer, byte[]> jpeg : jpegs.entrySet()) {
        try (FileChannel out =
            FileChannel.open(
                temporary.resolve(jpeg.getKey() + ".jpg"),
                StandardOpenOption.CREATE_NEW,
                StandardOpenOption.WRITE)) {
          ByteBuffer bytes = ByteBuffer.wrap(jpeg.getValue());
          while (bytes.hasRemaining()) {
            out.write(bytes);
          }
          out.force(true);
        }
      }
      force(temporary);
      try {
        Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE);
      } catch (AtomicMoveNotSupportedException e) {
        throw new IOException("cannot rename within " + parent + " atomically", e);
      } catch (FileSystemException e) {
        if (Files.isDirectory(target)) {
          return; // another thread stored the same picture first (ENOTEMPTY, EEXIST)
        }
        throw e;
      }
      force(parent);
    } finally {
      deleteTree(temporary);
    }
  }

  /** Deletes a photo's variants (its last listing is gone). */
  public void delete(String digest) throws IOException {
    deleteTree(folder(digest));
  }

  /** Removes what a stopped or killed store left half-written. */
  public void removeTemporaries() throws IOException {
    if (!Files.isDirectory(root)) {
      return;
    }
    try (Stream<Path> prefixes = Files.list(root)) {
      for (Path prefix : prefixes.filter(Files::isDirectory).toList()) {
        try (Stream<Path> entries = Files.list(prefix)) {
          for (Path entry : entries.toList()) {
            if (entry.getFileName().toString().startsWith(TEMPORARY)) {
              deleteTree(entry);
            }
          }
        }
      }
    }
  }

  /** The bytes of one photo's variants on disk. */
  public long bytes(String digest) throws IOException {
    try (Stream<Path> files = Files.list(folder(digest))) {
      return files.mapToLong(MediaFiles::size).sum();
    }
  }

  /** The bytes of every stored variant. */
  public long bytesOnDisk() throws IOException {
    if (!Files.isDirectory(root)) {
      return 0;
    }
    try (Stream<Path> files = Files.walk(root)) {
      return files.filter(Files::isRegularFile).mapToLong(MediaFiles::size).sum();
    }
  }

  private static long size(Path file) {
    try {
      return Files.size(file);
    } catch (IOException e) {
      return 0; // removed meanwhile
    }
  }

  private static void force(Path folder) throws IOException {
    try (FileChannel channel = FileChannel.open(folder, StandardOpenOption.READ)) {
      channel.force(true);
    }
  }

  /** Deletes {@code path} and everything under it; a missing one is not an error. */
  private static void deleteTree(Path path) throws IOException {
    IOUtils.rm(path);
  }
}

package io.keybox.store.local;

import io.keybox.store.ObjectNotFoundException;
import io.keybox.store.Store;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * A {@link Store} rooted at a folder: each key is a file under it, {@code /} separating folders.
 * Every write goes to a temporary file under {@code ROOT/.incoming}, is forced to disk and then
 * moved into place atomically, so a reader sees an object whole or not at all. The entity tag of an
 * object is the SHA-256 of its bytes.
 */
public final class LocalStore implements Store {
  private static final String INCOMING = ".incoming";
  private static final long CHUNK = 8L << 20;

  private final Path root;

  /** A store rooted at {@code root}, which is created when missing. */
  public LocalStore(Path root) throws IOException {
    this.root = root.toAbsolutePath().normalize();
    Files.createDirectories(this.root.resolve(INCOMING));
  }

  @Override
  public void put(String key, Path source) throws IOException {
    putVia(key, temp -> Files.copy(source, temp, StandardCopyOption.REPLACE_EXISTING));
  }

  @Override
  public void put(String key, byte[] bytes) throws IOException {
    putVia(key, temp -> Files.write(temp, bytes));
  }

  /** Writes into a temporary file. */
  private interface TempWriter {
    void write(Path temp) throws IOException;
  }

  /** Puts {@code key} from a temporary file {@code writer} fills, removing it afterwards. */
  private void putVia(String key, TempWriter writer) throws IOException {
    Path temp = incoming();
    try {
      writer.write(temp);
      publish(temp, key);
    } finally {
      Files.deleteIfExists(temp);
    }
  }

  @Override
  public boolean create(String key, byte[] bytes) throws IOException {
    Path temp = incoming();
    try {
      Files.write(temp, bytes);
      force(temp);
      Path target = path(key);
      Files.createDirectories(target.getParent());
      try {
        Files.createLink(target, temp); // fails when the key exists, whoever wrote it first
        return true;
      } catch (FileAlreadyExistsException taken) {
        return false;
      }
    } finally {
      Files.deleteIfExists(temp);
    }
  }

  @Override
  public List<Listed> listWithTimes(String prefix) throws IOException {
    List<Listed> listed = new ArrayList<>();
    for (String key : list(prefix)) {
      try {
        listed.add(new Listed(key, Files.getLastModifiedTime(path(key)).toInstant()));
      } catch (NoSuchFileException gone) {
        // Deleted since the listing.
      }
    }
    return listed;
  }

  @Override
  public boolean exists(String key) throws IOException {
    return Files.isRegularFile(path(key));
  }

  @Override
  public byte[] get(String key) throws IOException {
    try {
      return Files.readAllBytes(path(key));
    } catch (NoSuchFileException e) {
      throw new ObjectNotFoundException(describe(key));
    }
  }

  @Override
  public Optional<Tagged> getIfNoneMatch(String key, String etag) throws IOException {
    byte[] bytes = get(key);
    String tag = sha256(bytes);
    return tag.equals(etag) ? Optional.empty() : Optional.of(new Tagged(bytes, tag));
  }

  @Override
  public void download(String key, Path target) throws IOException {
    Path source = path(key);
    if (!Files.isRegularFile(source)) {
      throw new ObjectNotFoundException(describe(key));
    }
    // File channels are interruptible: a stopped node's download ends at the next chunk.
    try (FileChannel in = FileChannel.open(source, StandardOpenOption.READ);
        FileChannel out =
            FileChannel.open(
                target,
                StandardOpenOption.CREATE,
                StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
      long size = in.size();
      for (long done = 0; done < size; ) {
        done += in.transferTo(done, Math.min(CHUNK, size - done), out);
      }
      out.force(true);
    } catch (java.nio.channels.ClosedByInterruptException e) {
      throw e;
    } catch (IOException e) {
      throw new IOException("cannot download " + describe(key) + " to " + target + ": " + e, e);
    }
  }

  @Override
  public List<String> list(String prefix) throws IOException {
    // Only the folder the prefix names: a vendor's index files are not found by walking every
    // photo of the store.
    int slash = prefix.lastIndexOf('/');
    Path start = slash < 0 ? root : path(prefix.substring(0, slash));
    if (!Files.isDirectory(start)) {
      return List.of();
    }
    try (Stream<Path> files = Files.walk(start)) {
      return files
          .filter(Files::isRegularFile)
          .map(
              file ->
                  root.relativize(file)
                      .toString()
                      .replace(root.getFileSystem().getSeparator(), "/"))
          .filter(key -> !key.startsWith(INCOMING + "/"))
          .filter(key -> key.startsWith(prefix))
          .sorted()
          .toList();
    }
  }

  @Override
  public List<String> folders(String prefix) throws IOException {
    Path dir = prefix.isEmpty() ? root : path(prefix.substring(0, prefix.length() - 1));
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> entries = Files.list(dir)) {
      return entries
          .map(entry -> entry.getFileName().toString())
          .filter(name -> !(dir.equals(root) && name.equals(INCOMING)))
          .sorted()
          .toList();
    }
  }

  @Override
  public void delete(String key) throws IOException {
    Files.deleteIfExists(path(key));
  }

  @Override
  public String describe(String key) {
    return root.resolve(key).toUri().toString();
  }

  @Override
  public void close() {}

  private Path path(String key) {
    if (key.isEmpty()
        || key.startsWith("/")
        || key.endsWith("/")
        || key.startsWith(INCOMING)
        || Stream.of(key.split("/", -1))
            .anyMatch(part -> part.isEmpty() || part.equals(".") || part.equals(".."))) {
      throw new IllegalArgumentException("not a store key (got: '" + key + "')");
    }
    return root.resolve(key);
  }

  private Path incoming() {
    return root.resolve(INCOMING).resolve(UUID.randomUUID() + ".tmp");
  }

  private void publish(Path temp, String key) throws IOException {
    Path target = path(key);
    force(temp);
    Files.createDirectories(target.getParent());
    try {
      Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (AtomicMoveNotSupportedException e) {
      throw new IOException("cannot move " + temp + " into place atomically: " + e.getMessage(), e);
    }
  }

  private static void force(Path file) throws IOException {
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
      channel.force(true);
    }
  }

  private static String sha256(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }
}

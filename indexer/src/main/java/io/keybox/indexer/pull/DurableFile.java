package io.keybox.indexer.pull;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Replaces a small file so that a crash at any instant leaves either the old or the new content:
 * the bytes go to a temporary sibling, which is forced to disk, then moved over the file in one
 * rename, and the folder is forced so the rename itself survives a power loss (as the store's local
 * files and the id maps are written).
 */
final class DurableFile {
  private DurableFile() {}

  /** Writes {@code bytes} as {@code file}'s whole content, durably. */
  static void write(Path file, byte[] bytes) throws IOException {
    Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
    try (FileChannel channel =
        FileChannel.open(
            temporary,
            StandardOpenOption.CREATE,
            StandardOpenOption.TRUNCATE_EXISTING,
            StandardOpenOption.WRITE)) {
      channel.write(java.nio.ByteBuffer.wrap(bytes));
      channel.force(true);
    }
    Files.move(
        temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    forceFolder(file.toAbsolutePath().getParent());
  }

  /** Forces a folder's entries to disk (a no-op where the platform cannot open a folder). */
  static void forceFolder(Path folder) throws IOException {
    try (FileChannel channel = FileChannel.open(folder, StandardOpenOption.READ)) {
      channel.force(true);
    } catch (IOException e) {
      // Linux opens a folder for reading and forces it; other platforms refuse, which is fine.
      if (!System.getProperty("os.name", "").startsWith("Linux")) {
        return;
      }
      throw e;
    }
  }
}

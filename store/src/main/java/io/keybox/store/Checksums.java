package io.keybox.store;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.zip.CRC32;
import org.apache.lucene.codecs.CodecUtil;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.IndexInput;

/** A file's {@link FileEntry}: Lucene's footer checksum for index files, CRC32 for side files. */
final class Checksums {
  private Checksums() {}

  /**
   * The entry of index file {@code name}. With {@code whole}, every byte is read and checked
   * against the footer (a corrupted file throws {@code CorruptIndexException}); without, only the
   * footer is read and its structure checked.
   */
  static FileEntry index(Directory dir, String name, boolean whole) throws IOException {
    try (IndexInput in = dir.openInput(name, IOContext.READONCE)) {
      long length = in.length();
      long checksum =
          whole ? CodecUtil.checksumEntireFile(in) : CodecUtil.retrieveChecksum(in, length);
      return new FileEntry(name, length, checksum);
    }
  }

  /**
   * Whether index file {@code expected.name()} exists in {@code dir} with the expected length and
   * footer checksum. Reads the footer only: use for files verified whole when they were written.
   */
  static boolean sameIndexFile(Directory dir, String name, FileEntry expected) {
    try {
      return index(dir, name, false)
          .equals(new FileEntry(name, expected.length(), expected.checksum()));
    } catch (NoSuchFileException e) {
      return false;
    } catch (IOException e) {
      // A truncated or foreign file: not the one expected.
      return false;
    }
  }

  /** The entry of side file {@code file}, named {@code name}: its length and whole-file CRC32. */
  static FileEntry side(Path file, String name) throws IOException {
    CRC32 crc = new CRC32();
    long length = 0;
    byte[] buffer = new byte[64 * 1024];
    try (InputStream in = Files.newInputStream(file)) {
      for (int read; (read = in.read(buffer)) > 0; ) {
        crc.update(buffer, 0, read);
        length += read;
      }
    }
    return new FileEntry(name, length, crc.getValue());
  }

  /** Whether side file {@code file} has {@code expected}'s length and CRC32. */
  static boolean sameSideFile(Path file, FileEntry expected) {
    try {
      return Files.isRegularFile(file)
          && Files.size(file) == expected.length()
          && side(file, expected.name()).equals(expected);
    } catch (IOException e) {
      return false;
    }
  }
}

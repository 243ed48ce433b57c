package io.keybox.store;

import java.util.regex.Pattern;

/**
 * One published file: its name in the vendor's folder, its length and its checksum. For an index
 * file the checksum is the CRC32 Lucene keeps in the file's footer; for a side file (an id map, the
 * pull state) it is the CRC32 of the whole file.
 */
public record FileEntry(String name, long length, long checksum) {
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.\\-]{0,199}");

  public FileEntry {
    if (name == null || !NAME.matcher(name).matches()) {
      throw new IllegalArgumentException(
          "file name must be 1-200 of A-Z, a-z, 0-9, '_', '.', '-' not starting with '.' or '-' (got:"
              + " '"
              + name
              + "')");
    }
    if (length < 0) {
      throw new IllegalArgumentException("length must be >= 0 (got: " + length + ")");
    }
    if (checksum < 0 || checksum > 0xFFFF_FFFFL) {
      throw new IllegalArgumentException("checksum must be a CRC32 (got: " + checksum + ")");
    }
  }

  /** The name, checksum and length as one object name: {@code _0.cfs.1a2b3c4d.12345}. */
  public String objectName() {
    return name + "." + String.format("%08x", checksum) + "." + length;
  }
}

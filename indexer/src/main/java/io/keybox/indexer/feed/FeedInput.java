package io.keybox.indexer.feed;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Opens a feed dump, decompressing it when its content is gzip, whatever its file name says: all of
 * its members, and nothing after them but zero padding ({@link StrictGzipInputStream}).
 */
public final class FeedInput {
  private static final int GZIP_MAGIC_1 = 0x1f;
  private static final int GZIP_MAGIC_2 = 0x8b;

  private FeedInput() {}

  /**
   * An input stream of the dump's plain bytes.
   *
   * @throws IOException when the file cannot be opened or its first gzip header is broken
   */
  public static InputStream open(Path file) throws IOException {
    InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
    in.mark(2);
    int first = in.read();
    int second = in.read();
    in.reset();
    if (first == GZIP_MAGIC_1 && second == GZIP_MAGIC_2) {
      return new BufferedInputStream(new StrictGzipInputStream(in), 1 << 16);
    }
    return in;
  }
}

package io.keybox.indexer.feed;

import java.io.BufferedInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.LongConsumer;

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
    return open(file, bytes -> {});
  }

  /**
   * As {@link #open(Path)}, telling {@code bytesRead} how many of the file's bytes each read took.
   */
  public static InputStream open(Path file, LongConsumer bytesRead) throws IOException {
    InputStream raw = Files.newInputStream(file);
    InputStream counted =
        new FilterInputStream(raw) {
          @Override
          public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
              bytesRead.accept(1);
            }
            return b;
          }

          @Override
          public int read(byte[] buffer, int offset, int length) throws IOException {
            int n = super.read(buffer, offset, length);
            if (n > 0) {
              bytesRead.accept(n);
            }
            return n;
          }
        };
    InputStream in = new BufferedInputStream(counted, 1 << 16);
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

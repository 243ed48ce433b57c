package io.keybox.generator;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ParallelGzipOutputStreamTest {

  /** About 3.5 blocks of compressible text with long-range repeats across block boundaries. */
  private static byte[] sample() {
    SplittableRandom random = new SplittableRandom(1);
    StringBuilder b = new StringBuilder();
    String[] words = {
      "listing", "Houston", "pool", "garage", "\"bedrooms\":", "null,", "Katy ", "1234"
    };
    while (b.length() < ParallelGzipOutputStream.BLOCK_SIZE * 3.5) {
      b.append(words[random.nextInt(words.length)]).append(random.nextInt(100));
    }
    return b.toString().getBytes(StandardCharsets.UTF_8);
  }

  private static byte[] compress(byte[] data, int threads, int chunk) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (ParallelGzipOutputStream gz = new ParallelGzipOutputStream(out, 4, threads)) {
      for (int i = 0; i < data.length; i += chunk) {
        if (chunk == 1) {
          gz.write(data[i]);
        } else {
          gz.write(data, i, Math.min(chunk, data.length - i));
        }
      }
    }
    return out.toByteArray();
  }

  @Test
  void roundTripsThroughAStandardGzipReader() throws IOException {
    byte[] data = sample();
    byte[] gzip = compress(data, 3, 7919);
    assertArrayEquals(data, FeedGeneratorTest.gunzip(gzip));
    assertTrue(gzip.length < data.length / 2, "compresses: " + gzip.length);
  }

  @Test
  void outputDependsOnlyOnTheInput() throws IOException {
    byte[] data = sample();
    byte[] oneThread = compress(data, 1, 8000);
    assertArrayEquals(oneThread, compress(data, 4, 8000));
    assertArrayEquals(oneThread, compress(data, 2, 65_537));
  }

  @Test
  void singleByteWritesAndEmptyStreamsWork() throws IOException {
    byte[] small = "hello, gzip\n".getBytes(StandardCharsets.UTF_8);
    assertArrayEquals(small, FeedGeneratorTest.gunzip(compress(small, 2, 1)));
    assertEquals(0, FeedGeneratorTest.gunzip(compress(new byte[0], 2, 8)).length);
  }

  @Test
  void writingAfterCloseFails() throws IOException {
    ParallelGzipOutputStream gz = new ParallelGzipOutputStream(new ByteArrayOutputStream(), 4, 1);
    gz.close();
    gz.close(); // idempotent
    assertThrows(IOException.class, () -> gz.write(1));
  }
}

package io.keybox.generator;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/**
 * A gzip stream that compresses fixed-size blocks on several threads (the technique of pigz) and
 * writes one ordinary gzip member that any gzip reader accepts.
 *
 * <p>Each block of {@value #BLOCK_SIZE} input bytes is deflated on its own, primed with the last 32
 * KiB of the previous block as its dictionary, and ended with a sync flush; {@link #close()} adds
 * an empty final block and the gzip trailer. The output depends only on the bytes written and the
 * compression level, never on the number of threads or their timing, so it is deterministic. Memory
 * use is bounded by the blocks in flight (two per thread).
 *
 * <p>NOTE: not thread-safe; one writer thread. {@link #close()} closes the wrapped stream.
 */
final class ParallelGzipOutputStream extends OutputStream {
  static final int BLOCK_SIZE = 1 << 20;
  private static final int WINDOW = 32 * 1024;
  private static final byte[] HEADER = {0x1f, (byte) 0x8b, 8, 0, 0, 0, 0, 0, 0, 0};

  /** A final deflate block with no data: BFINAL=1, fixed Huffman, end-of-block. */
  private static final byte[] EMPTY_FINAL_BLOCK = {3, 0};

  private final OutputStream out;
  private final int level;
  private final int threads;
  private final ArrayDeque<Future<byte[]>> pending = new ArrayDeque<>();
  private final CRC32 crc = new CRC32();
  private ExecutorService executor;
  private byte[] block = new byte[BLOCK_SIZE];
  private int length;
  private byte[] previous;
  private long total;
  private boolean closed;

  /**
   * @param out receives the gzip data
   * @param level the deflate level, 1 (fast) to 9 (small)
   * @param threads how many blocks are compressed at once, at least 1
   */
  ParallelGzipOutputStream(OutputStream out, int level, int threads) throws IOException {
    if (level < 1 || level > 9 || threads < 1) {
      throw new IllegalArgumentException(
          "level must be 1..9 and threads >= 1 (got: " + level + ", " + threads + ")");
    }
    this.out = out;
    this.level = level;
    this.threads = threads;
    out.write(HEADER);
  }

  @Override
  public void write(int b) throws IOException {
    ensureOpen();
    block[length++] = (byte) b;
    if (length == BLOCK_SIZE) {
      submit();
    }
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    ensureOpen();
    while (len > 0) {
      int n = Math.min(len, BLOCK_SIZE - length);
      System.arraycopy(b, off, block, length, n);
      length += n;
      off += n;
      len -= n;
      if (length == BLOCK_SIZE) {
        submit();
      }
    }
  }

  /** Finishes the gzip member (compressing what is buffered) and closes the wrapped stream. */
  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    try {
      if (length > 0) {
        submit();
      }
      drain(0);
      out.write(EMPTY_FINAL_BLOCK);
      writeIntLe((int) crc.getValue());
      writeIntLe((int) total);
    } finally {
      if (executor != null) {
        executor.shutdownNow();
      }
      out.close();
    }
  }

  private void submit() throws IOException {
    byte[] input = block;
    int size = length;
    byte[] dictionary =
        previous == null ? null : Arrays.copyOfRange(previous, BLOCK_SIZE - WINDOW, BLOCK_SIZE);
    crc.update(input, 0, size);
    total += size;
    if (executor == null) {
      executor =
          Executors.newFixedThreadPool(
              threads, Thread.ofPlatform().name("gzip").daemon().factory());
    }
    pending.add(executor.submit(() -> deflate(input, size, dictionary, level)));
    // Only full blocks serve as a dictionary, and only the last one is ever submitted short.
    previous = input;
    block = new byte[BLOCK_SIZE];
    length = 0;
    drain(2 * threads);
  }

  /** Writes finished blocks, in order, until at most {@code keep} are in flight. */
  private void drain(int keep) throws IOException {
    while (pending.size() > keep) {
      try {
        out.write(pending.poll().get());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new InterruptedIOException("interrupted while compressing");
      } catch (ExecutionException e) {
        throw new IOException("compression failed", e.getCause());
      }
    }
  }

  private static byte[] deflate(byte[] input, int size, byte[] dictionary, int level) {
    Deflater deflater = new Deflater(level, true);
    try {
      if (dictionary != null) {
        deflater.setDictionary(dictionary);
      }
      deflater.setInput(input, 0, size);
      ByteArrayOutputStream compressed = new ByteArrayOutputStream(size / 4);
      byte[] buffer = new byte[64 * 1024];
      int n;
      // A sync flush ends the block on a byte boundary without marking it final.
      do {
        n = deflater.deflate(buffer, 0, buffer.length, Deflater.SYNC_FLUSH);
        compressed.write(buffer, 0, n);
      } while (n == buffer.length || !deflater.needsInput());
      return compressed.toByteArray();
    } finally {
      deflater.end();
    }
  }

  private void writeIntLe(int v) throws IOException {
    out.write(v & 0xff);
    out.write((v >>> 8) & 0xff);
    out.write((v >>> 16) & 0xff);
    out.write((v >>> 24) & 0xff);
  }

  private void ensureOpen() throws IOException {
    if (closed) {
      throw new IOException("stream closed");
    }
  }
}

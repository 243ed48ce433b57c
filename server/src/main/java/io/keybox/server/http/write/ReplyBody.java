package io.keybox.server.http.write;

import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A body being written in memory, in chunks that are sent as they are (a gathering write): a 2 MB
 * page is neither copied while it grows nor held in one large array, which G1 would allocate as a
 * humongous object. Not thread-safe.
 */
final class ReplyBody extends OutputStream {
  /** The largest body a handler may write (the largest page is a few megabytes). */
  static final int MAX_BODY_BYTES = 64 * 1024 * 1024;

  /** Most bodies are one small page; the first chunk fits them. */
  private static final int FIRST_CHUNK = 8 * 1024;

  /** Later chunks; well below G1's humongous threshold (half a region, 512 KB at least). */
  private static final int CHUNK = 64 * 1024;

  private final List<byte[]> filled = new ArrayList<>();
  private byte[] current = new byte[FIRST_CHUNK];
  private int used;
  private int size;

  @Override
  public void write(int b) {
    checkRoom(1);
    if (used == current.length) {
      nextChunk();
    }
    current[used++] = (byte) b;
    size++;
  }

  @Override
  public void write(byte[] b, int off, int len) {
    Objects.checkFromIndexSize(off, len, b.length);
    checkRoom(len);
    int from = off;
    int left = len;
    while (left > 0) {
      if (used == current.length) {
        nextChunk();
      }
      int n = Math.min(left, current.length - used);
      System.arraycopy(b, from, current, used, n);
      used += n;
      from += n;
      left -= n;
    }
    size += len;
  }

  int size() {
    return size;
  }

  void reset() {
    filled.clear();
    used = 0;
    size = 0;
  }

  /** The body as buffers over its chunks, in order (no copy). */
  List<ByteBuffer> buffers() {
    List<ByteBuffer> buffers = new ArrayList<>(filled.size() + 1);
    for (byte[] chunk : filled) {
      buffers.add(ByteBuffer.wrap(chunk));
    }
    buffers.add(ByteBuffer.wrap(current, 0, used));
    return buffers;
  }

  private void nextChunk() {
    filled.add(current);
    current = new byte[CHUNK];
    used = 0;
  }

  private void checkRoom(int more) {
    if ((long) size + more > MAX_BODY_BYTES) {
      throw new IllegalStateException(
          "response body larger than " + MAX_BODY_BYTES + " bytes; page with a smaller limit");
    }
  }
}

package io.keybox.server.http.transport;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.xnio.conduits.AbstractStreamSourceConduit;
import org.xnio.conduits.StreamSourceConduit;

/**
 * The bottom of a connection's input: passes every read through unchanged and keeps what {@link
 * JsonErrorConduit} needs to answer a request Undertow refuses before any Keybox handler runs: how
 * many bytes were read since the last response began (more than the head limit means 431, not 400),
 * whether the request began with {@code HEAD} (whose answer has no body), and whether a Keybox
 * handler got it ({@link #handled}). It looks at the first bytes of a read only, and counts the
 * rest: no parsing, so it costs nothing per byte on the IO thread.
 *
 * <p>When Undertow ends the reading of a request no Keybox handler got, its Host check refused it
 * (the only thing between its parser and Keybox's handlers); the answer goes out at once ({@link
 * JsonErrorConduit#answerHostRefusal}), because with a broken chunked body Undertow would close the
 * connection before writing its own.
 *
 * <p>NOTE: what it keeps is about the bytes read since the last response, which is the refused
 * request unless the client pipelined it behind others in the same read; then a 400 may be called a
 * 431, a HEAD may get a body (unread: the connection closes after it), or a bad Host with a broken
 * body no answer.
 *
 * <p>Thread-safe: the IO thread reads while another thread may write the previous response.
 */
final class RequestStartConduit extends AbstractStreamSourceConduit<StreamSourceConduit> {
  private static final byte[] HEAD = "HEAD ".getBytes(StandardCharsets.US_ASCII);

  private final Runnable onClose;
  private JsonErrorConduit errors;
  private long bytesRead;
  private boolean requestStarted;
  private boolean head;
  private boolean handled;

  /**
   * @param onClose called once when reads end (the connection closes)
   */
  RequestStartConduit(StreamSourceConduit next, Runnable onClose) {
    super(next);
    this.onClose = onClose;
  }

  /** The conduit that answers the requests Undertow refuses. */
  synchronized void answerRefusalsWith(JsonErrorConduit errors) {
    this.errors = errors;
  }

  @Override
  public int read(ByteBuffer dst) throws IOException {
    int start = dst.position();
    int read = next.read(dst);
    if (read > 0) {
      seen(dst, start, read, read);
    }
    return read;
  }

  @Override
  public long read(ByteBuffer[] dsts, int offs, int len) throws IOException {
    int first = -1;
    int start = 0;
    for (int i = offs; i < offs + len && first < 0; i++) {
      if (dsts[i].hasRemaining()) {
        first = i;
        start = dsts[i].position();
      }
    }
    long read = next.read(dsts, offs, len);
    if (read > 0 && first >= 0) {
      seen(dsts[first], start, dsts[first].position() - start, read);
    }
    return read;
  }

  @Override
  public void terminateReads() throws IOException {
    JsonErrorConduit refusedBy;
    synchronized (this) {
      refusedBy = bytesRead > 0 && !handled ? errors : null;
      handled = true; // answered once
    }
    if (refusedBy != null) {
      refusedBy.answerHostRefusal();
    }
    try {
      next.terminateReads();
    } finally {
      onClose.run();
    }
  }

  /**
   * Bytes read before this conduit existed (TLS with ALPN reads the first ones itself): {@code
   * bytes} from its position to its limit, not consumed.
   */
  void alreadyRead(ByteBuffer bytes) {
    seen(bytes, bytes.position(), bytes.remaining(), bytes.remaining());
  }

  /** A Keybox handler got the request being read: it answers it. */
  synchronized void handled() {
    handled = true;
  }

  /** A response went out: the next bytes read start another request. */
  synchronized void responseWritten() {
    bytesRead = 0;
    requestStarted = false;
    handled = false;
  }

  /** Bytes read since the last response began. */
  synchronized long bytesRead() {
    return bytesRead;
  }

  /** Whether the bytes read since the last response began with {@code HEAD }. */
  synchronized boolean isHead() {
    return requestStarted && head;
  }

  /** {@code total} bytes were read, the first {@code count} of them from {@code from} in buffer. */
  private synchronized void seen(ByteBuffer buffer, int from, int count, long total) {
    bytesRead += total;
    if (!requestStarted && count > 0) {
      requestStarted = true;
      head = true;
      // A request split before its method ends counts as HEAD if what came matches.
      for (int i = 0; i < Math.min(count, HEAD.length); i++) {
        head &= buffer.get(from + i) == HEAD[i];
      }
    }
  }
}

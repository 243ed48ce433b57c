package io.keybox.server.http.transport;

import io.keybox.server.http.edge.AccessLog;
import io.keybox.server.http.edge.EdgeHandler;
import io.keybox.server.http.edge.MediaType;
import io.keybox.server.http.write.Responses;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.xnio.channels.StreamSourceChannel;
import org.xnio.conduits.AbstractStreamSinkConduit;
import org.xnio.conduits.Conduits;
import org.xnio.conduits.StreamSinkConduit;

/**
 * The bottom of a connection's output: passes every byte through, except that it replaces the empty
 * 4xx heads Undertow writes by itself ({@link UndertowErrorHead}: a request its parser refuses, a
 * bad Host header) with a JSON error response like every other error of the API (API.md §3), and
 * writes the access log line such a request would otherwise never get. Undertow's parser does not
 * say why it refused a request, so neither does the message; a head past the limit is a 431, as the
 * count of {@link RequestStartConduit} tells (Undertow answers it with a plain 400).
 *
 * <p>Undertow closes the connection after those responses, so the replacement says {@code
 * Connection: close} too. A request its Host check refused is answered as soon as Undertow stops
 * reading it ({@link #answerHostRefusal}): with a broken chunked body, Undertow would close the
 * connection without writing its own answer.
 */
final class JsonErrorConduit extends AbstractStreamSinkConduit<StreamSinkConduit> {
  private final RequestStartConduit request;
  private final long maxHeadBytes;
  private final AccessLog accessLog;

  /** The replacement still to be written, or null. */
  private ByteBuffer pending;

  private boolean terminateRequested;

  /** A Host refusal was answered; Undertow's own answer to it, if it comes, is dropped. */
  private boolean hostRefusalAnswered;

  JsonErrorConduit(
      StreamSinkConduit next, RequestStartConduit request, long maxHeadBytes, AccessLog accessLog) {
    super(next);
    this.request = request;
    this.maxHeadBytes = maxHeadBytes;
    this.accessLog = accessLog;
  }

  @Override
  public int write(ByteBuffer src) throws IOException {
    if (!writePending()) {
      return 0;
    }
    Optional<UndertowErrorHead> head = UndertowErrorHead.in(src);
    if (head.isPresent()) {
      int consumed = src.remaining();
      src.position(src.limit());
      if (hostRefusalAnswered) {
        hostRefusalAnswered = false;
      } else {
        pending = replacement(head.get());
        request.responseWritten();
        writePending();
      }
      return consumed;
    }
    request.responseWritten();
    return next.write(src);
  }

  @Override
  public long write(ByteBuffer[] srcs, int offs, int len) throws IOException {
    if (len > 0 && onlyFirstHasBytes(srcs, offs, len)) {
      return write(srcs[offs]);
    }
    if (!writePending()) {
      return 0;
    }
    request.responseWritten();
    return next.write(srcs, offs, len);
  }

  @Override
  public int writeFinal(ByteBuffer src) throws IOException {
    return Conduits.writeFinalBasic(this, src);
  }

  @Override
  public long writeFinal(ByteBuffer[] srcs, int offs, int len) throws IOException {
    return Conduits.writeFinalBasic(this, srcs, offs, len);
  }

  @Override
  public long transferFrom(FileChannel src, long position, long count) throws IOException {
    if (!writePending()) {
      return 0;
    }
    request.responseWritten();
    return next.transferFrom(src, position, count);
  }

  @Override
  public long transferFrom(StreamSourceChannel source, long count, ByteBuffer throughBuffer)
      throws IOException {
    if (!writePending()) {
      throughBuffer.limit(0);
      return 0;
    }
    request.responseWritten();
    return next.transferFrom(source, count, throughBuffer);
  }

  @Override
  public void terminateWrites() throws IOException {
    if (pending != null) {
      terminateRequested = true; // after the replacement is out; see flush()
      return;
    }
    next.terminateWrites();
  }

  @Override
  public boolean flush() throws IOException {
    if (!writePending()) {
      return false;
    }
    if (terminateRequested) {
      terminateRequested = false;
      next.terminateWrites();
    }
    return next.flush();
  }

  @Override
  public void awaitWritable() throws IOException {
    next.awaitWritable();
  }

  @Override
  public void awaitWritable(long time, TimeUnit timeUnit) throws IOException {
    next.awaitWritable(time, timeUnit);
  }

  /** Writes what is left of the replacement; true when nothing is left. */
  private boolean writePending() throws IOException {
    while (pending != null && pending.hasRemaining()) {
      if (next.write(pending) == 0) {
        return false;
      }
    }
    pending = null;
    return true;
  }

  /**
   * Answers now the request being read, which Undertow's Host check refused: the JSON 400
   * Undertow's own answer would have been replaced with. Nothing when the connection is already
   * closed.
   */
  void answerHostRefusal() {
    if (pending != null) {
      return;
    }
    String requestId = EdgeHandler.newRequestId();
    pending = answer("HTTP/1.1", 400, UndertowErrorHead.HOST_MESSAGE, requestId);
    int size = pending.remaining();
    try {
      writePending();
    } catch (IOException e) {
      pending = null; // closed: there is no one to answer
      return;
    }
    hostRefusalAnswered = true;
    request.responseWritten();
    accessLog.logUnparsed(request.isHead() ? "HEAD" : "-", 400, size, requestId);
  }

  /** The JSON answer replacing Undertow's {@code head}, its access log line written. */
  private ByteBuffer replacement(UndertowErrorHead head) {
    int status = head.status();
    String message = head.message();
    if (head.isParserRefusal() && request.bytesRead() > maxHeadBytes) {
      status = 431;
      message = "the request head (URL and headers) is larger than " + maxHeadBytes + " bytes";
    }
    String requestId = EdgeHandler.newRequestId();
    ByteBuffer response = answer(head.version(), status, message, requestId);
    accessLog.logUnparsed(request.isHead() ? "HEAD" : "-", status, response.remaining(), requestId);
    return response;
  }

  /** A whole JSON error response; without the body for a HEAD. */
  private ByteBuffer answer(String version, int status, String message, String requestId) {
    byte[] body = Responses.errorBody(status, message);
    String responseHead =
        version
            + " "
            + status
            + " "
            + Responses.reasonPhrase(status)
            + "\r\nContent-Type: "
            + MediaType.JSON.contentType()
            + "\r\nContent-Length: "
            + body.length
            + "\r\nX-Request-Id: "
            + requestId
            + "\r\nX-Service-Media-Type: "
            + MediaType.SERVICE_MEDIA_TYPE
            + "\r\nX-SimplyRETS-Media-Type: "
            + MediaType.UPSTREAM_MEDIA_TYPE
            + "\r\nConnection: close\r\n\r\n";
    byte[] headBytes = responseHead.getBytes(StandardCharsets.ISO_8859_1);
    if (request.isHead()) {
      body = new byte[0]; // the head says how long the body would be; a HEAD gets none
    }
    ByteBuffer response = ByteBuffer.allocate(headBytes.length + body.length);
    response.put(headBytes).put(body).flip();
    return response;
  }

  private static boolean onlyFirstHasBytes(ByteBuffer[] srcs, int offs, int len) {
    for (int i = offs + 1; i < offs + len; i++) {
      if (srcs[i].hasRemaining()) {
        return false;
      }
    }
    return true;
  }
}

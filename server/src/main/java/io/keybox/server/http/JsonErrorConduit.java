package io.keybox.server.http;

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
 * 4xx heads Undertow writes by itself ({@link UndertowErrorHead}: a request its parser rejects, a
 * bad Host header) with a JSON error response like every other error of the API (API.md §3), says
 * in the message what was wrong ({@link RequestHeadScanner}), and writes the access log line such a
 * request would otherwise never get.
 *
 * <p>Undertow closes the connection after those responses, so the replacement says {@code
 * Connection: close} too.
 */
final class JsonErrorConduit extends AbstractStreamSinkConduit<StreamSinkConduit> {
  private final RequestHeadScanner scanner;
  private final AccessLog accessLog;

  /** The replacement still to be written, or null. */
  private ByteBuffer pending;

  private boolean terminateRequested;

  JsonErrorConduit(StreamSinkConduit next, RequestHeadScanner scanner, AccessLog accessLog) {
    super(next);
    this.scanner = scanner;
    this.accessLog = accessLog;
  }

  @Override
  public int write(ByteBuffer src) throws IOException {
    if (!writePending()) {
      return 0;
    }
    Optional<UndertowErrorHead> head = UndertowErrorHead.in(src);
    scanner.responseWritten();
    if (head.isPresent()) {
      int consumed = src.remaining();
      src.position(src.limit());
      pending = replacement(head.get());
      writePending();
      return consumed;
    }
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
    scanner.responseWritten();
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
    scanner.responseWritten();
    return next.transferFrom(src, position, count);
  }

  @Override
  public long transferFrom(StreamSourceChannel source, long count, ByteBuffer throughBuffer)
      throws IOException {
    if (!writePending()) {
      throughBuffer.limit(0);
      return 0;
    }
    scanner.responseWritten();
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

  private ByteBuffer replacement(UndertowErrorHead head) {
    int status = head.status();
    String message = head.message();
    Optional<RequestHeadScanner.Problem> problem = scanner.problem();
    if (problem.isPresent() && head.status() == 400 && head.reason().equals("Bad Request")) {
      status = problem.get().status();
      message = problem.get().message();
    }
    String requestId = EdgeHandler.newRequestId();
    byte[] body = Responses.errorBody(status, message);
    String responseHead =
        head.version()
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
            + "\r\nConnection: close\r\n\r\n";
    byte[] headBytes = responseHead.getBytes(StandardCharsets.ISO_8859_1);
    if (scanner.method().equals("HEAD")) {
      body = new byte[0]; // the head says how long the body would be; a HEAD gets none
    }
    ByteBuffer response = ByteBuffer.allocate(headBytes.length + body.length);
    response.put(headBytes).put(body).flip();
    accessLog.logUnparsed(scanner.request(), status, response.remaining(), requestId);
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

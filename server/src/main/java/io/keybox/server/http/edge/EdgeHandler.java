package io.keybox.server.http.edge;

import io.keybox.server.error.ApiException;
import io.keybox.server.error.RequestException;
import io.keybox.server.http.write.BufferedResponse;
import io.keybox.server.http.write.Responses;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.HeaderValues;
import io.undertow.util.Headers;
import io.undertow.util.HttpString;
import java.lang.System.Logger.Level;
import java.util.HexFormat;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The outer edge of every request: the path in its one normalised form ({@link RequestPath}), the
 * media type and common headers, a request id, the one place where exceptions become JSON error
 * responses, and the access log line.
 *
 * <p>An {@link ApiException} becomes its status and message; a {@link RequestException} of the
 * domain (query, search, index) becomes the status of its type ({@link ErrorStatus}) and its
 * message. Anything else is a 500 whose body carries only the request id; the stack trace goes to
 * the server log under the same id, never to the client.
 */
public final class EdgeHandler implements HttpHandler {
  private static final System.Logger LOG = System.getLogger("keybox.server");
  private static final HttpString REQUEST_ID = new HttpString("X-Request-Id");
  private static final HttpString SERVICE_MEDIA_TYPE = new HttpString("X-Service-Media-Type");
  private static final HttpString UPSTREAM_MEDIA_TYPE = new HttpString("X-SimplyRETS-Media-Type");
  private final HttpHandler next;
  private final AccessLog accessLog;

  public EdgeHandler(HttpHandler next, AccessLog accessLog) {
    this.next = next;
    this.accessLog = accessLog;
  }

  @Override
  public void handleRequest(HttpServerExchange exchange) {
    String requestId = open(exchange, accessLog);
    try {
      // Before any check that reads the path, so they all read the same one.
      exchange.setRelativePath(RequestPath.normalize(exchange.getRelativePath()));
      exchange.putAttachment(
          Exchanges.MEDIA_TYPE,
          MediaType.negotiate(accept(exchange.getRequestHeaders().get(Headers.ACCEPT))));
      next.handleRequest(exchange);
    } catch (ApiException e) {
      if (e.retryAfterSeconds() > 0) {
        exchange.getResponseHeaders().put(Headers.RETRY_AFTER, e.retryAfterSeconds());
      }
      fail(exchange, e.status(), e.getMessage());
    } catch (RequestException e) {
      fail(exchange, ErrorStatus.of(e), e.getMessage());
    } catch (Throwable e) {
      LOG.log(Level.ERROR, "request " + requestId + " failed", e);
      fail(exchange, 500, "internal error; request id " + requestId);
    }
  }

  /**
   * What every answer carries, and its access log line: a new request id (attached and in {@code
   * X-Request-Id}), the common headers, and the line written once the exchange completes. For
   * routes answered in front of this handler too (the photos' IO-thread lane), so their answers and
   * log lines are the same.
   *
   * @return the request id
   */
  public static String open(HttpServerExchange exchange, AccessLog accessLog) {
    long started = System.nanoTime();
    String requestId = newRequestId();
    exchange.putAttachment(Exchanges.REQUEST_ID, requestId);
    exchange.getResponseHeaders().put(REQUEST_ID, requestId);
    exchange.getResponseHeaders().put(SERVICE_MEDIA_TYPE, MediaType.SERVICE_MEDIA_TYPE);
    exchange.getResponseHeaders().put(UPSTREAM_MEDIA_TYPE, MediaType.UPSTREAM_MEDIA_TYPE);
    exchange.getResponseHeaders().put(Headers.VARY, "Accept, Accept-Encoding");
    exchange.addExchangeCompleteListener(
        (done, nextListener) -> {
          accessLog.log(done, requestId, System.nanoTime() - started);
          nextListener.proceed();
        });
    return requestId;
  }

  private static void fail(HttpServerExchange exchange, int status, String message) {
    BufferedResponse.discard(exchange); // a half-written body must not precede the error
    if (exchange.isResponseStarted() || BufferedResponse.isCommitted(exchange)) {
      // Too late for an error body: the status line is gone. Cut the connection so the client sees
      // a broken response rather than a truncated one that looks complete.
      org.xnio.IoUtils.safeClose(exchange.getConnection());
      return;
    }
    exchange.getResponseHeaders().remove(Headers.CONTENT_LENGTH);
    if (status == 401) {
      exchange.getResponseHeaders().put(Headers.WWW_AUTHENTICATE, "Basic realm=\"keybox\"");
    }
    Responses.error(exchange, status, message);
  }

  /** Every Accept line of the request as one list (a client may send several); null if none. */
  private static String accept(HeaderValues lines) {
    return lines == null || lines.isEmpty() ? null : String.join(",", lines);
  }

  /** A fresh request id: 16 random hex digits. */
  public static String newRequestId() {
    // A correlation id, not a secret: a thread-local generator, without SecureRandom's lock.
    return HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextLong());
  }
}

package io.keybox.server.http.edge;

import io.keybox.server.auth.Account;
import io.undertow.server.HttpServerExchange;
import java.io.PrintStream;
import java.time.Instant;

/**
 * One line per request (OPERATIONS.md §6): time, key, method, path and query, status, bytes,
 * milliseconds, request id. Never the Authorization header or a secret: only the key name of an
 * authenticated account is written.
 *
 * <pre>
 * 2026-11-01T06:00:00.123Z key=demo GET /properties?cities=Katy 200 5123B 3.1ms id=9f2c4e1a0b3d5e7f
 * </pre>
 *
 * <p>Lines are written by a background thread a batch at a time ({@link BatchedLines}), within
 * {@value BatchedLines#PERIOD_MILLIS} ms; {@link #close} writes the rest.
 */
public final class AccessLog implements AutoCloseable {
  private final BatchedLines out;

  public AccessLog(PrintStream out) {
    this.out = new BatchedLines(out);
  }

  /** Writes every line logged so far. */
  public void flush() {
    out.flush();
  }

  /** Writes every line logged so far and stops the writer; later lines are written at once. */
  @Override
  public void close() {
    out.close();
  }

  void log(HttpServerExchange exchange, String requestId, long nanos) {
    Account account = exchange.getAttachment(Exchanges.ACCOUNT);
    String query = exchange.getQueryString();
    line(
        account == null ? "-" : account.key(),
        exchange.getRequestMethod().toString(),
        exchange.getRequestPath() + (query == null || query.isEmpty() ? "" : "?" + query),
        exchange.getStatusCode(),
        exchange.getResponseBytesSent(),
        milliseconds(nanos),
        requestId);
  }

  /**
   * A request Undertow refused before any handler ran: {@code request} is what is known of its
   * method and target ({@code -} when nothing), already escaped; its duration is unknown ({@code
   * -}).
   */
  public void logUnparsed(String request, int status, long bytes, String requestId) {
    int space = request.indexOf(' ');
    line(
        "-",
        space < 0 ? request : request.substring(0, space),
        space < 0 ? "-" : request.substring(space + 1),
        status,
        bytes,
        "-",
        requestId);
  }

  private void line(
      String key,
      String method,
      String pathAndQuery,
      int status,
      long bytes,
      String duration,
      String requestId) {
    // Built by hand rather than with printf: a Formatter per request showed in the server's
    // profile, and one print is one write of the whole line.
    StringBuilder line = new StringBuilder(128 + pathAndQuery.length());
    line.append(Instant.now())
        .append(" key=")
        .append(sanitize(key))
        .append(' ')
        .append(sanitize(method))
        .append(' ')
        .append(sanitize(pathAndQuery))
        .append(' ')
        .append(status)
        .append(' ')
        .append(bytes)
        .append("B ")
        .append(duration)
        .append(" id=")
        .append(requestId)
        .append(System.lineSeparator());
    out.add(line.toString());
  }

  /** {@code nanos} as milliseconds with one decimal, rounded half up: {@code 3.1ms}. */
  static String milliseconds(long nanos) {
    long tenths = (Math.max(0, nanos) + 50_000) / 100_000;
    return (tenths / 10) + "." + (tenths % 10) + "ms";
  }

  /** Control characters would let a request forge log lines; they are escaped. */
  private static String sanitize(String text) {
    if (!hasControl(text)) {
      return text;
    }
    StringBuilder out = new StringBuilder(text.length());
    text.codePoints()
        .forEach(
            c -> {
              if (Character.isISOControl(c)) {
                out.append(String.format("\\x%02x", c));
              } else {
                out.appendCodePoint(c);
              }
            });
    return out.toString();
  }

  /** A loop rather than a stream: it runs three times for every request's line. */
  private static boolean hasControl(String text) {
    for (int i = 0; i < text.length(); i++) {
      if (Character.isISOControl(text.charAt(i))) {
        return true;
      }
    }
    return false;
  }
}

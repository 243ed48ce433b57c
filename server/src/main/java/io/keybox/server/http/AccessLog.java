package io.keybox.server.http;

import io.keybox.server.auth.Account;
import io.undertow.server.HttpServerExchange;
import java.io.PrintStream;
import java.time.Instant;

/**
 * One line per request (OPERATIONS.md §6): time, key, method, path and query, status, bytes,
 * milliseconds, request id. Never the Authorization header or a secret: only the key name of an
 * authenticated account is written.
 */
final class AccessLog {
  private final PrintStream out;

  AccessLog(PrintStream out) {
    this.out = out;
  }

  void log(HttpServerExchange exchange, String requestId, long nanos) {
    Account account = exchange.getAttachment(Exchanges.ACCOUNT);
    String query = exchange.getQueryString();
    out.printf(
        "%s key=%s %s %s%s %d %dB %.1fms id=%s%n",
        Instant.now(),
        account == null ? "-" : account.key(),
        exchange.getRequestMethod(),
        sanitize(exchange.getRequestPath()),
        query == null || query.isEmpty() ? "" : "?" + sanitize(query),
        exchange.getStatusCode(),
        exchange.getResponseBytesSent(),
        nanos / 1e6,
        requestId);
  }

  /** Control characters would let a request forge log lines; they are escaped. */
  private static String sanitize(String text) {
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
}

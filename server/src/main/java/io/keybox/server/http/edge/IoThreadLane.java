package io.keybox.server.http.edge;

import io.keybox.server.auth.Account;
import io.keybox.server.auth.Authenticator;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import io.undertow.util.Methods;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * Which admitted requests run on the connection's IO thread instead of a worker: those that cannot
 * block long. Handing a request to a worker and its answer back to the IO thread costs two thread
 * wake-ups; on a single listing (a term lookup and one stored document, tens of microseconds) the
 * profile put a third of the server's CPU in the kernel's task switching (see bench/README.md,
 * "Optimisations").
 *
 * <p>A request qualifies when all of these hold, each because the IO thread must never wait:
 *
 * <ul>
 *   <li>it is a {@code GET} of one record, {@code /properties/{mlsId}} or {@code
 *       /openhouses/{openHouseKey}} with a key of digits, so the work is one lookup;
 *   <li>it has no body to read (no {@code Content-Length} but 0, no {@code Transfer-Encoding});
 *   <li>its credentials are in the authenticator's cache, so the slow hash (and the wait for a
 *       shared one) is never run here.
 * </ul>
 *
 * Anything else, including a first request of new credentials, goes to a worker as before.
 */
public final class IoThreadLane implements Predicate<HttpServerExchange> {
  private final Authenticator authenticator;

  public IoThreadLane(Authenticator authenticator) {
    this.authenticator = authenticator;
  }

  /** A lane that takes no request: every request goes to a worker. */
  public static Predicate<HttpServerExchange> none() {
    return exchange -> false;
  }

  /**
   * Whether {@code exchange} takes the lane. When it does, the account its cached credentials name
   * is attached ({@link Exchanges#ACCOUNT}), and {@link AuthHandler} takes it rather than decoding
   * and looking up the same credentials a second time.
   */
  @Override
  public boolean test(HttpServerExchange exchange) {
    if (!exchange.getRequestMethod().equals(Methods.GET)
        || !isRecordPath(exchange.getRelativePath())
        || !hasNoBody(exchange)) {
      return false;
    }
    Optional<Account> account =
        authenticator.authenticateCached(
            exchange.getRequestHeaders().getFirst(Headers.AUTHORIZATION));
    account.ifPresent(verified -> exchange.putAttachment(Exchanges.ACCOUNT, verified));
    return account.isPresent();
  }

  /**
   * {@code /properties/} or {@code /openhouses/} and 1 to 19 digits: one record's lookup. An
   * escaped or odd path does not qualify (it is normalised later, on the worker, as before).
   */
  static boolean isRecordPath(String path) {
    int digitsFrom;
    if (path.startsWith("/properties/")) {
      digitsFrom = "/properties/".length();
    } else if (path.startsWith("/openhouses/")) {
      digitsFrom = "/openhouses/".length();
    } else {
      return false;
    }
    int digits = path.length() - digitsFrom;
    if (digits < 1 || digits > 19) {
      return false;
    }
    for (int i = digitsFrom; i < path.length(); i++) {
      char c = path.charAt(i);
      if (c < '0' || c > '9') {
        return false;
      }
    }
    return true;
  }

  private static boolean hasNoBody(HttpServerExchange exchange) {
    if (exchange.getRequestHeaders().contains(Headers.TRANSFER_ENCODING)) {
      return false;
    }
    String length = exchange.getRequestHeaders().getFirst(Headers.CONTENT_LENGTH);
    return length == null || length.equals("0");
  }
}

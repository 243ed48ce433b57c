package io.keybox.server.http.pages;

import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import io.undertow.util.Methods;
import io.undertow.util.StatusCodes;

/** What the file routes answer to a method other than GET or HEAD: 405 with {@code Allow}. */
final class ReadOnlyMethods {
  private ReadOnlyMethods() {}

  /** Ends {@code exchange} with a 405 unless it is a GET or HEAD; returns whether it did. */
  static boolean refused(HttpServerExchange exchange) {
    if (exchange.getRequestMethod().equals(Methods.GET)
        || exchange.getRequestMethod().equals(Methods.HEAD)) {
      return false;
    }
    exchange.setStatusCode(StatusCodes.METHOD_NOT_ALLOWED);
    exchange.getResponseHeaders().put(Headers.ALLOW, "GET, HEAD");
    exchange.endExchange();
    return true;
  }
}

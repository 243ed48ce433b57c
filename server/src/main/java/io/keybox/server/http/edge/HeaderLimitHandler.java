package io.keybox.server.http.edge;

import io.keybox.server.error.ApiException;
import io.keybox.server.http.Limits;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;

/**
 * 431 for a request with more header lines than {@link Limits#maxHeaders}, before any work is spent
 * on it. Undertow's own header limit is set higher (the head's size bounds it), since it can only
 * answer a plain 400.
 */
public final class HeaderLimitHandler implements HttpHandler {
  private final int maxHeaders;
  private final HttpHandler next;

  public HeaderLimitHandler(int maxHeaders, HttpHandler next) {
    this.maxHeaders = maxHeaders;
    this.next = next;
  }

  @Override
  public void handleRequest(HttpServerExchange exchange) throws Exception {
    if (exchange.getRequestHeaders().size() > maxHeaders) {
      throw ApiException.headersTooLarge(
          "too many header lines; at most " + maxHeaders + " are allowed");
    }
    next.handleRequest(exchange);
  }
}

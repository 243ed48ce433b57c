package io.keybox.server.http.edge;

import io.keybox.server.error.ApiException;
import io.keybox.server.http.Limits;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;

/**
 * 414 for a request target (path and query) longer than {@link Limits#maxUrlLength}, before any
 * work is spent on it. Longer heads than the connector takes never get this far (431).
 */
public final class UrlLimitHandler implements HttpHandler {
  private final int maxUrlLength;
  private final HttpHandler next;

  public UrlLimitHandler(int maxUrlLength, HttpHandler next) {
    this.maxUrlLength = maxUrlLength;
    this.next = next;
  }

  @Override
  public void handleRequest(HttpServerExchange exchange) throws Exception {
    String query = exchange.getQueryString();
    long length = exchange.getRequestURI().length() + (query.isEmpty() ? 0 : 1 + query.length());
    if (length > maxUrlLength) {
      throw ApiException.uriTooLong(
          "the URL is "
              + length
              + " bytes long; at most "
              + maxUrlLength
              + " are allowed (a polygon of 1,000 points fits)");
    }
    next.handleRequest(exchange);
  }
}

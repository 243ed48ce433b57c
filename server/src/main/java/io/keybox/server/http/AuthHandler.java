package io.keybox.server.http;

import io.keybox.server.auth.Authenticator;
import io.keybox.server.error.ApiException;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;

/**
 * HTTP Basic authentication (API.md §2): attaches the account, or answers 401. Every API request
 * needs credentials, OPTIONS metadata included.
 */
final class AuthHandler implements HttpHandler {
  private final Authenticator authenticator;
  private final HttpHandler next;

  AuthHandler(Authenticator authenticator, HttpHandler next) {
    this.authenticator = authenticator;
    this.next = next;
  }

  @Override
  public void handleRequest(HttpServerExchange exchange) throws Exception {
    String authorization = exchange.getRequestHeaders().getFirst(Headers.AUTHORIZATION);
    exchange.putAttachment(
        Exchanges.ACCOUNT,
        authenticator
            .authenticate(authorization)
            .orElseThrow(
                () ->
                    ApiException.unauthorized(
                        authorization == null
                            ? "credentials required: HTTP Basic with your API key and secret"
                            : "wrong API key or secret")));
    next.handleRequest(exchange);
  }
}

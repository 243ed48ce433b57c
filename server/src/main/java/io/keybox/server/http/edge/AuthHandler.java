package io.keybox.server.http.edge;

import io.keybox.server.auth.Account;
import io.keybox.server.auth.Authenticator;
import io.keybox.server.auth.BearerTokens;
import io.keybox.server.error.ApiException;
import io.keybox.server.http.write.Responses;
import io.keybox.server.limit.LoginThrottle;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import java.util.Optional;

/**
 * HTTP Basic authentication (API.md §2): attaches the account, or answers 401. Every API request
 * needs credentials, OPTIONS metadata included. On the RESO Web API a bearer token of {@code POST
 * /oauth2/token} is accepted too ({@link BearerTokens}).
 *
 * <p>Credentials verified before come from the authenticator's cache and cost nothing. Others cost
 * a slow hash, so they are rationed: each client address has a budget of failed logins ({@link
 * LoginThrottle}; 429 with {@code Retry-After} when spent, without hashing), and when too many
 * hashes are running or waiting the answer is 503 with {@code Retry-After}. A flood of wrong
 * secrets therefore slows only itself.
 */
public final class AuthHandler implements HttpHandler {
  private static final String BEARER = "Bearer ";
  private final Authenticator authenticator;
  private final LoginThrottle throttle;
  private final boolean behindProxy;
  private final HttpHandler next;

  public AuthHandler(
      Authenticator authenticator, LoginThrottle throttle, boolean behindProxy, HttpHandler next) {
    this.authenticator = authenticator;
    this.throttle = throttle;
    this.behindProxy = behindProxy;
    this.next = next;
  }

  @Override
  public void handleRequest(HttpServerExchange exchange) throws Exception {
    if (exchange.getAttachment(Exchanges.ACCOUNT) != null) {
      next.handleRequest(exchange); // verified from the cache by the IO thread's lane
      return;
    }
    String authorization = exchange.getRequestHeaders().getFirst(Headers.AUTHORIZATION);
    if (authorization != null
        && authorization.regionMatches(true, 0, BEARER, 0, BEARER.length())
        && Responses.isReso(exchange)) {
      exchange.putAttachment(Exchanges.ACCOUNT, bearer(exchange, authorization));
      next.handleRequest(exchange);
      return;
    }
    Optional<Account> account = authenticator.authenticateCached(authorization);
    if (account.isEmpty()) {
      account = verify(exchange, authorization);
    }
    exchange.putAttachment(Exchanges.ACCOUNT, account.get());
    next.handleRequest(exchange);
  }

  /**
   * The account of a bearer token on the RESO Web API (elsewhere a bearer token is malformed
   * credentials, API.md §2): signed by this service's key, not expired, and naming a key the keys
   * file still holds; else 401. The signature check is cheap, so no throttle.
   */
  private Account bearer(HttpServerExchange exchange, String authorization) {
    BearerTokens tokens =
        authenticator
            .bearerTokens()
            .orElseThrow(
                () ->
                    ApiException.unauthorized(
                        "this server issues no bearer tokens; use HTTP Basic with your API key"));
    try {
      String key = tokens.verify(authorization.substring(BEARER.length()).strip());
      return authenticator
          .accounts()
          .find(key)
          .orElseThrow(() -> ApiException.unauthorized("the token's API key no longer exists"));
    } catch (BearerTokens.RejectedException e) {
      throw ApiException.unauthorized(e.getMessage());
    }
  }

  private Optional<Account> verify(HttpServerExchange exchange, String authorization) {
    if (authorization == null) {
      throw ApiException.unauthorized(
          "credentials required: HTTP Basic with your API key and secret");
    }
    if (!Authenticator.isWellFormed(authorization)) {
      throw ApiException.unauthorized(
          "malformed credentials: expected HTTP Basic with your API key and secret");
    }
    String client = ClientAddress.of(exchange, behindProxy);
    long wait = throttle.tryAttempt(client);
    if (wait > 0) {
      throw ApiException.tooManyRequests(
          "too many failed logins from this address; check the API key and secret, and retry in "
              + wait
              + " s",
          wait);
    }
    Optional<Account> account;
    try {
      account = authenticator.authenticate(authorization);
    } catch (Authenticator.BusyException e) {
      throw ApiException.unavailable("too many logins are being checked at once; retry shortly", 1);
    }
    if (account.isEmpty()) {
      throw ApiException.unauthorized("wrong API key or secret");
    }
    throttle.succeeded(client);
    return account;
  }
}

package io.keybox.server.http.edge;

import io.keybox.server.auth.Account;
import io.keybox.server.error.ApiException;
import io.keybox.server.limit.RateDecision;
import io.keybox.server.limit.RateLimiter;
import io.keybox.server.metrics.Metrics;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.HttpString;

/**
 * Each key's rate limit (API.md §2): counts the request against the key's token bucket, puts {@code
 * RateLimit-Limit} (the burst), {@code RateLimit-Remaining} (requests left right now) and {@code
 * RateLimit-Reset} (seconds until the bucket is full again) on the response, whatever its status,
 * and answers 429 with {@code Retry-After} when the bucket is empty.
 */
public final class RateLimitHandler implements HttpHandler {
  static final HttpString LIMIT = new HttpString("RateLimit-Limit");
  static final HttpString REMAINING = new HttpString("RateLimit-Remaining");
  static final HttpString RESET = new HttpString("RateLimit-Reset");

  private final RateLimiter limiter;
  private final Metrics metrics;
  private final HttpHandler next;

  public RateLimitHandler(RateLimiter limiter, Metrics metrics, HttpHandler next) {
    this.limiter = limiter;
    this.metrics = metrics;
    this.next = next;
  }

  @Override
  public void handleRequest(HttpServerExchange exchange) throws Exception {
    Account account = Exchanges.account(exchange);
    RateDecision decision = limiter.acquire(account.key(), account.rateLimit());
    exchange.getResponseHeaders().put(LIMIT, decision.limit());
    exchange.getResponseHeaders().put(REMAINING, decision.remaining());
    exchange.getResponseHeaders().put(RESET, decision.resetSeconds());
    if (!decision.allowed()) {
      metrics.rateLimited(account.key());
      throw ApiException.tooManyRequests(
          "rate limit exceeded: this key may make "
              + account.rateLimit().perSecond()
              + " requests per second, in bursts of up to "
              + account.rateLimit().burst()
              + "; retry in "
              + decision.retryAfterSeconds()
              + " s",
          decision.retryAfterSeconds());
    }
    next.handleRequest(exchange);
  }
}

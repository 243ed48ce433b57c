package io.keybox.server.limit;

/**
 * The answer of a {@link TokenBucket} to one request, with what the {@code RateLimit-*} headers
 * report.
 *
 * @param allowed whether the request may go ahead (it took a token)
 * @param limit the bucket's size: requests that may arrive at once after a quiet period
 * @param remaining whole tokens left after this request
 * @param resetSeconds seconds until the bucket is full again (0 when it is full)
 * @param retryAfterSeconds when not allowed, seconds until one token is back (at least 1); else 0
 */
public record RateDecision(
    boolean allowed, int limit, int remaining, long resetSeconds, long retryAfterSeconds) {}

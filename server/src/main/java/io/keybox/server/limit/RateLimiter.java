package io.keybox.server.limit;

import io.keybox.server.auth.RateLimit;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * Each API key's request rate (API.md §2): one {@link TokenBucket} per key, sized by the key's
 * {@link RateLimit} from the keys file. Thread-safe.
 *
 * <p>When the keys file changes a key's limit, the key's bucket takes the new size and rate on its
 * next request and keeps the tokens it had (at most the new size), so a reload neither punishes nor
 * frees a busy key.
 *
 * <p>NOTE: buckets are kept per key name for the life of the server; there are only as many as the
 * keys file has ever named, so they are never evicted.
 */
public final class RateLimiter {
  private final LongSupplier nanoClock;
  private final ConcurrentHashMap<String, TokenBucket> buckets = new ConcurrentHashMap<>();

  /** A limiter on the system's monotonic clock. */
  public RateLimiter() {
    this(System::nanoTime);
  }

  /** A limiter on the given clock (tests). */
  public RateLimiter(LongSupplier nanoClock) {
    this.nanoClock = nanoClock;
  }

  /** Counts one request of {@code key} against {@code limit}. */
  public RateDecision acquire(String key, RateLimit limit) {
    TokenBucket bucket =
        buckets.compute(
            key,
            (k, existing) -> {
              if (existing == null) {
                return new TokenBucket(limit.perSecond(), limit.burst(), nanoClock);
              }
              if (existing.burst() != limit.burst() || existing.perSecond() != limit.perSecond()) {
                return existing.resized(limit.perSecond(), limit.burst());
              }
              return existing;
            });
    return bucket.tryTake();
  }
}

package io.keybox.server.limit;

import java.util.function.LongSupplier;

/**
 * A token bucket: {@code perSecond} tokens flow in each second, up to {@code burst}; each request
 * takes one. It starts full. Thread-safe.
 *
 * <pre>{@code
 * TokenBucket bucket = new TokenBucket(50, 100, System::nanoTime);
 * RateDecision decision = bucket.tryTake();
 * if (!decision.allowed()) {
 *   // 429, Retry-After: decision.retryAfterSeconds()
 * }
 * }</pre>
 */
public final class TokenBucket {
  private static final double NANOS_PER_SECOND = 1e9;

  private final double perSecond;
  private final int burst;
  private final LongSupplier nanoClock;

  // Guarded by this.
  private double tokens;
  private long updatedNanos;

  /**
   * @param perSecond tokens added per second, > 0
   * @param burst the bucket's size, >= 1
   * @param nanoClock a monotonic clock in nanoseconds, e.g. {@code System::nanoTime}
   */
  public TokenBucket(double perSecond, int burst, LongSupplier nanoClock) {
    if (!(perSecond > 0) || Double.isInfinite(perSecond)) {
      throw new IllegalArgumentException("perSecond must be > 0 (got: " + perSecond + ")");
    }
    if (burst < 1) {
      throw new IllegalArgumentException("burst must be >= 1 (got: " + burst + ")");
    }
    this.perSecond = perSecond;
    this.burst = burst;
    this.nanoClock = nanoClock;
    this.tokens = burst;
    this.updatedNanos = nanoClock.getAsLong();
  }

  /** Takes one token if there is one, and says what is left. */
  public synchronized RateDecision tryTake() {
    refill();
    boolean allowed = tokens >= 1;
    if (allowed) {
      tokens -= 1;
    }
    long retryAfter = allowed ? 0 : Math.max(1, ceilSeconds((1 - tokens) / perSecond));
    return new RateDecision(
        allowed,
        burst,
        (int) Math.floor(tokens),
        ceilSeconds((burst - tokens) / perSecond),
        retryAfter);
  }

  /** Gives back one token taken by {@link #tryTake} (never more than the bucket holds). */
  public synchronized void giveBack() {
    refill();
    tokens = Math.min(burst, tokens + 1);
  }

  /** Whether the bucket is full: it holds nothing a fresh bucket would not. */
  public synchronized boolean isFull() {
    refill();
    return tokens >= burst;
  }

  /** The bucket's size. */
  public int burst() {
    return burst;
  }

  /** Tokens added per second. */
  public double perSecond() {
    return perSecond;
  }

  /** A bucket with another rate and size that holds this one's tokens (at most its new size). */
  public synchronized TokenBucket resized(double newPerSecond, int newBurst) {
    refill();
    TokenBucket resized = new TokenBucket(newPerSecond, newBurst, nanoClock);
    resized.tokens = Math.min(newBurst, tokens);
    return resized;
  }

  private void refill() {
    long now = nanoClock.getAsLong();
    long elapsed = now - updatedNanos;
    if (elapsed > 0) {
      tokens = Math.min(burst, tokens + elapsed / NANOS_PER_SECOND * perSecond);
      updatedNanos = now;
    }
  }

  private static long ceilSeconds(double seconds) {
    // A hair of tolerance so that 0.9999999 tokens of rounding error does not report a second.
    return seconds <= 1e-9 ? 0 : (long) Math.ceil(seconds - 1e-9);
  }
}

package io.keybox.server.auth;

import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

/**
 * Bounds the slow hashes that run at once, and how many requests may wait for one.
 *
 * <p>A verified credential is cached, so the slow hash runs only for new or wrong credentials. A
 * flood of wrong secrets would otherwise take every core and every worker thread; behind this gate
 * it takes at most {@code permits} cores, at most {@code permits + maxWaiting} threads, and each
 * waiting request gives up after {@code maxWait}. Requests whose credentials are cached never pass
 * through the gate, so they keep being answered.
 */
final class VerificationGate {
  /** Slow hashes at once by default: half the cores, at least one. */
  static final int DEFAULT_PERMITS = Math.max(1, Runtime.getRuntime().availableProcessors() / 2);

  /** Requests that may wait for a slow hash by default. */
  static final int DEFAULT_MAX_WAITING = 2 * DEFAULT_PERMITS;

  /** How long a request waits for a slow hash by default. */
  static final Duration DEFAULT_MAX_WAIT = Duration.ofSeconds(1);

  private final Semaphore permits;
  private final int maxWaiting;
  private final long maxWaitNanos;
  private final AtomicInteger waiting = new AtomicInteger();

  VerificationGate(int permits, int maxWaiting, Duration maxWait) {
    if (permits < 1) {
      throw new IllegalArgumentException("permits must be >= 1 (got: " + permits + ")");
    }
    if (maxWaiting < 0) {
      throw new IllegalArgumentException("maxWaiting must be >= 0 (got: " + maxWaiting + ")");
    }
    this.permits = new Semaphore(permits, true);
    this.maxWaiting = maxWaiting;
    this.maxWaitNanos = maxWait.toNanos();
  }

  static VerificationGate defaults() {
    return new VerificationGate(DEFAULT_PERMITS, DEFAULT_MAX_WAITING, DEFAULT_MAX_WAIT);
  }

  /**
   * Runs {@code check} holding a permit.
   *
   * @throws Authenticator.BusyException when too many requests wait already, the wait timed out, or
   *     the thread was interrupted
   */
  boolean run(BooleanSupplier check) {
    if (!permits.tryAcquire()) {
      if (waiting.incrementAndGet() > maxWaiting) {
        waiting.decrementAndGet();
        throw new Authenticator.BusyException();
      }
      try {
        if (!permits.tryAcquire(maxWaitNanos, TimeUnit.NANOSECONDS)) {
          throw new Authenticator.BusyException();
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new Authenticator.BusyException();
      } finally {
        waiting.decrementAndGet();
      }
    }
    try {
      return check.getAsBoolean();
    } finally {
      permits.release();
    }
  }
}

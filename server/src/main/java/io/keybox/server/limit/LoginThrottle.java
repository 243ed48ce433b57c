package io.keybox.server.limit;

import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * A budget of failed logins per client address. Checking a secret that is not in the credentials
 * cache costs one slow hash (about 0.1 s of CPU), so a client that keeps sending wrong secrets
 * would otherwise keep a core busy; with this budget it gets a 429 after a few tries instead.
 *
 * <pre>{@code
 * long wait = throttle.tryAttempt(client);
 * if (wait > 0) {
 *   // 429, Retry-After: wait; the slow hash does not run
 * }
 * if (verified) {
 *   throttle.succeeded(client); // successes cost nothing
 * }
 * }</pre>
 *
 * <p>Each attempt takes a token before the hash runs and a success gives it back, so a client can
 * never have more slow checks in flight than its budget. The budget refills at {@code perSecond}.
 * Thread-safe.
 *
 * <p>NOTE: at most {@code maxClients} addresses are tracked. When that many are, addresses whose
 * budget is full again are forgotten; if none is, new addresses go unthrottled (the {@code auth}
 * package's cap on concurrent slow checks still bounds the CPU they can take).
 */
public final class LoginThrottle {
  /** Failed logins a client may make in a row. */
  public static final int DEFAULT_BURST = 10;

  /** How fast the budget comes back: one failed login every two seconds. */
  public static final double DEFAULT_PER_SECOND = 0.5;

  /** Addresses tracked at most. */
  public static final int DEFAULT_MAX_CLIENTS = 100_000;

  private final int burst;
  private final double perSecond;
  private final int maxClients;
  private final LongSupplier nanoClock;
  private final ConcurrentHashMap<String, TokenBucket> buckets = new ConcurrentHashMap<>();

  /** A throttle with the defaults, on the system's monotonic clock. */
  public LoginThrottle() {
    this(DEFAULT_BURST, DEFAULT_PER_SECOND, DEFAULT_MAX_CLIENTS, System::nanoTime);
  }

  /** A throttle with the given budget (tests, tuning). */
  public LoginThrottle(int burst, double perSecond, int maxClients, LongSupplier nanoClock) {
    if (maxClients < 1) {
      throw new IllegalArgumentException("maxClients must be >= 1 (got: " + maxClients + ")");
    }
    new TokenBucket(perSecond, burst, nanoClock); // validates the budget
    this.burst = burst;
    this.perSecond = perSecond;
    this.maxClients = maxClients;
    this.nanoClock = nanoClock;
  }

  /**
   * Takes one attempt from {@code client}'s budget.
   *
   * @return 0 when the attempt may go ahead, else the seconds until it may (at least 1)
   */
  public long tryAttempt(String client) {
    TokenBucket bucket = buckets.get(client);
    if (bucket == null) {
      if (buckets.size() >= maxClients && !makeRoom()) {
        return 0;
      }
      bucket = buckets.computeIfAbsent(client, c -> new TokenBucket(perSecond, burst, nanoClock));
    }
    RateDecision decision = bucket.tryTake();
    return decision.allowed() ? 0 : decision.retryAfterSeconds();
  }

  /** Gives back the attempt {@code client} took: the credentials were right. */
  public void succeeded(String client) {
    TokenBucket bucket = buckets.get(client);
    if (bucket != null) {
      bucket.giveBack();
    }
  }

  /** How many addresses are tracked (tests). */
  int tracked() {
    return buckets.size();
  }

  /** Forgets every address whose budget is full; true if that made room. */
  private synchronized boolean makeRoom() {
    for (Iterator<Map.Entry<String, TokenBucket>> it = buckets.entrySet().iterator();
        it.hasNext(); ) {
      if (it.next().getValue().isFull()) {
        it.remove();
      }
    }
    return buckets.size() < maxClients;
  }
}

package io.keybox.server.auth;

/**
 * A key's request rate limit as a token bucket: {@code perSecond} tokens are added each second up
 * to {@code burst}; each request takes one.
 *
 * @param perSecond sustained requests per second, 1..{@link #MAX}
 * @param burst requests that may arrive at once after a quiet period, 1..{@link #MAX}
 */
public record RateLimit(int perSecond, int burst) {

  /** The largest value of either field. */
  public static final int MAX = 1_000_000;

  /** The limit of a key whose entry in the keys file has no {@code rateLimit}: 50/s, burst 100. */
  public static final RateLimit DEFAULT = new RateLimit(50, 100);

  public RateLimit {
    if (perSecond < 1 || perSecond > MAX) {
      throw new IllegalArgumentException(
          "perSecond must be 1.." + MAX + " (got: " + perSecond + ")");
    }
    if (burst < 1 || burst > MAX) {
      throw new IllegalArgumentException("burst must be 1.." + MAX + " (got: " + burst + ")");
    }
  }
}

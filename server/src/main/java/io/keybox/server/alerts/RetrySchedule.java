package io.keybox.server.alerts;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * When a failed delivery is tried again (issue 35, point 3): 5 s, 5 min, 30 min, 2 h, 5 h, then
 * every 10 h, for as long as the retries stay within 3 days of the first attempt; then the delivery
 * has failed for good.
 */
public final class RetrySchedule {
  /** How long retries go on after the first attempt. */
  public static final Duration SPAN = Duration.ofDays(3);

  private static final List<Duration> FIRST =
      List.of(
          Duration.ofSeconds(5),
          Duration.ofMinutes(5),
          Duration.ofMinutes(30),
          Duration.ofHours(2),
          Duration.ofHours(5));
  private static final Duration THEN = Duration.ofHours(10);

  private RetrySchedule() {}

  /**
   * The wait before the next attempt after {@code attempts} failed attempts; empty when there is
   * none left.
   */
  public static Optional<Duration> after(int attempts) {
    if (attempts < 1) {
      throw new IllegalArgumentException("attempts must be >= 1 (got: " + attempts + ")");
    }
    Duration waited = Duration.ZERO;
    Duration next = Duration.ZERO;
    for (int i = 1; i <= attempts; i++) {
      next = i <= FIRST.size() ? FIRST.get(i - 1) : THEN;
      waited = waited.plus(next);
    }
    return waited.compareTo(SPAN) <= 0 ? Optional.of(next) : Optional.empty();
  }
}

package io.keybox.indexer.pull;

import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/**
 * A response's {@code Retry-After} (RFC 9110 §10.2.3), as seconds or as an HTTP date, capped at
 * {@link #MAX_WAIT}: the one reading of it for the pull's requests and the photo mirror's.
 */
public final class RetryAfter {
  /** The longest wait honoured: a server asking for more is asked again after this. */
  public static final Duration MAX_WAIT = Duration.ofMinutes(10);

  private RetryAfter() {}

  /** The wait {@code response} asks for, or empty when it names none (or none readable). */
  public static Optional<Duration> of(HttpResponse<?> response, Clock clock) {
    Optional<String> value = response.headers().firstValue("Retry-After").map(String::strip);
    if (value.isEmpty()) {
      return Optional.empty();
    }
    try {
      return Optional.of(cap(Duration.ofSeconds(Math.max(0, Long.parseLong(value.get())))));
    } catch (NumberFormatException e) {
      try {
        Instant at =
            ZonedDateTime.parse(value.get(), DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
        Duration wait = Duration.between(clock.instant(), at);
        return Optional.of(wait.isNegative() ? Duration.ZERO : cap(wait));
      } catch (DateTimeParseException notADate) {
        return Optional.empty();
      }
    }
  }

  private static Duration cap(Duration wait) {
    return wait.compareTo(MAX_WAIT) > 0 ? MAX_WAIT : wait;
  }
}

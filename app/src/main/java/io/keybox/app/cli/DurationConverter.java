package io.keybox.app.cli;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * A duration as an option value: {@code 10m}, {@code 30s}, {@code 1h}, {@code 200ms}, or plain
 * (decimal) seconds, at most 7 days. The least value an option takes is its {@link DurationRange},
 * which {@link Cli} checks after parsing.
 *
 * <pre>
 * &#64;Option(names = "--replica-poll", converter = DurationConverter.class, defaultValue = "5")
 * &#64;DurationRange(minMillis = 50)
 * Duration poll;
 * </pre>
 */
public final class DurationConverter implements ITypeConverter<Duration> {
  /** The longest duration any option takes. */
  public static final Duration MAX = Duration.ofDays(7);

  private static final Pattern DURATION = Pattern.compile("(\\d{1,12}(?:\\.\\d{1,9})?)(ms|s|m|h)?");

  @Override
  public Duration convert(String text) {
    Matcher m = DURATION.matcher(text.strip());
    if (m.matches()) {
      double amount = Double.parseDouble(m.group(1));
      String unit = m.group(2) == null ? "s" : m.group(2);
      double millis =
          switch (unit) {
            case "ms" -> amount;
            case "m" -> amount * 60_000;
            case "h" -> amount * 3_600_000;
            default -> amount * 1000;
          };
      if (millis <= MAX.toMillis()) {
        return Duration.ofMillis(Math.round(millis));
      }
    }
    throw new TypeConversionException(
        "'"
            + text
            + "' is not a duration of at most 7 days (like 10m, 30s, 1h, 200ms, or seconds)");
  }

  /** The words of a refused duration, {@code text} given for an option with {@code range}. */
  static String refusal(String text, DurationRange range) {
    return "'"
        + text
        + "' is not a duration from "
        + range.minMillis()
        + " ms to 7 days (like 10m, 30s, 1h, 200ms, or seconds)";
  }
}

package io.keybox.server.query;

import io.keybox.schema.shape.LeafTypes;
import io.keybox.server.error.InvalidRequestException;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parsing of single parameter values. Every failure is a 400 whose message names the parameter, the
 * bad value and what is allowed.
 */
public final class ParamValues {
  private static final Pattern INTEGER = Pattern.compile("[+-]?\\d+");
  private static final Pattern DECIMAL = Pattern.compile("[+-]?(\\d+(\\.\\d*)?|\\.\\d+)");
  private static final Pattern BARE_DATE = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");
  // A date-time whose "+hh:mm" offset was sent unencoded: the '+' arrives decoded as a space.
  private static final Pattern SPACE_FOR_PLUS =
      Pattern.compile("(\\d{4}-\\d{2}-\\d{2}[Tt][0-9:.]+) (\\d{2}(:?\\d{2})?)");

  private ParamValues() {}

  /** A whole number: optional sign and digits, within the 64-bit range. */
  public static long integer(String name, String value) {
    if (INTEGER.matcher(value).matches()) {
      try {
        return Long.parseLong(value);
      } catch (NumberFormatException outOfRange) {
        throw invalid(name, value, "a whole number within the 64-bit range");
      }
    }
    throw invalid(name, value, "a whole number (digits with an optional sign)");
  }

  /** A whole number, as a double (for whole-number parameters on decimal fields). */
  public static double integerAsDouble(String name, String value) {
    return integer(name, value);
  }

  /** A whole number within {@code min..max}. */
  public static long integer(String name, String value, long min, long max) {
    long parsed = integer(name, value);
    if (parsed < min || parsed > max) {
      throw invalid(name, value, "a whole number " + min + ".." + max);
    }
    return parsed;
  }

  /** A decimal number: optional sign, digits, optional fraction. */
  public static double decimal(String name, String value) {
    OptionalDouble parsed = decimalOf(value);
    if (parsed.isEmpty()) {
      throw invalid(name, value, "a decimal number such as 2.5");
    }
    return parsed.getAsDouble();
  }

  /** {@code value} as a finite decimal number, if it is one (see {@link #decimal}). */
  static OptionalDouble decimalOf(String value) {
    if (DECIMAL.matcher(value).matches()) {
      double parsed = new BigDecimal(value).doubleValue();
      if (Double.isFinite(parsed)) {
        return OptionalDouble.of(parsed);
      }
    }
    return OptionalDouble.empty();
  }

  /**
   * An instant: a bare date (its start in UTC, or with {@code endOfDay} its last millisecond) or a
   * date-time, UTC unless it carries a zone. A space where a {@code +hh:mm} offset belongs is read
   * as the {@code +} (a client that did not percent-encode it sent {@code +}, which decodes to a
   * space).
   */
  public static Instant instant(String name, String value, boolean endOfDay) {
    try {
      if (endOfDay && BARE_DATE.matcher(value).matches()) {
        return LocalDate.parse(value)
            .plusDays(1)
            .atStartOfDay(ZoneOffset.UTC)
            .toInstant()
            .minusMillis(1);
      }
      Matcher unencodedPlus = SPACE_FOR_PLUS.matcher(value);
      return LeafTypes.parseInstant(
          unencodedPlus.matches() ? unencodedPlus.replaceFirst("$1+$2") : value);
    } catch (IllegalArgumentException | java.time.DateTimeException e) {
      throw invalid(name, value, "a date (2024-05-01) or date-time (2024-05-01T12:00:00Z)");
    }
  }

  /** One of a closed set of values. */
  public static <T> T oneOf(
      String name, String value, Function<String, Optional<T>> parser, List<String> allowed) {
    return parser
        .apply(value)
        .orElseThrow(
            () ->
                new InvalidRequestException(
                    name
                        + ": unknown value '"
                        + shorten(value)
                        + "'; allowed: "
                        + String.join(", ", allowed)));
  }

  /** A 400 for {@code value} of {@code name}, saying what is allowed. */
  public static InvalidRequestException invalid(String name, String value, String allowed) {
    return new InvalidRequestException(
        name + ": invalid value '" + shorten(value) + "'; allowed: " + allowed);
  }

  /** A value cut to a length fit for an error message. */
  static String shorten(String value) {
    return value.length() > 80 ? value.substring(0, 77) + "..." : value;
  }
}

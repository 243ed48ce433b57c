package io.keybox.schema.filter;

import io.keybox.schema.shape.LeafTypes;
import java.math.BigDecimal;
import java.time.DateTimeException;
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
 * The value parsers of the API's parameters. Every refusal is an {@link InvalidValueException}
 * showing the bad value and what is allowed.
 */
public final class ValueParsers {
  private static final Pattern INTEGER = Pattern.compile("[+-]?\\d+");
  private static final Pattern DECIMAL = Pattern.compile("[+-]?(\\d+(\\.\\d*)?|\\.\\d+)");
  private static final Pattern BARE_DATE = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");
  // A date-time whose "+hh:mm" offset was sent unencoded: the '+' arrives decoded as a space.
  private static final Pattern SPACE_FOR_PLUS =
      Pattern.compile("(\\d{4}-\\d{2}-\\d{2}[Tt][0-9:.]+) (\\d{2}(:?\\d{2})?)");

  /** Any text, as it is. */
  public static final ValueParser<String> TEXT = ValueParser.of(ValueType.TEXT, List.of(), v -> v);

  private ValueParsers() {}

  /** Whole numbers: an optional sign and digits, within the 64-bit range. */
  public static ValueParser<Long> integer() {
    return ValueParser.of(ValueType.INTEGER, List.of(), ValueParsers::integer);
  }

  /** Whole numbers, as doubles (for whole-number parameters on decimal fields: prices). */
  public static ValueParser<Double> integerAsDouble() {
    return integer().map(Long::doubleValue);
  }

  /** Decimal numbers: an optional sign, digits, an optional fraction. */
  public static ValueParser<Double> decimal() {
    return ValueParser.of(ValueType.DECIMAL, List.of(), ValueParsers::decimal);
  }

  /**
   * Instants: a bare date (its start in UTC, or with {@code endOfDay} its last millisecond) or a
   * date-time, UTC unless it carries a zone. A space where a {@code +hh:mm} offset belongs is read
   * as the {@code +} (a client that did not percent-encode it sent {@code +}, which decodes to a
   * space).
   */
  public static ValueParser<Instant> instant(boolean endOfDay) {
    return ValueParser.of(ValueType.DATE, List.of(), value -> instant(value, endOfDay));
  }

  /**
   * One of a closed set: {@code parser} names the value a text denotes, if any; {@code allowed}
   * lists every accepted text for the error and the documentation.
   */
  public static <T> ValueParser<T> oneOf(
      Function<String, Optional<T>> parser, List<String> allowed) {
    return ValueParser.of(
        ValueType.TEXT,
        allowed,
        value ->
            parser.apply(value).orElseThrow(() -> InvalidValueException.unknown(value, allowed)));
  }

  /** A whole number: optional sign and digits, within the 64-bit range. */
  public static long integer(String value) {
    if (INTEGER.matcher(value).matches()) {
      try {
        return Long.parseLong(value);
      } catch (NumberFormatException outOfRange) {
        throw InvalidValueException.invalid(value, "a whole number within the 64-bit range");
      }
    }
    throw InvalidValueException.invalid(value, "a whole number (digits with an optional sign)");
  }

  /** A whole number within {@code min..max}. */
  public static long integer(String value, long min, long max) {
    long parsed = integer(value);
    if (parsed < min || parsed > max) {
      throw InvalidValueException.invalid(value, "a whole number " + min + ".." + max);
    }
    return parsed;
  }

  /** A decimal number: optional sign, digits, optional fraction. */
  public static double decimal(String value) {
    OptionalDouble parsed = decimalOf(value);
    if (parsed.isEmpty()) {
      throw InvalidValueException.invalid(value, "a decimal number such as 2.5");
    }
    return parsed.getAsDouble();
  }

  /** {@code value} as a finite decimal number, if it is one (see {@link #decimal}). */
  public static OptionalDouble decimalOf(String value) {
    if (DECIMAL.matcher(value).matches()) {
      double parsed = new BigDecimal(value).doubleValue();
      if (Double.isFinite(parsed)) {
        return OptionalDouble.of(parsed);
      }
    }
    return OptionalDouble.empty();
  }

  /** An instant (see {@link #instant(boolean)}). */
  public static Instant instant(String value, boolean endOfDay) {
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
    } catch (IllegalArgumentException | DateTimeException e) {
      throw InvalidValueException.invalid(
          value, "a date (2024-05-01) or date-time (2024-05-01T12:00:00Z)");
    }
  }

  /**
   * The first epoch millisecond at or after {@code instant}: the lower bound of a range over a
   * field of milliseconds. {@link Instant#toEpochMilli} rounds down, which for a lower bound
   * between two milliseconds would admit the millisecond before it.
   */
  public static long epochMillisAtOrAfter(Instant instant) {
    long millis = instant.toEpochMilli();
    return instant.getNano() % 1_000_000 == 0 ? millis : millis + 1;
  }
}

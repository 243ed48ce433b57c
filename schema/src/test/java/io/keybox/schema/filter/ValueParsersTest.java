package io.keybox.schema.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The value parsers of every parameter, with the message a client gets for a refused value ({@link
 * InvalidValueException#forParameter}).
 */
class ValueParsersTest {
  /** The message of the 400 a client gets for parameter {@code name}. */
  private static String message(String name, Runnable parse) {
    return assertThrows(InvalidValueException.class, parse::run).forParameter(name);
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource({
    "0, 0",
    "+5, 5",
    "-5, -5",
    "007, 7",
    "9223372036854775807, 9223372036854775807",
    "-9223372036854775808, -9223372036854775808",
  })
  void integersAreSignAndDigits(String value, long expected) {
    assertEquals(expected, ValueParsers.integer(value));
  }

  @ParameterizedTest(name = "[{index}] ''{0}''")
  @ValueSource(
      strings = {"", "2.5", "5.", "1e3", "0x10", "1,000", "+", "--1", "five", "٣", "1_000"})
  void anythingElseIsNotAnInteger(String value) {
    assertEquals(
        "minbeds: invalid value '"
            + value
            + "'; allowed: a whole number (digits with an optional"
            + " sign)",
        message("minbeds", () -> ValueParsers.integer(value)));
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"9223372036854775808", "-9223372036854775809", "99999999999999999999"})
  void integersPastSixtyFourBitsAreNamedAsSuch(String value) {
    assertEquals(
        "minprice: invalid value '" + value + "'; allowed: a whole number within the 64-bit range",
        message("minprice", () -> ValueParsers.integer(value)));
  }

  @Test
  void boundedIntegersSayTheBounds() {
    assertEquals(500, ValueParsers.integer("500", 1, 500));
    assertEquals(
        "limit: invalid value '501'; allowed: a whole number 1..500",
        message("limit", () -> ValueParsers.integer("501", 1, 500)));
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource({"2.5, 2.5", ".5, 0.5", "5., 5", "-0.25, -0.25", "+1.75, 1.75", "3, 3", "007.50, 7.5"})
  void decimalsTakeAnOptionalFraction(String value, double expected) {
    assertEquals(expected, ValueParsers.decimal(value));
  }

  @ParameterizedTest(name = "[{index}] ''{0}''")
  @ValueSource(strings = {"", ".", "-", "1e3", "NaN", "Infinity", "2,5", "1.2.3", "½"})
  void anythingElseIsNotADecimal(String value) {
    assertEquals(
        "minbaths: invalid value '" + value + "'; allowed: a decimal number such as 2.5",
        message("minbaths", () -> ValueParsers.decimal(value)));
  }

  @Test
  void aDecimalBeyondTheDoubleRangeIsRejected() {
    String huge = "1" + "0".repeat(400);
    assertEquals(
        "minacres: invalid value '"
            + huge.substring(0, 77)
            + "...'; allowed: a decimal number such as 2.5",
        message("minacres", () -> ValueParsers.decimal(huge)));
  }

  @ParameterizedTest(name = "{0} (end of day: {1}) -> {2}")
  @CsvSource({
    "2024-05-01, false, 2024-05-01T00:00:00Z",
    "2024-05-01, true, 2024-05-01T23:59:59.999Z",
    "2024-12-31, true, 2024-12-31T23:59:59.999Z",
    "2024-05-01T10:00:00Z, true, 2024-05-01T10:00:00Z",
    "2024-05-01T10:00:00, false, 2024-05-01T10:00:00Z",
    "2024-05-01T10:00Z, false, 2024-05-01T10:00:00Z",
    "2024-05-01T00:00:00-05:00, false, 2024-05-01T05:00:00Z",
    "2024-05-01T00:00:00+05:00, true, 2024-04-30T19:00:00Z",
    // An unencoded '+' decodes to a space: read back as the offset.
    "2024-05-01T00:00:00 05:00, false, 2024-04-30T19:00:00Z",
    "2024-05-01T00:00 05:30, true, 2024-04-30T18:30:00Z",
  })
  void instantsAreUtcUnlessTheyCarryAZone(String value, boolean endOfDay, String expected) {
    assertEquals(Instant.parse(expected), ValueParsers.instant(value, endOfDay));
  }

  @ParameterizedTest(name = "[{index}] ''{0}''")
  @ValueSource(
      strings = {
        "yesterday",
        "2024-13-01",
        "2024-02-30",
        "2024-05-01 10:00:00",
        "2024-05-01T10:00:00 25:00",
        "-999999999-01-01T00:00:00Z",
        "+999999999-12-31T23:59:59",
        "2024-05-01T10:00:00Z 05:00",
      })
  void anythingElseIsNotADate(String value) {
    for (boolean endOfDay : List.of(false, true)) {
      assertEquals(
          "maxlistdate: invalid value '"
              + value
              + "'; allowed: a date (2024-05-01) or date-time (2024-05-01T12:00:00Z)",
          message("maxlistdate", () -> ValueParsers.instant(value, endOfDay)));
    }
  }

  @Test
  void oneOfListsWhatIsAllowed() {
    assertEquals(
        "x", ValueParsers.oneOf(v -> Optional.of(v).filter("x"::equals), List.of("x")).parse("x"));
    assertEquals(
        "idx: unknown value 'false'; allowed: null, listing, address, ignore",
        message(
            "idx",
            () ->
                ValueParsers.oneOf(
                        v -> Optional.empty(), List.of("null", "listing", "address", "ignore"))
                    .parse("false")));
  }

  @Test
  void longValuesAreShortenedInMessages() {
    assertEquals("a".repeat(80), InvalidValueException.shorten("a".repeat(80)));
    assertEquals("a".repeat(77) + "...", InvalidValueException.shorten("a".repeat(81)));
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource({
    "1970-01-01T00:00:00Z, 0",
    "1970-01-01T00:00:00.001Z, 1",
    "1970-01-01T00:00:00.0000001Z, 1",
    "1970-01-01T00:00:00.0019Z, 2",
    "1969-12-31T23:59:59.9995Z, 0",
    "1969-12-31T23:59:59.999Z, -1",
  })
  void aLowerDateBoundRoundsUpToTheNextMillisecond(String instant, long millis) {
    assertEquals(millis, ValueParsers.epochMillisAtOrAfter(Instant.parse(instant)));
  }
}

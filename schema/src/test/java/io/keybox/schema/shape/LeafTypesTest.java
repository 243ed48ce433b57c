package io.keybox.schema.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.TextNode;
import java.time.Instant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class LeafTypesTest {
  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource({
    "2024-05-01, 2024-05-01T00:00:00Z",
    "2024-05-01T12:00:00Z, 2024-05-01T12:00:00Z",
    "2024-05-01T12:00Z, 2024-05-01T12:00:00Z",
    "2024-05-01t12:00:00z, 2024-05-01T12:00:00Z",
    "2024-05-01T12:00:00.250Z, 2024-05-01T12:00:00.250Z",
    "2024-05-01T12:00:00, 2024-05-01T12:00:00Z",
    "2024-05-01T12:00, 2024-05-01T12:00:00Z",
    "2024-05-01T00:00:00-05:00, 2024-05-01T05:00:00Z",
    "2024-05-01T00:00-05:00, 2024-05-01T05:00:00Z",
    "2024-05-01T00:00:00+05:30[Asia/Kolkata], 2024-04-30T18:30:00Z",
    "' 2024-05-01T00:00:00Z ', 2024-05-01T00:00:00Z",
    // The common UTC form, read by a shortcut: fractions of every length, the last day of a month.
    "2024-05-01T12:00:00.5Z, 2024-05-01T12:00:00.500Z",
    "2024-05-01T12:00:00.123456789Z, 2024-05-01T12:00:00.123456789Z",
    "2024-02-29T23:59:59Z, 2024-02-29T23:59:59Z",
    "1969-12-31T23:59:59Z, 1969-12-31T23:59:59Z",
    // Not for the shortcut; the general path reads it.
    "2024-05-01T12:00:00.Z, 2024-05-01T12:00:00Z",
  })
  void parsesDatesAndDateTimesReadingUtcUnlessAZoneIsGiven(String text, String expected) {
    assertEquals(Instant.parse(expected), LeafTypes.parseInstant(text));
  }

  @ParameterizedTest(name = "[{index}] ''{0}''")
  @ValueSource(
      strings = {
        "",
        "yesterday",
        "2024-13-01",
        "2024-02-30",
        "2024-5-1",
        "20240501",
        "2024-05-01 12:00:00",
        "2024-05-01T25:00:00Z",
        "2024-05-01T24:00:00Z",
        "2023-02-29T12:00:00Z",
        "2024-05-01T12:60:00Z",
        "2024-05-01T12:00:00.1234567890Z",
        "2024-05-01T12:00:0aZ",
        "2024-05-01T12:00:00.-1Z",
        "2024-05-01T12:00:00+25:00",
        // Valid ISO-8601, but beyond what epoch milliseconds can hold: used to overflow later.
        "-999999999-01-01T00:00:00Z",
        "+999999999-12-31T23:59:59",
        "+292278995-01-01T00:00:00Z",
      })
  void rejectsAnythingElseAndInstantsBeyondEpochMilliseconds(String text) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> LeafTypes.parseInstant(text));
    assertEquals("expected an ISO-8601 date or date-time, got '" + text + "'", e.getMessage());
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"-999999999-01-01T00:00:00Z", "2024-05-01T12:00:00+25:00"})
  void aRecordDateTimeOutOfRangeIsARejectionNotAnOverflow(String text) {
    assertThrows(
        IllegalArgumentException.class, () -> LeafTypes.DATETIME.coerce(new TextNode(text)));
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"2024-05-01T12:00-05:00", "2024-05-01T17:00Z"})
  void recordDateTimesPrintAsUtcWithSeconds(String text) {
    assertEquals("2024-05-01T17:00:00Z", LeafTypes.DATETIME.coerce(new TextNode(text)).asText());
  }

  private static final ObjectMapper JSON = new ObjectMapper();

  /** Coerces the value of the JSON text {@code json} and prints the result as JSON. */
  private static String coerced(LeafType type, String json) throws JsonProcessingException {
    JsonNode raw = JSON.readTree(json);
    return JSON.writeValueAsString(type.coerce(raw));
  }

  // The feed's numbers arrive as int, long, big integer or double nodes; each kind must come out
  // as the general (BigDecimal) reading has it, text too. Beyond 2^53 a whole number is no longer
  // exact in a double, and a decimal prints as one.
  @ParameterizedTest(name = "{0} {1} -> {2}")
  @CsvSource(
      delimiter = '|',
      value = {
        "INTEGER | 3 | 3",
        "INTEGER | -5 | -5",
        "INTEGER | 9007199254740993 | 9007199254740993",
        "INTEGER | 3.0 | 3",
        "INTEGER | '\"42\"' | 42",
        "NUMBER | 250000 | 250000",
        "NUMBER | 0.25 | 0.25",
        "NUMBER | 1.0E2 | 100",
        "NUMBER | -7.5 | -7.5",
        "NUMBER | 9007199254740993 | 9.007199254740992E15",
        "NUMBER | 18446744073709551616 | 1.8446744073709552E19",
        "NUMBER | '\"12.50\"' | 12.5",
      })
  void numbersOfEveryKind(String type, String json, String expected)
      throws JsonProcessingException {
    LeafType leaf = type.equals("INTEGER") ? LeafTypes.INTEGER : LeafTypes.NUMBER;
    assertEquals(expected, coerced(leaf, json));
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"3.5", "18446744073709551616", "\"3 rooms\""})
  void notAWholeNumber(String json) {
    assertThrows(IllegalArgumentException.class, () -> coerced(LeafTypes.INTEGER, json));
  }

  // Amounts RESO types as Decimal arrive with cents where the API has a whole number.
  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "8295.87 | 8296",
        "8295.5 | 8296",
        "8295.49 | 8295",
        "-2.5 | -3",
        "1850 | 1850",
        "3.0 | 3",
        "'\"1204.75\"' | 1205",
        "9007199254740993 | 9007199254740993",
        "null | null",
      })
  void aRoundedIntegerRoundsAFractionHalfUp(String json, String expected)
      throws JsonProcessingException {
    assertEquals(expected, coerced(LeafTypes.ROUNDED_INTEGER, json));
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"1e400", "\"3 rooms\"", "true"})
  void aRoundedIntegerStillRejectsWhatIsNoNumber(String json) {
    assertThrows(IllegalArgumentException.class, () -> coerced(LeafTypes.ROUNDED_INTEGER, json));
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"1e400", "-1e400"})
  void aNumberBeyondADoubleIsOutOfRange(String json) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> coerced(LeafTypes.NUMBER, json));
    String infinity = json.startsWith("-") ? "\"-Infinity\"" : "\"Infinity\"";
    assertEquals("number out of range, got " + infinity, e.getMessage());
  }
}

package io.keybox.schema.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

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
}

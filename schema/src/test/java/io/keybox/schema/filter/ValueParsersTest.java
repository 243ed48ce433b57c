package io.keybox.schema.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ValueParsersTest {
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

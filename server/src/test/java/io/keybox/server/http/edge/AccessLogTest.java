package io.keybox.server.http.edge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AccessLogTest {
  @ParameterizedTest(name = "{0} ns -> {1}")
  @CsvSource({
    "0, 0.0ms",
    "49999, 0.0ms",
    "50000, 0.1ms",
    "3149999, 3.1ms",
    "3150000, 3.2ms",
    "12345678901, 12345.7ms",
  })
  void durationsAreMillisecondsWithOneDecimalRoundedHalfUp(long nanos, String expected) {
    assertEquals(expected, AccessLog.milliseconds(nanos));
  }

  @Test
  void anUnparsedRequestIsOneLineWithControlCharactersEscaped() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (AccessLog log = new AccessLog(new PrintStream(bytes, true, StandardCharsets.UTF_8))) {
      log.logUnparsed("GET /x\nforged 200", 400, 57, "0123456789abcdef");
    }
    String line = bytes.toString(StandardCharsets.UTF_8);
    assertTrue(
        line.endsWith(
            " key=- GET /x\\x0aforged 200 400 57B - id=0123456789abcdef" + System.lineSeparator()),
        line);
    assertEquals(1, line.lines().count());
  }
}

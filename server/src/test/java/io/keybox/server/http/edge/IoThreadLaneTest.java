package io.keybox.server.http.edge;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class IoThreadLaneTest {
  @ParameterizedTest
  @CsvSource({
    "/properties/1, true",
    "/properties/1234567890123456789, true",
    "/openhouses/42, true",
    "/properties/12345678901234567890, false",
    "/properties/, false",
    "/properties, false",
    "/properties/analytics, false",
    "/properties/12/analytics, false",
    "/properties/%31, false",
    "/properties/1/, false",
    "/properties/-1, false",
    "/openhouses/, false",
    "/agents/1, false",
    "/-/health, false",
  })
  void onlyOneRecordsPathWithAKeyOfDigitsTakesTheLane(String path, boolean lane) {
    assertEquals(lane, IoThreadLane.isRecordPath(path));
  }
}

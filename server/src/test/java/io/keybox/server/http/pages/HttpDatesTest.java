package io.keybox.server.http.pages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

class HttpDatesTest {
  private final HttpDates dates = new HttpDates();

  @Test
  void formatsTheSecondAsAnImfFixdate() {
    assertEquals("Thu, 01 Jan 1970 00:00:00 GMT", dates.format(0));
    // 2026-11-05T09:03:07.250Z: a one-digit day and hour keep their zero.
    assertEquals("Thu, 05 Nov 2026 09:03:07 GMT", dates.format(1_793_869_387_250L));
  }

  @Test
  void millisecondsOfOneSecondShareItsText() {
    String second = dates.format(1_000_000);
    assertEquals("Thu, 01 Jan 1970 00:16:40 GMT", second);
    assertSame(second, dates.format(1_000_999), "kept, not formatted again");
    assertEquals("Thu, 01 Jan 1970 00:16:41 GMT", dates.format(1_001_000));
  }

  @Test
  void aTimeBeforeTheEpochIsItsOwnSecond() {
    assertEquals("Wed, 31 Dec 1969 23:59:59 GMT", dates.format(-1));
  }

  @Test
  void keepsAnsweringRightPastItsBound() {
    for (int second = 0; second <= HttpDates.MAX_KEPT; second++) {
      dates.format(second * 1000L);
    }
    assertEquals("Fri, 02 Jan 1970 00:00:00 GMT", dates.format(86_400_000L));
    assertEquals("Thu, 01 Jan 1970 00:00:01 GMT", dates.format(1_000));
  }
}

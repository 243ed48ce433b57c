package io.keybox.server.alerts;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The retry schedule of issue 35, point 3, written out by hand. */
class RetryScheduleTest {
  @Test
  void fiveSecondsFiveMinutesHalfAnHourTwoHoursFiveHoursThenTenHoursWithinThreeDays() {
    assertEquals(Optional.of(Duration.ofSeconds(5)), RetrySchedule.after(1));
    assertEquals(Optional.of(Duration.ofMinutes(5)), RetrySchedule.after(2));
    assertEquals(Optional.of(Duration.ofMinutes(30)), RetrySchedule.after(3));
    assertEquals(Optional.of(Duration.ofHours(2)), RetrySchedule.after(4));
    assertEquals(Optional.of(Duration.ofHours(5)), RetrySchedule.after(5));
    // 7 h 35 min 5 s waited so far; then 10 h each: 17:35, 27:35, 37:35, 47:35, 57:35, 67:35.
    for (int attempts = 6; attempts <= 11; attempts++) {
      assertEquals(Optional.of(Duration.ofHours(10)), RetrySchedule.after(attempts), "" + attempts);
    }
    // 77 h 35 min would be past 3 days: the 12th attempt was the last.
    assertEquals(Optional.empty(), RetrySchedule.after(12));
  }
}

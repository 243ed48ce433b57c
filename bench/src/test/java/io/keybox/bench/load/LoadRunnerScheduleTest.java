package io.keybox.bench.load;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The open-loop schedule: the clients take turns, one request every 1/rate seconds in all. */
class LoadRunnerScheduleTest {
  @Test
  void fourClientsAt100PerSecondSendEvery10MillisecondsInTurn() {
    long start = 1_000_000_000L;
    // client 0: 0, 40, 80 ms; client 1: 10, 50 ms; client 3: 30, 70 ms
    assertEquals(start, LoadRunner.scheduledAt(start, 100, 4, 0, 0));
    assertEquals(start + 40_000_000L, LoadRunner.scheduledAt(start, 100, 4, 0, 1));
    assertEquals(start + 80_000_000L, LoadRunner.scheduledAt(start, 100, 4, 0, 2));
    assertEquals(start + 10_000_000L, LoadRunner.scheduledAt(start, 100, 4, 1, 0));
    assertEquals(start + 50_000_000L, LoadRunner.scheduledAt(start, 100, 4, 1, 1));
    assertEquals(start + 30_000_000L, LoadRunner.scheduledAt(start, 100, 4, 3, 0));
    assertEquals(start + 70_000_000L, LoadRunner.scheduledAt(start, 100, 4, 3, 1));
  }

  @Test
  void rateThatDoesNotDivideASecondStaysOnScheduleWithoutDrift() {
    // 3 requests/s, 1 client: 0, 333,333,333, 666,666,667, then exactly 1 s per 3 requests.
    assertEquals(333_333_333L, LoadRunner.scheduledAt(0, 3, 1, 0, 1));
    assertEquals(666_666_667L, LoadRunner.scheduledAt(0, 3, 1, 0, 2));
    assertEquals(1_000_000_000_000L, LoadRunner.scheduledAt(0, 3, 1, 0, 3_000));
  }
}

package io.keybox.server.alerts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Matching's parts run on several threads at once, and their results reach the caller in the parts'
 * order whatever order they finish in; a part's failure reaches the caller as it was thrown.
 */
class MatchingThreadsTest {
  @Test
  void resultsComeInThePartsOrderWhenALaterPartFinishesFirst() throws IOException {
    CountDownLatch secondDone = new CountDownLatch(1);
    Set<String> threadNames = ConcurrentHashMap.newKeySet();
    List<String> results = new ArrayList<>();
    try (MatchingThreads threads = new MatchingThreads(2)) {
      threads.inOrder(
          5,
          part ->
              () -> {
                threadNames.add(Thread.currentThread().getName());
                if (part == 0) {
                  // Part 0 finishes only once part 1, on the other thread, has finished.
                  await(secondDone);
                } else if (part == 1) {
                  secondDone.countDown();
                }
                return "part " + part;
              },
          results::add);
    }
    assertEquals(List.of("part 0", "part 1", "part 2", "part 3", "part 4"), results);
    assertEquals(
        Set.of("keybox-alert-match-0", "keybox-alert-match-1"),
        threadNames,
        "parts 0 and 1 ran at the same time, on the two threads");
  }

  private static void await(CountDownLatch latch) throws IOException {
    try {
      assertTrue(latch.await(60, TimeUnit.SECONDS), "part 1 never finished");
    } catch (InterruptedException e) {
      throw new IOException(e);
    }
  }

  @Test
  void aPartsFailureIsThrownAsThePartThrewIt() {
    IOException failure = new IOException("stored field unreadable");
    try (MatchingThreads threads = new MatchingThreads(2)) {
      IOException thrown =
          assertThrows(
              IOException.class,
              () ->
                  threads.inOrder(
                      4,
                      part ->
                          () -> {
                            if (part == 2) {
                              throw failure;
                            }
                            return part;
                          },
                      result -> {}));
      assertSame(failure, thrown);
    }
  }

  @Test
  void noPartsCallsNothing() throws IOException {
    List<Object> results = new ArrayList<>();
    try (MatchingThreads threads = new MatchingThreads(1)) {
      threads.inOrder(
          0,
          part ->
              () -> {
                throw new AssertionError("no part to run");
              },
          results::add);
    }
    assertEquals(List.of(), results);
  }
}

package io.keybox.server.limit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.keybox.server.limit.AdmissionQueue.Admission;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class AdmissionQueueTest {
  @Test
  void runsUpToTheLimitQueuesUpToTheQueueAndRejectsTheRest() {
    AdmissionQueue<String> queue = new AdmissionQueue<>(2, 1);
    assertTrue(queue.tryRun());
    assertEquals(Admission.RUN, queue.admit("b"));
    assertFalse(queue.tryRun());
    assertEquals(Admission.QUEUED, queue.admit("c"));
    assertEquals(Admission.REJECTED, queue.admit("d"));
    assertEquals(2, queue.running());
    assertEquals(1, queue.queued());
  }

  @Test
  void aReleasedSlotGoesToTheOldestWaiterFirst() {
    AdmissionQueue<String> queue = new AdmissionQueue<>(1, 2);
    assertTrue(queue.tryRun());
    assertEquals(Admission.QUEUED, queue.admit("b"));
    assertEquals(Admission.QUEUED, queue.admit("c"));
    assertFalse(queue.tryRun(), "a newcomer does not overtake the queue");
    assertEquals(Optional.of("b"), queue.release());
    assertEquals(Optional.of("c"), queue.release());
    assertEquals(Optional.empty(), queue.release());
    assertEquals(0, queue.running());
    assertThrows(IllegalStateException.class, queue::release);
  }

  @Test
  void aWithdrawnWaiterNeverRuns() {
    AdmissionQueue<String> queue = new AdmissionQueue<>(1, 2);
    assertTrue(queue.tryRun());
    String late = new String("late");
    assertEquals(Admission.QUEUED, queue.admit(late));
    assertTrue(queue.withdraw(late));
    assertFalse(queue.withdraw(late));
    assertEquals(Optional.empty(), queue.release());
  }
}

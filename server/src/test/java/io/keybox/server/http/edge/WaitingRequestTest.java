package io.keybox.server.http.edge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;
import org.xnio.XnioExecutor;

/**
 * A queued request's timer must not outlive its admission: a timer left to run out kept every
 * queued exchange, with its buffered response, alive for the whole queue timeout, and 500-listing
 * pages then ran a 512 MB server out of heap.
 */
class WaitingRequestTest {
  /** A timer key that counts its cancellations. */
  private static final class CountingKey implements XnioExecutor.Key {
    int removed;

    @Override
    public boolean remove() {
      removed++;
      return true;
    }
  }

  @Test
  void takingTheRequestCancelsItsTimerAndDropsIt() {
    WaitingRequest<String> waiting = new WaitingRequest<>("request");
    CountingKey timer = new CountingKey();
    waiting.timer(timer);

    assertEquals("request", waiting.take());
    assertEquals(1, timer.removed);
    assertNull(waiting.take(), "the request is handed over once");
    assertEquals(1, timer.removed);
  }

  @Test
  void aTimerSetAfterTheRequestWasTakenIsCancelledAtOnce() {
    WaitingRequest<String> waiting = new WaitingRequest<>("request");
    assertEquals("request", waiting.take());

    CountingKey late = new CountingKey();
    waiting.timer(late);
    assertEquals(1, late.removed);
  }
}

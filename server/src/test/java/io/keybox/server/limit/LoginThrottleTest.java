package io.keybox.server.limit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class LoginThrottleTest {
  private final AtomicLong now = new AtomicLong();

  @Test
  void aClientGetsItsBudgetOfFailuresThenWaits() {
    LoginThrottle throttle = new LoginThrottle(3, 0.5, 100, now::get);
    for (int i = 0; i < 3; i++) {
      assertEquals(0, throttle.tryAttempt("10.0.0.1"));
    }
    assertEquals(2, throttle.tryAttempt("10.0.0.1"), "one failure every two seconds");
    assertEquals(0, throttle.tryAttempt("10.0.0.2"), "another address is not affected");
    now.addAndGet(2_000_000_000L);
    assertEquals(0, throttle.tryAttempt("10.0.0.1"));
  }

  @Test
  void successesCostNothing() {
    LoginThrottle throttle = new LoginThrottle(2, 0.5, 100, now::get);
    for (int i = 0; i < 100; i++) {
      assertEquals(0, throttle.tryAttempt("10.0.0.1"));
      throttle.succeeded("10.0.0.1");
    }
  }

  @Test
  void whenFullItForgetsAddressesWhoseBudgetIsBackAndOtherwiseStopsTracking() {
    LoginThrottle throttle = new LoginThrottle(1, 1, 2, now::get);
    assertEquals(0, throttle.tryAttempt("a"));
    assertEquals(0, throttle.tryAttempt("b"));
    assertTrue(throttle.tryAttempt("a") > 0);
    // Full of addresses with spent budgets: a new one goes unthrottled rather than evict them.
    assertEquals(0, throttle.tryAttempt("c"));
    assertEquals(0, throttle.tryAttempt("c"));
    assertEquals(2, throttle.tracked());
    now.addAndGet(1_000_000_000L);
    assertEquals(0, throttle.tryAttempt("d"), "a and b were forgotten, d is tracked");
    assertTrue(throttle.tryAttempt("d") > 0);
  }
}

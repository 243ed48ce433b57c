package io.keybox.server.limit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.keybox.server.auth.RateLimit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class TokenBucketTest {
  private final AtomicLong now = new AtomicLong(1_000_000_000L);

  private void advanceMillis(long millis) {
    now.addAndGet(millis * 1_000_000L);
  }

  @Test
  void aFullBucketAllowsItsBurstThenRefusesWithTheWaitForOneToken() {
    TokenBucket bucket = new TokenBucket(2, 3, now::get);
    assertEquals(new RateDecision(true, 3, 2, 1, 0), bucket.tryTake());
    assertEquals(new RateDecision(true, 3, 1, 1, 0), bucket.tryTake());
    assertEquals(new RateDecision(true, 3, 0, 2, 0), bucket.tryTake());
    // Empty: one token comes back in 0.5 s, which Retry-After rounds up to 1.
    assertEquals(new RateDecision(false, 3, 0, 2, 1), bucket.tryTake());
  }

  @Test
  void tokensFlowBackAtTheRateUpToTheBurst() {
    TokenBucket bucket = new TokenBucket(2, 3, now::get);
    for (int i = 0; i < 3; i++) {
      assertTrue(bucket.tryTake().allowed());
    }
    advanceMillis(499);
    assertFalse(bucket.tryTake().allowed());
    advanceMillis(1);
    assertTrue(bucket.tryTake().allowed());
    advanceMillis(60_000);
    assertTrue(bucket.isFull());
    assertEquals(2, bucket.tryTake().remaining(), "never more than the burst");
  }

  @Test
  void retryAfterForASlowRateIsTheWholeWait() {
    TokenBucket bucket = new TokenBucket(0.25, 1, now::get);
    assertTrue(bucket.tryTake().allowed());
    RateDecision refused = bucket.tryTake();
    assertEquals(4, refused.retryAfterSeconds());
    assertEquals(4, refused.resetSeconds());
  }

  @Test
  void giveBackReturnsATakenToken() {
    TokenBucket bucket = new TokenBucket(1, 1, now::get);
    assertTrue(bucket.tryTake().allowed());
    bucket.giveBack();
    assertTrue(bucket.tryTake().allowed());
    bucket.giveBack();
    bucket.giveBack();
    assertTrue(bucket.isFull());
    assertTrue(bucket.tryTake().allowed());
    assertFalse(bucket.tryTake().allowed(), "giving back never overfills");
  }

  @Test
  void badSizesAreRefused() {
    assertThrows(IllegalArgumentException.class, () -> new TokenBucket(0, 1, now::get));
    assertThrows(IllegalArgumentException.class, () -> new TokenBucket(1, 0, now::get));
  }

  @Test
  void rateLimiterKeepsOneBucketPerKeyAndFollowsAChangedLimit() {
    RateLimiter limiter = new RateLimiter(now::get);
    RateLimit small = new RateLimit(1, 2);
    assertTrue(limiter.acquire("a", small).allowed());
    assertTrue(limiter.acquire("a", small).allowed());
    assertFalse(limiter.acquire("a", small).allowed());
    assertTrue(limiter.acquire("b", small).allowed(), "another key has its own bucket");
    // The keys file raised a's limit: the bucket grows, keeping its (empty) tokens.
    RateDecision raised = limiter.acquire("a", new RateLimit(10, 20));
    assertFalse(raised.allowed());
    assertEquals(20, raised.limit());
    advanceMillis(100);
    assertTrue(limiter.acquire("a", new RateLimit(10, 20)).allowed());
  }
}

package io.keybox.server.http.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.keybox.server.http.edge.MediaType;
import io.keybox.server.http.write.Reply;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ResponseCacheTest {
  private static ResponseCache.Key key(int n) {
    return new ResponseCache.Key("v", 1, "GET /properties", "request " + n, MediaType.JSON);
  }

  private static ResponseCache.Entry entry(int bodyBytes) {
    return new ResponseCache.Entry(
        Reply.of(200, "application/json; charset=utf-8", new byte[bodyBytes]), Optional.empty());
  }

  @Test
  void theByteBoundEvicts() {
    // 100 bytes of body + 512 of estimate = 612 per entry; 10,000 bytes hold 16 of them.
    ResponseCache cache = new ResponseCache(10_000);
    for (int i = 0; i < 30; i++) {
      cache.put(key(i), entry(100));
    }
    assertTrue(cache.entries() <= 16, "entries: " + cache.entries());
    assertTrue(cache.entries() >= 1, "entries: " + cache.entries());
    assertEquals(cache.entries() * 612, cache.bytes());
  }

  @Test
  void aReplyOverAnEighthOfTheCacheIsNotKept() {
    ResponseCache cache = new ResponseCache(10_000);
    cache.put(key(1), entry(1_250 - 512 + 1)); // 1,251 bytes weighed > 10,000 / 8
    cache.put(key(2), entry(1_250 - 512)); // exactly an eighth
    assertEquals(1, cache.entries());
    assertTrue(cache.get(key(2)).isPresent());
    assertFalse(cache.get(key(1)).isPresent());
  }

  @Test
  void sizeZeroIsOff() {
    ResponseCache cache = new ResponseCache(0);
    assertFalse(cache.enabled());
    assertEquals(0, cache.bytes());
    assertThrows(IllegalArgumentException.class, () -> new ResponseCache(-1));
  }

  @Test
  void onlyA200IsKept() {
    assertThrows(
        IllegalArgumentException.class,
        () ->
            new ResponseCache.Entry(
                Reply.of(404, "application/json", new byte[1]), Optional.empty()));
  }

  @Test
  void eachReplyIsAFreshViewOfTheSameBytes() {
    ResponseCache.Entry entry =
        new ResponseCache.Entry(
            new Reply(
                200,
                Map.of(),
                List.of(ByteBuffer.wrap("[1,2,3]xxxx".getBytes(StandardCharsets.UTF_8), 0, 7))),
            Optional.empty());
    Reply first = entry.reply();
    first.body().get(0).position(7); // as a send leaves it
    Reply second = entry.reply();
    assertNotSame(first.body().get(0), second.body().get(0));
    assertEquals(7, second.body().get(0).remaining());
    byte[] bytes = new byte[7];
    second.body().get(0).get(bytes);
    assertEquals("[1,2,3]", new String(bytes, StandardCharsets.UTF_8));
    assertEquals(7, second.body().get(0).capacity(), "the tail past the body is not kept");
  }
}

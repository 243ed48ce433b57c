package io.keybox.bench.keybox;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class KeyboxTargetTest {
  @Test
  void nextCursorComesFromTheNextLink() {
    assertEquals(
        1500,
        KeyboxTarget.nextCursor(
            "<http://127.0.0.1:8080/properties?lastId=500&limit=500>; rel=\"prev\","
                + " <http://127.0.0.1:8080/properties?limit=500&lastId=1500>; rel=\"next\""));
    assertEquals(
        -1,
        KeyboxTarget.nextCursor(
            "<http://127.0.0.1:8080/properties?lastId=0&limit=500>; rel=\"prev\""));
    assertEquals(
        42,
        KeyboxTarget.nextCursor(
            "<http://h/properties?points=29.1,-95.2&lastId=42&limit=5>; rel=\"next\""));
  }
}

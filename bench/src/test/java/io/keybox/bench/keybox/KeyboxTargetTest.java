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

  @Test
  void nextLinkComesFromTheEndOfAResoPage() {
    byte[] page =
        ("{\"@odata.context\":\"x\",\"value\":[{\"ListingKey\":\"7\"}],"
                + "\"@odata.nextLink\":\"http://127.0.0.1:8080/reso/houston/Property?"
                + "$orderby=ModificationTimestamp,ListingKey&$skiptoken=abc\"}")
            .getBytes(java.nio.charset.StandardCharsets.UTF_8);
    assertEquals(
        "http://127.0.0.1:8080/reso/houston/Property?$orderby=ModificationTimestamp,ListingKey"
            + "&$skiptoken=abc",
        KeyboxTarget.nextLink(page, page.length));
    byte[] last = "{\"value\":[]}".getBytes(java.nio.charset.StandardCharsets.UTF_8);
    assertEquals(null, KeyboxTarget.nextLink(last, last.length));
  }
}

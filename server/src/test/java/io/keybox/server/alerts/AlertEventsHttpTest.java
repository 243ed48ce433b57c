package io.keybox.server.alerts;

import static io.keybox.server.alerts.AlertsFixture.listing;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 35, points 2 and 3 end to end: real index runs (incremental and full) make commits, the
 * server matches each against the saved searches, and a real loopback receiver gets signed
 * deliveries whose listings are byte for byte what {@code /properties} serves. Expected events are
 * written by hand from each run's dump.
 */
class AlertEventsHttpTest {
  private static final String KATY = "cities=Katy&minbeds=3&maxprice=400000";

  @Test
  void eachEventTypeFromRealIndexRunsIsDeliveredSigned(@TempDir Path dir) throws Exception {
    try (WebhookReceiver receiver = new WebhookReceiver();
        AlertsFixture server =
            new AlertsFixture(
                dir,
                true,
                listing(1, "Katy", 3, 300_000, "Active"),
                listing(2, "Katy", 3, 500_000, "Active"),
                listing(3, "Houston", 3, 200_000, "Active"))) {
      JsonNode alice =
          server.create(
              "alice",
              "Katy 3+",
              KATY,
              receiver.url("/alice"),
              "[\"new\",\"price\",\"status\",\"openhouse\"]");
      String secret = alice.get("secret").asText();
      assertTrue(secret.startsWith("whsec_"), secret);
      JsonNode bob = server.create("bob", "Katy new", KATY, receiver.url("/bob"), "[\"new\"]");

      // A new listing, and one whose price drop makes it match: both new, for both searches.
      server.incremental(
          listing(4, "Katy", 4, 350_000, "Active"),
          listing(2, "Katy", 3, 390_000, "Active"),
          listing(3, "Houston", 3, 150_000, "Active"));
      List<WebhookReceiver.Received> first = List.of(receiver.next(), receiver.next());
      WebhookReceiver.Received toAlice = byPath(first, "/alice");
      WebhookReceiver.Received toBob = byPath(first, "/bob");
      assertTrue(WebhookReceiver.verify(toAlice, secret), "alice's signature");
      assertTrue(WebhookReceiver.verify(toBob, bob.get("secret").asText()), "bob's signature");
      assertTrue(toAlice.id().startsWith("msg_"), toAlice.id());
      JsonNode payload = AlertsFixture.json(toAlice.body());
      assertEquals("listings.changed", payload.get("type").asText());
      assertEquals(alice.get("id").asText(), payload.at("/data/searchId").asText());
      assertEquals("fixture", payload.at("/data/vendor").asText());
      assertEquals(List.of("2:[\"new\"]", "4:[\"new\"]"), summary(payload));
      JsonNode served = AlertsFixture.json(server.call("GET", "/properties/4", null, "alice"));
      assertEquals(served, payload.at("/data/listings/1/listing"), "as /properties serves it");
      assertEquals(
          List.of("2:[\"new\"]", "4:[\"new\"]"), summary(AlertsFixture.json(toBob.body())));

      // A price drop of a matching listing: price, with the price alice was told before.
      server.incremental(listing(4, "Katy", 4, 320_000, "Active"));
      JsonNode price = AlertsFixture.json(signed(receiver.next(), secret, "/alice").body());
      assertEquals(List.of("4:[\"price\"]"), summary(price));
      assertEquals(350_000.0, price.at("/data/listings/0/previous/listPrice").asDouble());

      // Pending: it leaves the search (Active by default) with a status change.
      server.incremental(listing(4, "Katy", 4, 320_000, "Pending"));
      JsonNode status = AlertsFixture.json(signed(receiver.next(), secret, "/alice").body());
      assertEquals(List.of("4:[\"status\"]"), summary(status));
      assertEquals("Active", status.at("/data/listings/0/previous/status").asText());
      assertEquals("Pending", status.at("/data/listings/0/listing/mls/status").asText());

      // A new open house of a matching listing.
      server.incrementalWithOpenHouses(
          "{\"openHouseId\":\"OH-1\",\"startTime\":\"2026-12-05T18:00:00Z\","
              + "\"endTime\":\"2026-12-05T20:00:00Z\",\"type\":\"Public\","
              + "\"listing\":{\"mlsId\":2}}",
          listing(2, "Katy", 3, 390_000, "Active"));
      JsonNode openHouse = AlertsFixture.json(signed(receiver.next(), secret, "/alice").body());
      assertEquals(List.of("2:[\"openhouse\"]"), summary(openHouse));

      // A delete: a status change, without a listing to show.
      server.incremental(listing(2, "Katy", 3, 390_000, "Delete"));
      JsonNode deleted = AlertsFixture.json(signed(receiver.next(), secret, "/alice").body());
      assertEquals(List.of("2:[\"status\"]"), summary(deleted));
      assertTrue(deleted.at("/data/listings/0/deleted").asBoolean());
      assertTrue(deleted.at("/data/listings/0/listing").isNull());

      // A full rebuild of the state as it is changes nothing and sends nothing.
      int before = deliveries(server, alice) + deliveries(server, bob);
      server.full(
          listing(1, "Katy", 3, 300_000, "Active"),
          listing(3, "Houston", 3, 150_000, "Active"),
          listing(4, "Katy", 4, 320_000, "Pending"));
      assertEquals(before, deliveries(server, alice) + deliveries(server, bob));
      assertNull(receiver.poll(1500), "nothing sent after a full rebuild that changed nothing");
      // Bob was told only of new listings: 1 delivery.
      assertEquals(1, deliveries(server, bob));
      assertEquals(5, deliveries(server, alice));

      // Health and metrics: two searches, six deliveries delivered, none pending.
      JsonNode health =
          AlertsFixture.json(server.call("GET", "/-/health", null, null)).get("alerts");
      assertEquals(2, health.get("searches").asInt(), health.toString());
      assertEquals(6, health.at("/deliveries/delivered").asInt(), health.toString());
      assertEquals(0, health.at("/deliveries/pending").asInt(), health.toString());
      assertTrue(health.get("oldestPendingAgeSeconds").isNull(), health.toString());
      String metrics = server.call("GET", "/-/metrics", null, null).body();
      assertTrue(
          metrics.contains("keybox_alert_delivery_attempts_total{outcome=\"delivered\"} 6.0"),
          metrics);
      assertTrue(metrics.contains("keybox_alert_searches{enabled=\"true\"} 2.0"), metrics);
    }
  }

  @Test
  void commitsMadeWhileTheServerWasDownAreMatchedAsOneOverEveryListing(@TempDir Path dir)
      throws Exception {
    try (WebhookReceiver receiver = new WebhookReceiver();
        AlertsFixture server =
            new AlertsFixture(
                dir,
                true,
                listing(1, "Katy", 3, 450_000, "Active"),
                listing(2, "Katy", 3, 500_000, "Active"),
                listing(3, "Houston", 3, 200_000, "Active"))) {
      JsonNode search =
          server.create(
              "alice", "Katy 3+", KATY, receiver.url("/alice"), "[\"new\",\"price\",\"status\"]");
      String secret = search.get("secret").asText();
      server.incremental(
          listing(4, "Katy", 4, 350_000, "Active"), listing(6, "Katy", 3, 300_000, "Active"));
      assertEquals(
          List.of("4:[\"new\"]", "6:[\"new\"]"),
          summary(AlertsFixture.json(signed(receiver.next(), secret, "/alice").body())));

      // Its outcome written, so the restart does not send it again (at least once).
      DeliveryHttpTest.waitForDelivery(
          server, search, d -> d.get("state").asText().equals("delivered"));

      // Two index runs while the server is stopped: the second one's changes are relative to the
      // first, which was never matched, so every listing and every remembered one is looked at.
      server.stop();
      server.incremental(
          listing(4, "Katy", 4, 320_000, "Active"), listing(6, "Katy", 3, 300_000, "Delete"));
      server.incremental(
          listing(5, "Katy", 3, 380_000, "Active"), listing(2, "Katy", 3, 390_000, "Active"));
      server.start();

      // 1 (over the maximum) and 3 (Houston) never matched: nothing of them.
      assertEquals(
          List.of("2:[\"new\"]", "4:[\"price\"]", "5:[\"new\"]", "6:[\"status\"]"),
          summary(AlertsFixture.json(signed(receiver.next(), secret, "/alice").body())));
      assertNull(receiver.poll(1500), "one delivery for the commits made while down");
    }
  }

  private static WebhookReceiver.Received signed(
      WebhookReceiver.Received request, String secret, String path) throws Exception {
    assertEquals(path, request.path());
    assertTrue(WebhookReceiver.verify(request, secret), "signature of " + request.id());
    return request;
  }

  private static WebhookReceiver.Received byPath(
      List<WebhookReceiver.Received> requests, String path) {
    return requests.stream().filter(r -> r.path().equals(path)).findFirst().orElseThrow();
  }

  /** Each listing of a payload as {@code mlsId:events}. */
  private static List<String> summary(JsonNode payload) {
    List<String> listings = new ArrayList<>();
    for (JsonNode listing : payload.at("/data/listings")) {
      listings.add(listing.get("mlsId").asLong() + ":" + listing.get("events"));
    }
    return listings;
  }

  private static int deliveries(AlertsFixture server, JsonNode search) throws Exception {
    HttpResponse<String> list =
        server.call(
            "GET",
            "/searches/" + search.get("id").asText() + "/deliveries?limit=100",
            null,
            search.get("id").asText().isEmpty() ? null : owner(server, search));
    assertEquals(200, list.statusCode(), list.body());
    return AlertsFixture.json(list).size();
  }

  private static String owner(AlertsFixture server, JsonNode search) {
    return search.get("name").asText().equals("Katy new") ? "bob" : "alice";
  }
}

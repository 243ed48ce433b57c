package io.keybox.server.alerts;

import static io.keybox.server.alerts.AlertsFixture.listing;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 35, points 3, 4 and 6: how deliveries fail and are retried, against a real loopback
 * receiver, with the retry schedule run on a clock the test moves.
 */
class DeliveryHttpTest {
  private static final String ALL = "[\"new\",\"price\",\"status\",\"openhouse\"]";

  @Test
  void aFailedAttemptIsRetriedUnderTheSameIdUntilTheReceiverTakesIt(@TempDir Path dir)
      throws Exception {
    try (WebhookReceiver receiver = new WebhookReceiver();
        AlertsFixture server = new AlertsFixture(dir, true, listing(1, "Katy", 3, 1, "Active"))) {
      JsonNode search = server.create("alice", "Katy", "cities=Katy", receiver.url("/h"), ALL);
      String secret = search.get("secret").asText();
      // Down for a simulated day: 500s on the schedule's attempts at 0, 5 s, 5 min 5 s, 35 min 5 s,
      // 2 h 35 min 5 s, 7 h 35 min 5 s and 17 h 35 min 5 s; the next, at 27 h 35 min 5 s, is taken.
      receiver.answer(500, 503, 500, 502, 500, 500, 500);
      server.incremental(listing(2, "Katy", 3, 2, "Active"));
      List<WebhookReceiver.Received> attempts = new ArrayList<>();
      WebhookReceiver.Received first = receiver.poll(20_000);
      if (first == null) {
        throw new AssertionError(
            server
                .call(
                    "GET", "/searches/" + search.get("id").asText() + "/deliveries", null, "alice")
                .body());
      }
      attempts.add(first);
      for (Duration wait :
          List.of(
              Duration.ofSeconds(5),
              Duration.ofMinutes(5),
              Duration.ofMinutes(30),
              Duration.ofHours(2),
              Duration.ofHours(5),
              Duration.ofHours(10),
              Duration.ofHours(10))) {
        // The retry is scheduled from when the failure is recorded: wait for that, then move on.
        int made = attempts.size();
        waitForDelivery(server, search, d -> d.get("attempts").asInt() == made);
        // Not due a second early.
        server.clock.add(wait.minusSeconds(1));
        server.alerts().deliverer().wake();
        assertNull(receiver.poll(300), "an attempt before its time, after " + attempts.size());
        server.clock.add(Duration.ofSeconds(1));
        server.alerts().deliverer().wake();
        attempts.add(receiver.next());
      }
      assertEquals(8, attempts.size());
      String id = attempts.get(0).id();
      for (WebhookReceiver.Received attempt : attempts) {
        assertEquals(id, attempt.id(), "every attempt under the first one's id");
        assertTrue(WebhookReceiver.verify(attempt, secret), "signature of an attempt");
        assertEquals(attempts.get(0).text(), attempt.text(), "the same body");
      }
      assertNotEquals(attempts.get(0).timestamp(), attempts.get(7).timestamp());
      JsonNode delivery =
          waitForDelivery(server, search, d -> d.get("state").asText().equals("delivered"));
      assertEquals(8, delivery.get("attempts").asInt());
      assertEquals(200, delivery.get("lastStatus").asInt());
    }
  }

  @Test
  void goneDisablesRedirectsAreNotFollowedAndRefusedConnectionsAreRetried(@TempDir Path dir)
      throws Exception {
    try (WebhookReceiver receiver = new WebhookReceiver();
        WebhookReceiver elsewhere = new WebhookReceiver();
        AlertsFixture server = new AlertsFixture(dir, true, listing(1, "Katy", 3, 1, "Active"))) {
      int closedPort;
      try (ServerSocket socket = new ServerSocket(0)) {
        closedPort = socket.getLocalPort();
      }
      JsonNode gone = server.create("alice", "gone", "cities=Katy", receiver.url("/gone"), ALL);
      JsonNode refused =
          server.create(
              "bob", "refused", "cities=Katy", "http://127.0.0.1:" + closedPort + "/h", ALL);
      receiver.answer(410);
      server.incremental(listing(2, "Katy", 3, 2, "Active"));
      assertEquals("/gone", receiver.next().path());
      JsonNode failed =
          waitForDelivery(server, gone, d -> d.get("state").asText().equals("failed"));
      assertEquals(410, failed.get("lastStatus").asInt());
      JsonNode disabled =
          AlertsFixture.json(
              server.call("GET", "/searches/" + gone.get("id").asText(), null, "alice"));
      assertFalse(disabled.get("enabled").asBoolean());
      assertTrue(disabled.get("disabledReason").asText().contains("410"), disabled.toString());
      JsonNode notConnected = waitForDelivery(server, refused, d -> d.get("attempts").asInt() == 1);
      assertEquals("pending", notConnected.get("state").asText());
      assertTrue(
          notConnected.get("lastError").asText().startsWith("cannot connect"),
          notConnected.toString());

      // A redirect is an answer, not a way elsewhere: nothing reaches its target.
      JsonNode redirected =
          server.create("alice", "moved", "cities=Katy", receiver.url("/moved"), ALL);
      receiver.answer(302);
      server.incremental(listing(3, "Katy", 3, 3, "Active"));
      assertEquals("/moved", receiver.next().path());
      JsonNode moved = waitForDelivery(server, redirected, d -> d.get("attempts").asInt() == 1);
      assertEquals(302, moved.get("lastStatus").asInt());
      assertTrue(moved.get("lastError").asText().contains("not followed"), moved.toString());
      assertNull(elsewhere.poll(200));
    }
  }

  @Test
  void aReceiverThatDoesNotAnswerIsTimedOut(@TempDir Path dir) throws Exception {
    try (WebhookReceiver receiver = new WebhookReceiver();
        AlertsFixture server = new AlertsFixture(dir, true, listing(1, "Katy", 3, 1, "Active"))) {
      JsonNode search = server.create("alice", "slow", "cities=Katy", receiver.url("/slow"), ALL);
      receiver.holdAnswers();
      server.incremental(listing(2, "Katy", 3, 2, "Active"));
      receiver.next();
      JsonNode timedOut = waitForDelivery(server, search, d -> d.get("attempts").asInt() == 1);
      assertEquals("no answer within 10 s", timedOut.get("lastError").asText());
      assertEquals("pending", timedOut.get("state").asText());
    }
  }

  @Test
  void aStopMidDeliveryLosesNothingAndSendsUnderTheSameIdAfterTheRestart(@TempDir Path dir)
      throws Exception {
    try (WebhookReceiver receiver = new WebhookReceiver();
        AlertsFixture server = new AlertsFixture(dir, true, listing(1, "Katy", 3, 1, "Active"))) {
      JsonNode search = server.create("alice", "Katy", "cities=Katy", receiver.url("/h"), ALL);
      receiver.holdAnswers();
      server.incremental(listing(2, "Katy", 3, 2, "Active"));
      WebhookReceiver.Received cut = receiver.next();
      // Stopped while the receiver holds the request: no outcome is written.
      server.stop();
      receiver.release();
      server.start();
      WebhookReceiver.Received again = receiver.next();
      assertEquals(cut.id(), again.id());
      assertEquals(cut.text(), again.text());
      assertTrue(WebhookReceiver.verify(again, search.get("secret").asText()));
      waitForDelivery(server, search, d -> d.get("state").asText().equals("delivered"));
      // The commit is not matched again after the restart: one delivery only.
      assertEquals(
          1,
          AlertsFixture.json(
                  server.call(
                      "GET",
                      "/searches/" + search.get("id").asText() + "/deliveries",
                      null,
                      "alice"))
              .size());
    }
  }

  /** The search's latest delivery once {@code done} holds, waiting up to a minute. */
  static JsonNode waitForDelivery(AlertsFixture server, JsonNode search, Predicate<JsonNode> done)
      throws Exception {
    String owner = ownerOf(server, search);
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    JsonNode latest = null;
    while (System.nanoTime() < deadline) {
      JsonNode list =
          AlertsFixture.json(
              server.call(
                  "GET", "/searches/" + search.get("id").asText() + "/deliveries", null, owner));
      latest = list.isEmpty() ? null : list.get(0);
      if (latest != null && done.test(latest)) {
        return latest;
      }
      Thread.sleep(50);
    }
    throw new AssertionError("the delivery never got there: " + latest);
  }

  private static String ownerOf(AlertsFixture server, JsonNode search) throws Exception {
    return server.call("GET", "/searches/" + search.get("id").asText(), null, "alice").statusCode()
            == 200
        ? "alice"
        : "bob";
  }
}

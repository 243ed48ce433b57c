package io.keybox.server.alerts;

import static io.keybox.server.alerts.AlertsFixture.listing;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 35, point 1: the {@code /searches} API over a real server, with hand-written answers. */
class SearchesHttpTest {
  private static final String HOOK = "https://crm.example.com/hooks/keybox";

  @Test
  void aKeyCreatesListsChangesAndDeletesItsOwnSearches(@TempDir Path dir) throws Exception {
    try (AlertsFixture server = new AlertsFixture(dir, false, listing(1, "Katy", 3, 1, "Active"))) {
      JsonNode created =
          server.create("alice", "Katy 3+", "cities=Katy&minbeds=3", HOOK, "[\"new\",\"price\"]");
      String id = created.get("id").asText();
      String secret = created.get("secret").asText();
      assertTrue(id.startsWith("ss_"), id);
      assertEquals("fixture", created.get("vendor").asText());
      assertEquals("cities=Katy&minbeds=3", created.get("query").asText());
      assertTrue(created.get("enabled").asBoolean());

      // The secret is shown once; later only a hint that cannot sign.
      JsonNode got = AlertsFixture.json(server.call("GET", "/searches/" + id, null, "alice"));
      assertFalse(got.has("secret"));
      assertEquals(
          secret.substring(0, 10) + "..." + secret.substring(secret.length() - 4),
          got.get("secretHint").asText());

      HttpResponse<String> list = server.call("GET", "/searches", null, "alice");
      assertEquals(200, list.statusCode());
      assertEquals("1", list.headers().firstValue("X-Total-Count").orElseThrow());
      assertEquals(id, AlertsFixture.json(list).get(0).get("id").asText());

      HttpResponse<String> patched =
          server.call(
              "PATCH",
              "/searches/" + id,
              "{\"name\":\"Katy 4+\",\"query\":\"cities=Katy&minbeds=4\",\"enabled\":false}",
              "alice");
      assertEquals(200, patched.statusCode(), patched.body());
      JsonNode changed = AlertsFixture.json(patched);
      assertEquals("Katy 4+", changed.get("name").asText());
      assertEquals("cities=Katy&minbeds=4", changed.get("query").asText());
      assertFalse(changed.get("enabled").asBoolean());
      assertEquals(HOOK, changed.get("webhook").asText());

      JsonNode rotated =
          AlertsFixture.json(server.call("POST", "/searches/" + id + "/secret", null, "alice"));
      assertTrue(rotated.get("secret").asText().startsWith("whsec_"));
      assertFalse(rotated.get("secret").asText().equals(secret));

      // Another key sees none of it and changes none of it.
      assertEquals(404, server.call("GET", "/searches/" + id, null, "bob").statusCode());
      assertEquals(
          404, server.call("PATCH", "/searches/" + id, "{\"name\":\"x\"}", "bob").statusCode());
      assertEquals(404, server.call("DELETE", "/searches/" + id, null, "bob").statusCode());
      assertEquals(
          404, server.call("GET", "/searches/" + id + "/deliveries", null, "bob").statusCode());
      assertEquals("[]", server.call("GET", "/searches", null, "bob").body());

      assertEquals(204, server.call("DELETE", "/searches/" + id, null, "alice").statusCode());
      assertEquals(404, server.call("GET", "/searches/" + id, null, "alice").statusCode());
    }
  }

  @Test
  void badRequestsAreNamed400sAndKeysWithoutTheAddOnAre403(@TempDir Path dir) throws Exception {
    try (AlertsFixture server = new AlertsFixture(dir, false, listing(1, "Katy", 3, 1, "Active"))) {
      // The same 400 as /properties for a bad filter value.
      HttpResponse<String> properties =
          server.call("GET", "/properties?minbeds=many", null, "alice");
      assertEquals(400, properties.statusCode());
      HttpResponse<String> search =
          post(
              server,
              "{\"name\":\"n\",\"query\":\"minbeds=many\",\"webhook\":\""
                  + HOOK
                  + "\",\"events\":[\"new\"]}");
      assertEquals(400, search.statusCode());
      assertEquals(
          AlertsFixture.json(properties).get("error").asText(),
          AlertsFixture.json(search).get("error").asText());

      assertRefused(
          server,
          "{\"name\":\"n\",\"query\":\"limit=5\",\"webhook\":\""
              + HOOK
              + "\",\"events\":[\"new\"]}",
          "'limit' is not allowed");
      assertRefused(
          server,
          "{\"name\":\"n\",\"query\":\"sort=listprice\",\"webhook\":\""
              + HOOK
              + "\",\"events\":[\"new\"]}",
          "'sort' is not allowed");
      assertRefused(
          server,
          "{\"name\":\"n\",\"query\":\"\",\"webhook\":\""
              + HOOK
              + "\",\"events\":[\"new\"],\"colour\":\"red\"}",
          "unknown field 'colour'");
      assertRefused(
          server,
          "{\"name\":\"n\",\"query\":\"\",\"webhook\":\"" + HOOK + "\",\"events\":[\"sold\"]}",
          "unknown event 'sold'");
      assertRefused(
          server,
          "{\"name\":\"n\",\"query\":\"\",\"webhook\":\"" + HOOK + "\",\"events\":[]}",
          "events: must be a non-empty array");
      assertRefused(
          server,
          "{\"query\":\"\",\"webhook\":\"" + HOOK + "\",\"events\":[\"new\"]}",
          "'name' is required");
      assertRefused(
          server,
          "{\"name\":\"n\",\"query\":\"\",\"webhook\":\"http://crm.example.com/h\","
              + "\"events\":[\"new\"]}",
          "must be an https URL");
      assertRefused(
          server,
          "{\"name\":\"n\",\"query\":\"\",\"webhook\":\"https://10.0.0.7/h\","
              + "\"events\":[\"new\"]}",
          "private address");
      HttpResponse<String> otherVendor =
          post(
              server,
              "{\"name\":\"n\",\"query\":\"\",\"webhook\":\""
                  + HOOK
                  + "\",\"events\":[\"new\"],\"vendor\":\"elsewhere\"}");
      assertEquals(403, otherVendor.statusCode(), otherVendor.body());
      assertRefused(server, "[1,2]", "must be a JSON object");
      assertRefused(server, "{\"name\":", "not valid JSON");
      assertRefused(server, "{\"name\":\"" + "x".repeat(20_000) + "\"}", "at most 16384 bytes");

      HttpResponse<String> noAddon = server.call("GET", "/searches", null, "carol");
      assertEquals(403, noAddon.statusCode());
      assertTrue(noAddon.body().contains("alerts add-on"), noAddon.body());
      assertEquals(401, server.call("GET", "/searches", null, null).statusCode());
    }
  }

  @Test
  void aKeyHasAtMostItsLimitOfSearches(@TempDir Path dir) throws Exception {
    try (AlertsFixture server = new AlertsFixture(dir, false, listing(1, "Katy", 3, 1, "Active"))) {
      for (int i = 0; i < 3; i++) { // the fixture's limit
        server.create("alice", "s" + i, "cities=Katy", HOOK, "[\"new\"]");
      }
      assertRefused(
          server,
          "{\"name\":\"one more\",\"query\":\"\",\"webhook\":\""
              + HOOK
              + "\",\"events\":[\"new\"]}",
          "--max-searches-per-key");
      server.create("bob", "bob's own", "cities=Katy", HOOK, "[\"new\"]");
    }
  }

  private static HttpResponse<String> post(AlertsFixture server, String body) throws Exception {
    return server.call("POST", "/searches", body, "alice");
  }

  private static void assertRefused(AlertsFixture server, String body, String says)
      throws Exception {
    HttpResponse<String> response = post(server, body);
    assertEquals(400, response.statusCode(), response.body());
    assertTrue(response.body().contains(says), says + " in " + response.body());
  }
}

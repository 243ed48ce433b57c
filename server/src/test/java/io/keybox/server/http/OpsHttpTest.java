package io.keybox.server.http;

import static io.keybox.server.http.FixtureServer.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.keybox.server.auth.Account;
import io.keybox.server.auth.Accounts;
import io.keybox.server.auth.RateLimit;
import io.keybox.server.auth.SecretHash;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code /-/health} and {@code /-/metrics} over HTTP (OPERATIONS.md §6): no credentials, loopback
 * clients of the main listener only when there is no admin listener, and the answers over
 * data/fixtures/basic (12 listings, 10 open houses, 6 agents, refreshed 2026-11-01T06:00:00Z).
 */
class OpsHttpTest {
  private static final String SECRET = "s3cret";

  @RegisterExtension
  static final FixtureServer server =
      FixtureServer.perClassOnBasic(
          dataDir -> new FixtureServer(dataDir, accounts("fixture"), ServerConfig.loopback(0)));

  private static Accounts accounts(String... vendors) {
    return Accounts.of(
        List.of(
            new Account(
                "plain",
                List.of(vendors),
                Set.of(),
                RateLimit.DEFAULT,
                SecretHash.create(SECRET, 1000))));
  }

  private static HttpResponse<String> get(FixtureServer on, String path, String... headers)
      throws Exception {
    HttpRequest.Builder request = HttpRequest.newBuilder(on.uri(path)).GET();
    if (headers.length > 0) {
      request.headers(headers);
    }
    return on.send(request, null, null);
  }

  private static HttpResponse<String> getAdmin(FixtureServer on, String path) throws Exception {
    URI uri = URI.create("http://127.0.0.1:" + on.server().adminPort().orElseThrow() + path);
    return on.send(HttpRequest.newBuilder(uri).GET(), null, null);
  }

  /** The value of the sample line {@code name{labels}} in a scrape. */
  private static double sample(String scrape, String nameAndLabels) {
    Matcher m =
        Pattern.compile("(?m)^" + Pattern.quote(nameAndLabels) + " (\\S+)$").matcher(scrape);
    assertTrue(m.find(), "no sample " + nameAndLabels + " in:\n" + scrape);
    return Double.parseDouble(m.group(1));
  }

  @Test
  void healthIsOkWhenEveryConfiguredVendorHasAnIndex() throws Exception {
    HttpResponse<String> response = get(server, "/-/health");
    assertEquals(200, response.statusCode(), response.body());
    assertEquals(
        "application/json; charset=utf-8",
        response.headers().firstValue("Content-Type").orElseThrow());
    assertEquals("no-store", response.headers().firstValue("Cache-Control").orElseThrow());
    JsonNode body = json(response);
    assertEquals("ok", body.get("status").asText());
    JsonNode vendor = body.at("/vendors/0");
    assertEquals("fixture", vendor.get("vendor").asText());
    assertTrue(vendor.get("ready").asBoolean());
    assertEquals(1, vendor.get("generation").asLong());
    assertEquals("2026-11-01T06:00:00Z", vendor.get("lastUpdate").asText());
    assertEquals(12, vendor.get("listings").asLong());
    assertEquals(10, vendor.get("openHouses").asLong());
    assertEquals(6, vendor.get("agents").asLong());
    assertEquals(4, vendor.get("schema").asInt(), "written by this build's schema");
    assertEquals(1, body.get("vendors").size());
  }

  @Test
  void healthIs503NamingAVendorWithoutAnIndexUntilItsFirstCommit(@TempDir Path dir)
      throws Exception {
    FixtureServer.index(dir, "fixture", "basic");
    try (FixtureServer waiting =
        new FixtureServer(dir, accounts("fixture", "coming"), ServerConfig.loopback(0))) {
      HttpResponse<String> response = get(waiting, "/-/health");
      assertEquals(503, response.statusCode(), response.body());
      JsonNode body = json(response);
      assertEquals(503, body.get("error").asInt());
      assertEquals("not ready: vendor coming has no index yet", body.get("message").asText());
      assertEquals("unavailable", body.get("status").asText());
      assertEquals("coming", body.at("/vendors/0/vendor").asText());
      assertTrue(body.at("/vendors/0/generation").isNull());
      assertEquals("fixture", body.at("/vendors/1/vendor").asText());

      FixtureServer.index(dir, "coming", "basic");
      waiting.indexes().refresh();
      assertEquals(200, get(waiting, "/-/health").statusCode());
    }
  }

  @Test
  void healthIs503WhenNothingIsConfigured(@TempDir Path dir) throws Exception {
    try (FixtureServer empty = new FixtureServer(dir, Accounts.empty(), ServerConfig.loopback(0))) {
      HttpResponse<String> response = get(empty, "/-/health");
      assertEquals(503, response.statusCode());
      assertTrue(json(response).get("message").asText().contains("no vendor is configured"));
    }
  }

  @Test
  void metricsCountRequestsByRouteTemplateAndStatus() throws Exception {
    assertEquals(200, server.get("/properties", "plain", SECRET).statusCode());
    assertEquals(404, server.get("/properties/999999", "plain", SECRET).statusCode());
    assertEquals(404, server.get("/no/such/path", "plain", SECRET).statusCode());
    assertEquals(401, server.get("/properties", null, null).statusCode());
    server.server().metrics().rateLimited("plain");

    HttpResponse<String> response = get(server, "/-/metrics");
    assertEquals(200, response.statusCode());
    assertEquals(
        "text/plain; version=0.0.4; charset=utf-8",
        response.headers().firstValue("Content-Type").orElseThrow());
    String scrape = response.body();
    assertTrue(
        sample(
                scrape,
                "keybox_http_requests_total{endpoint=\"/properties\",method=\"GET\",status=\"200\"}")
            >= 1);
    assertTrue(
        sample(
                scrape,
                "keybox_http_requests_total{endpoint=\"/properties\",method=\"GET\",status=\"401\"}")
            >= 1);
    assertTrue(
        sample(
                scrape,
                "keybox_http_requests_total{endpoint=\"/properties/{mlsId}\",method=\"GET\",status=\"404\"}")
            >= 1);
    assertTrue(
        sample(
                scrape,
                "keybox_http_requests_total{endpoint=\"other\",method=\"GET\",status=\"404\"}")
            >= 1);
    assertTrue(
        sample(
                scrape,
                "keybox_http_request_duration_seconds_bucket{endpoint=\"/properties\",le=\"+Inf\"}")
            >= 2);
    assertTrue(
        sample(scrape, "keybox_http_request_duration_seconds_count{endpoint=\"/properties\"}")
            >= 2);
    assertEquals(1, sample(scrape, "keybox_rate_limited_total{key=\"plain\"}"));
    assertEquals(1, sample(scrape, "keybox_vendor_ready{vendor=\"fixture\"}"));
    assertEquals(
        12, sample(scrape, "keybox_vendor_documents{kind=\"listing\",vendor=\"fixture\"}"));
    assertEquals(
        10, sample(scrape, "keybox_vendor_documents{kind=\"openhouse\",vendor=\"fixture\"}"));
    assertEquals(6, sample(scrape, "keybox_vendor_documents{kind=\"agent\",vendor=\"fixture\"}"));
    assertEquals(1, sample(scrape, "keybox_vendor_index_generation{vendor=\"fixture\"}"));
    assertEquals(
        1793512800,
        sample(scrape, "keybox_vendor_last_refresh_timestamp_seconds{vendor=\"fixture\"}"));
    assertTrue(sample(scrape, "jvm_memory_used_bytes{area=\"heap\"}") > 0);
    assertTrue(sample(scrape, "jvm_memory_committed_bytes{area=\"heap\"}") > 0);
    assertTrue(scrape.contains("# TYPE keybox_http_request_duration_seconds histogram\n"));
  }

  @Test
  void theMetricsOfAScrapeIncludeEarlierScrapes() throws Exception {
    get(server, "/-/metrics");
    String scrape = get(server, "/-/metrics").body();
    assertTrue(
        sample(
                scrape,
                "keybox_http_requests_total{endpoint=\"/-/metrics\",method=\"GET\",status=\"200\"}")
            >= 1);
  }

  @Test
  void throughAProxyTheOpsEndpointsAreNotThere() throws Exception {
    HttpResponse<String> forwarded = get(server, "/-/metrics", "X-Forwarded-For", "203.0.113.9");
    assertEquals(404, forwarded.statusCode(), forwarded.body());
    assertTrue(json(forwarded).get("message").asText().contains("admin port"));
    assertEquals(404, get(server, "/-/health", "Forwarded", "for=203.0.113.9").statusCode());
    // An escaped character is that character for the gate too.
    assertEquals(404, get(server, "/%2D/health", "X-Forwarded-For", "203.0.113.9").statusCode());
    assertEquals(200, get(server, "/%2d/health").statusCode());
    // The OpenAPI document holds no data: public wherever the request comes from.
    assertEquals(
        200, get(server, "/-/openapi.json", "X-Forwarded-For", "203.0.113.9").statusCode());
  }

  @Test
  void behindAProxyOnlyTheAdminListenerServesHealth(@TempDir Path dir) throws Exception {
    FixtureServer.index(dir, "fixture", "basic");
    ServerConfig proxied =
        new ServerConfig(
            "127.0.0.1", 0, Optional.empty(), ServerConfig.DEFAULT_OFFSET_WINDOW, true, List.of());
    try (FixtureServer behind = new FixtureServer(dir, accounts("fixture"), proxied)) {
      assertEquals(404, get(behind, "/-/health").statusCode());
      assertEquals(200, get(behind, "/-/openapi.json").statusCode());
    }
  }

  @Test
  void opsPathsAnswerOnlyGetAndKnownNames() throws Exception {
    HttpResponse<String> post =
        server.send(
            HttpRequest.newBuilder(server.uri("/-/health"))
                .POST(HttpRequest.BodyPublishers.noBody()),
            null,
            null);
    assertEquals(405, post.statusCode());
    assertEquals("GET", post.headers().firstValue("Allow").orElseThrow());
    assertEquals(404, get(server, "/-/nothing").statusCode());
  }

  @Test
  void withAnAdminListenerHealthAndMetricsMoveThere(@TempDir Path dir) throws Exception {
    FixtureServer.index(dir, "fixture", "basic");
    try (FixtureServer admin =
        new FixtureServer(
            dir,
            accounts("fixture"),
            ServerConfig.loopback(0),
            Optional.of(new AdminListener("127.0.0.1", 0)))) {
      assertEquals(404, get(admin, "/-/health").statusCode());
      assertEquals(404, get(admin, "/-/metrics").statusCode());
      assertEquals(200, get(admin, "/-/openapi.json").statusCode());
      assertEquals(200, admin.get("/properties", "plain", SECRET).statusCode());

      assertEquals(200, getAdmin(admin, "/-/health").statusCode());
      assertEquals(200, getAdmin(admin, "/-/openapi.json").statusCode());
      String scrape = getAdmin(admin, "/-/metrics").body();
      assertEquals(
          1,
          sample(
              scrape,
              "keybox_http_requests_total{endpoint=\"/properties\",method=\"GET\",status=\"200\"}"));
      HttpResponse<String> api = getAdmin(admin, "/properties");
      assertEquals(404, api.statusCode());
      assertTrue(json(api).get("message").asText().contains("admin port serves"));
    }
  }
}

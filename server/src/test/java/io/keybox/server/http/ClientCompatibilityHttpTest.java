package io.keybox.server.http;

import static io.keybox.server.http.FixtureServer.json;
import static io.keybox.server.http.FixtureServer.mlsIds;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.keybox.server.auth.Account;
import io.keybox.server.auth.Accounts;
import io.keybox.server.auth.SecretHash;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The wire details the upstream API's existing clients (its WordPress plugin, its PHP and browser
 * examples, its generated SDKs) depend on (issue 25; API.md §4, §5, §2), over two vendors: {@code
 * hou} (data/fixtures/basic) and {@code aus} (data/fixtures/search). Every expected value is
 * written out by hand from data/README.md.
 */
class ClientCompatibilityHttpTest {
  private static final String TWO = "plugin";
  private static final String ONE = "single";
  private static final String SECRET = "s3cret";
  // base64("single:s3cret"), written out by hand.
  private static final String ONE_TOKEN = "c2luZ2xlOnMzY3JldA==";
  private static final String REFRESHED = "2026-11-01T06:00:00Z";
  private static final String PLUGIN_ACCEPT =
      "application/json; q=0.2, application/vnd.simplyrets-v0.1+json";
  private static final String UPSTREAM_TYPE = "application/vnd.simplyrets-v0.1+json; charset=utf-8";

  /** The server as {@code keybox serve} starts it by default: CORS open to every origin. */
  @RegisterExtension
  static final FixtureServer server =
      FixtureServer.perClass(
          dataDir -> {
            FixtureServer.index(dataDir, "hou", "basic");
            FixtureServer.index(dataDir, "aus", "search");
            Accounts accounts =
                Accounts.of(
                    List.of(account(TWO, List.of("hou", "aus")), account(ONE, List.of("aus"))));
            return new FixtureServer(
                dataDir,
                accounts,
                new ServerConfig(
                    "127.0.0.1",
                    0,
                    Optional.empty(),
                    ServerConfig.DEFAULT_OFFSET_WINDOW,
                    false,
                    List.of("*")));
          });

  private static Account account(String key, List<String> vendors) {
    return new Account(
        key, vendors, Set.of(), FixtureServer.UNTHROTTLED, SecretHash.create(SECRET, 1000));
  }

  private static HttpResponse<String> get(String pathAndQuery, String key) throws Exception {
    return server.get(pathAndQuery, key, SECRET);
  }

  /** {@code OPTIONS path} as the plugin's key. */
  private static HttpResponse<String> options(String path) throws Exception {
    return server.send(
        HttpRequest.newBuilder(server.uri(path))
            .method("OPTIONS", HttpRequest.BodyPublishers.noBody()),
        TWO,
        SECRET);
  }

  /**
   * {@code GET path} with the request header {@code name: value}, as {@code key} (with the test
   * secret), or with no credentials of the test's own when {@code key} is null.
   */
  private static HttpResponse<String> getWith(String path, String name, String value, String key)
      throws Exception {
    return server.send(
        HttpRequest.newBuilder(server.uri(path)).header(name, value),
        key,
        key == null ? null : SECRET);
  }

  /** The JSON text at {@code pointer} in the answer to {@code GET path} as the plugin's key. */
  private static String jsonAt(String path, String pointer) throws Exception {
    return json(get(path, TWO)).at(pointer).toString();
  }

  private static String header(HttpResponse<?> response, String name) {
    return response.headers().firstValue(name).orElse("(absent)");
  }

  // 1. The refresh time under the upstream's name too; its media type name on every response.

  @Test
  void theRefreshTimeIsSentUnderAllThreeNames() throws Exception {
    for (String path :
        List.of(
            "/properties?vendor=hou",
            "/properties/104?vendor=hou",
            "/properties/analytics?vendor=hou",
            "/openhouses?vendor=hou")) {
      HttpResponse<String> response = get(path, TWO);
      assertEquals(200, response.statusCode(), path);
      assertEquals(REFRESHED, header(response, "X-SimplyRETS-LastUpdate"), path);
      assertEquals(REFRESHED, header(response, "X-Service-LastUpdate"), path);
      assertEquals(REFRESHED, header(response, "X-Service-Last-Update"), path);
    }
  }

  @Test
  void optionsSendsBothMediaTypeNamesAndListsTheUpstreamType() throws Exception {
    HttpResponse<String> root = options("/");
    assertEquals(200, root.statusCode());
    assertEquals("vnd.service-v0.1", header(root, "X-Service-Media-Type"));
    assertEquals("vnd.simplyrets-v0.1", header(root, "X-SimplyRETS-Media-Type"));
    assertEquals(
        "[\"application/json\",\"application/vnd.service-v0.1+json\","
            + "\"application/vnd.simplyrets-v0.1+json\"]",
        json(root).get("accepts").toString());

    HttpResponse<String> properties = options("/properties?vendor=aus");
    assertEquals(200, properties.statusCode());
    assertEquals("vnd.simplyrets-v0.1", header(properties, "X-SimplyRETS-Media-Type"));
    assertEquals(REFRESHED, header(properties, "X-SimplyRETS-LastUpdate"));
  }

  // 2. The upstream's vendor media type, with q-values.

  @Test
  void theUpstreamMediaTypeIsAnsweredInItsOwnType() throws Exception {
    HttpResponse<String> plugin =
        getWith("/properties/104?vendor=hou", "Accept", PLUGIN_ACCEPT, TWO);
    assertEquals(200, plugin.statusCode());
    assertEquals(UPSTREAM_TYPE, header(plugin, "Content-Type"));
    assertEquals("KATY-104", json(plugin).get("listingId").asText());

    HttpResponse<String> jsonPreferred =
        getWith(
            "/properties/104?vendor=hou",
            "Accept",
            "application/json, application/vnd.simplyrets-v0.1+json;q=0.5",
            TWO);
    assertEquals("application/json; charset=utf-8", header(jsonPreferred, "Content-Type"));

    HttpResponse<String> error =
        getWith("/properties/999?vendor=hou", "Accept", PLUGIN_ACCEPT, TWO);
    assertEquals(404, error.statusCode());
    assertEquals(UPSTREAM_TYPE, header(error, "Content-Type"), "errors too");
  }

  // 3. Nested objects are objects.

  @Test
  void complianceIsAlwaysAnObject() throws Exception {
    // aus: 201 has compliance, 202 has none (data/README.md, fixtures/search).
    HttpResponse<String> response = get("/properties?vendor=aus&limit=2&include=compliance", TWO);
    assertEquals(List.of(201L, 202L), mlsIds(response));
    JsonNode listings = json(response);
    assertEquals(
        "{\"brokerAttribution\":\"Listed by Heights Realty\","
            + "\"mlsDisclaimer\":\"Information deemed reliable but not guaranteed\"}",
        listings.get(0).get("compliance").toString());
    assertEquals("{}", listings.get(1).get("compliance").toString());
    // hou's 101 has none either.
    assertEquals("{}", jsonAt("/properties/101?vendor=hou&include=compliance", "/compliance"));
  }

  @Test
  void anOfficesContactIsAnObjectEvenWhenTheFeedHasNone() throws Exception {
    // hou's 101: office {brokerid BRK1}, no contact; sales has no office at all.
    JsonNode listing = json(get("/properties/101?vendor=hou", TWO));
    assertEquals(
        "{\"email\":null,\"office\":null,\"cell\":null}", listing.at("/office/contact").toString());
    assertEquals(
        "{\"email\":null,\"office\":null,\"cell\":null}",
        listing.at("/sales/office/contact").toString());
    for (String nested :
        List.of(
            "property",
            "property/parking",
            "address",
            "geo",
            "mls",
            "agent",
            "coAgent",
            "office",
            "sales",
            "sales/agent",
            "sales/office",
            "school",
            "tax",
            "association")) {
      assertTrue(listing.at("/" + nested).isObject(), nested);
    }
  }

  // 4. Room levels are integers.

  @Test
  void roomLevelsAreIntegers() throws Exception {
    // aus's 201: a Bedroom on "Second", a Kitchen on "Main"; hou's 104: a Bedroom "Upper".
    JsonNode rooms =
        json(get("/properties/201?vendor=aus&include=rooms", TWO)).at("/property/rooms");
    assertEquals(2, rooms.size());
    assertEquals("2", rooms.get(0).get("level").toString());
    assertEquals("1", rooms.get(1).get("level").toString());
    assertEquals(
        "2", jsonAt("/properties/104?vendor=hou&include=rooms", "/property/rooms/0/level"));
  }

  // 5. CORS for every origin by default.

  @Test
  void everyOriginMayCallByDefault() throws Exception {
    HttpResponse<String> preflight = server.preflight("/properties", "https://any-broker.example");
    assertEquals(204, preflight.statusCode());
    assertEquals("*", header(preflight, "Access-Control-Allow-Origin"));
    assertEquals("GET, OPTIONS", header(preflight, "Access-Control-Allow-Methods"));

    HttpResponse<String> data =
        getWith("/properties?vendor=hou&limit=1", "Origin", "https://another.example", TWO);
    assertEquals(200, data.statusCode());
    assertEquals("*", header(data, "Access-Control-Allow-Origin"));
    assertEquals(
        "Link, X-Total-Count, X-Service-LastUpdate, X-Service-Last-Update,"
            + " X-SimplyRETS-LastUpdate, X-Service-Media-Type, X-SimplyRETS-Media-Type,"
            + " X-Request-Id, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After",
        header(data, "Access-Control-Expose-Headers"));
  }

  // 6. A quoted Basic token.

  @Test
  void aBasicTokenInQuotesIsAccepted() throws Exception {
    for (String authorization :
        List.of("Basic '" + ONE_TOKEN + "'", "Basic \"" + ONE_TOKEN + "\"", "Basic " + ONE_TOKEN)) {
      HttpResponse<String> response =
          getWith("/properties/201", "Authorization", authorization, null);
      assertEquals(200, response.statusCode(), authorization);
      assertEquals("HOU-201", json(response).get("listingId").asText(), authorization);
    }
    HttpResponse<String> unmatched =
        getWith("/properties/201", "Authorization", "Basic '" + ONE_TOKEN + "\"", null);
    assertEquals(401, unmatched.statusCode());
  }

  // 7. One vendor per request; Link URLs in the request's own order.

  @Test
  void twoDifferentVendorsAreRefusedTheSameOneTwiceIsFine() throws Exception {
    HttpResponse<String> two = get("/properties?vendor=hou&vendor=aus", TWO);
    assertEquals(400, two.statusCode());
    assertEquals(
        "{\"error\":400,\"message\":\"vendor: one vendor per request (got: 'hou', 'aus')\"}",
        two.body());
    assertEquals(400, get("/properties/104?vendor=aus&vendor=hou", TWO).statusCode());
    assertEquals(400, get("/properties/analytics?vendor=hou&vendor=aus", TWO).statusCode());

    // The first of hou's default order is 102, of aus's 201 (data/README.md).
    assertEquals(List.of(102L), mlsIds(get("/properties?vendor=hou&vendor=hou&limit=1", TWO)));
    assertEquals(List.of(201L), mlsIds(get("/properties?vendor=&vendor=aus&limit=1", TWO)));
  }

  @Test
  void linkUrlsKeepTheRequestsOrderAndAppendOffsetThenLimit() throws Exception {
    String base = "http://127.0.0.1:" + server.port();
    // Neither paging parameter sent (aus's default scope is 21 listings): both appended, offset
    // first, in every server process.
    assertEquals(
        "<" + base + "/properties?vendor=aus&offset=20&limit=20>; rel=\"next\"",
        header(get("/properties?vendor=aus", TWO), "Link"));
    // limit sent before vendor: it keeps its place; offset is appended.
    assertEquals(
        "<"
            + base
            + "/properties?limit=2&include=&include=compliance&vendor=aus&offset=2>; rel=\"next\"",
        header(get("/properties?limit=2&include=&include=compliance&vendor=aus", TWO), "Link"));
    // Cursor mode (mlsId order: 201 to 220, then 238): lastId replaced in place, limit appended.
    assertEquals(
        "<" + base + "/properties?vendor=aus&lastId=220&limit=20>; rel=\"next\"",
        header(get("/properties?vendor=aus&lastId=0", TWO), "Link"));
  }

  // 8. The plugin's own request, byte for byte in its shape.

  @Test
  void thePluginsExactRequestWorks() throws Exception {
    HttpResponse<String> response =
        server.send(
            HttpRequest.newBuilder(
                    server.uri(
                        "/properties?vendor=&status=Active&status=Active&include=&include=compliance"
                            + "&limit=2&limit=2&offset=0"))
                .header("Accept", PLUGIN_ACCEPT)
                .header("Authorization", "Basic '" + ONE_TOKEN + "'")
                .header("Origin", "https://broker.example"),
            null,
            null);
    assertEquals(200, response.statusCode(), response.body());
    assertEquals(UPSTREAM_TYPE, header(response, "Content-Type"));
    assertEquals(REFRESHED, header(response, "X-SimplyRETS-LastUpdate"));
    assertEquals("vnd.simplyrets-v0.1", header(response, "X-SimplyRETS-Media-Type"));
    assertEquals("*", header(response, "Access-Control-Allow-Origin"));
    assertEquals(List.of(201L, 202L), mlsIds(response));
    JsonNode listings = json(response);
    assertEquals(
        "Listed by Heights Realty", listings.at("/0/compliance/brokerAttribution").asText());
    assertEquals("{}", listings.get(1).get("compliance").toString());
    assertEquals(
        "<http://127.0.0.1:"
            + server.port()
            + "/properties?vendor=&status=Active&status=Active&include=&include=compliance"
            + "&limit=2&offset=2>; rel=\"next\"",
        header(response, "Link"));
  }
}

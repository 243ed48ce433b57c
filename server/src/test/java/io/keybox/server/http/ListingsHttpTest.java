package io.keybox.server.http;

import static io.keybox.server.http.FixtureServer.json;
import static io.keybox.server.http.FixtureServer.mlsIds;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * GET /properties and /properties/{mlsId} over data/fixtures/basic, against the answers written by
 * hand in data/README.md.
 */
class ListingsHttpTest {
  private static final String KEY = "tester";
  private static final String SECRET = "s3cret";

  @RegisterExtension
  static final FixtureServer server =
      FixtureServer.perClass(
          dataDir -> {
            assertEquals(12, FixtureServer.index(dataDir, "fixture", "basic").listings());
            return FixtureServer.withOneKey(dataDir, "fixture", KEY, SECRET);
          });

  private static HttpResponse<String> get(String pathAndQuery) throws Exception {
    return server.get(pathAndQuery, KEY, SECRET);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "/properties | 102 104 109 103 101 108",
        "/properties?minprice=200000 | 104 109 101",
        "/properties?maxprice=200000 | 102 103",
        "/properties?minbeds=3 | 104 101 108",
        "/properties?maxbeds=2 | 102 103",
        "/properties?cities=katy | 104",
        "/properties?cities=Houston&cities=Spring | 102 109 103 101 108",
        "/properties?status=Pending | 105",
        "/properties?status=Closed | 107",
        "/properties?status=Active&status=Pending | 105 102 104 109 103 101 108",
        "/properties?type=land | 106",
        "/properties?type=multifamily | 111",
        "/properties?type=condominium | 102",
        "/properties?type=residential | 102 104 109 101 108",
        "/properties?type=rental | 103",
        "/properties?idx=ignore | 110 102 104 109 103 101 108 112",
        "/properties?limit=2 | 102 104",
        "/properties?limit=2&offset=2 | 109 103",
        "/properties?offset=5 | 108",
        "/properties?grid_view=1&vendor=&minprice= | 102 104 109 103 101 108",
      })
  void searchAnswersAsWorkedOutByHand(String pathAndQuery, String expected) throws Exception {
    HttpResponse<String> response = get(pathAndQuery);
    assertEquals(200, response.statusCode(), response.body());
    assertEquals(FixtureServer.longs(expected), mlsIds(response));
  }

  @Test
  void everyListingHasEveryTopLevelKeyAndTheServiceHeaders() throws Exception {
    HttpResponse<String> response = get("/properties");
    assertEquals(
        "application/json; charset=utf-8",
        response.headers().firstValue("Content-Type").orElseThrow());
    assertEquals(
        "vnd.service-v0.1", response.headers().firstValue("X-Service-Media-Type").orElseThrow());
    assertEquals(
        "2026-11-01T06:00:00Z",
        response.headers().firstValue("X-Service-LastUpdate").orElseThrow());
    assertEquals(
        "2026-11-01T06:00:00Z",
        response.headers().firstValue("X-Service-Last-Update").orElseThrow());
    assertTrue(response.headers().firstValue("X-Total-Count").isEmpty());
    for (JsonNode listing : json(response)) {
      for (String key :
          List.of(
              "mlsId",
              "listingId",
              "listPrice",
              "listDate",
              "modified",
              "remarks",
              "photos",
              "property",
              "address",
              "geo",
              "mls",
              "agent",
              "coAgent",
              "office",
              "sales",
              "school",
              "tax",
              "association",
              "internetAddressDisplay",
              "disclaimer")) {
        assertTrue(listing.has(key), "listing " + listing.get("mlsId") + " lacks " + key);
      }
      assertTrue(listing.get("school").isObject());
      assertTrue(!listing.get("property").has("rooms") && !listing.has("compliance"));
    }
  }

  @Test
  void countTrueAddsTheExactTotal() throws Exception {
    HttpResponse<String> response = get("/properties?count=true&limit=1");
    assertEquals("6", response.headers().firstValue("X-Total-Count").orElseThrow());
    assertEquals(List.of(102L), mlsIds(response));
  }

  @Test
  void singleListingWithAndWithoutOptionalBlocks() throws Exception {
    JsonNode plain = json(get("/properties/104"));
    assertEquals("KATY-104", plain.get("listingId").asText());
    assertEquals(420000, plain.get("listPrice").asLong());
    assertTrue(!plain.get("property").has("rooms"));
    JsonNode full = json(get("/properties/104?include=rooms&include=compliance&include=pool"));
    assertEquals("Bedroom", full.at("/property/rooms/0/type").asText());
    assertEquals("Listed by Fixture Realty", full.at("/compliance/brokerAttribution").asText());
  }

  @Test
  void optedOutListingIsNotFoundUnlessIdxAllowsIt() throws Exception {
    assertEquals(404, get("/properties/110").statusCode());
    assertEquals(200, get("/properties/110?idx=ignore").statusCode());
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "/properties?minprice=abc | 400 | minprice: invalid value 'abc'; allowed: a whole number (digits with an optional sign)",
        "/properties?offset=6 | 400 | offset too high: offset 6 is at or past the number of matches",
        "/properties?limit=0 | 400 | limit: invalid value '0'; allowed: a whole number 1..500",
        "/properties?status=Bogus | 400 | status: unknown value 'Bogus'; allowed: Active, ActiveUnderContract, Pending, Hold, Withdrawn, Closed, Expired, Delete, Incomplete, ComingSoon",
        "/properties?minbeds=99999999999999999999 | 400 | minbeds: invalid value '99999999999999999999'; allowed: a whole number within the 64-bit range",
        "/properties?vendor=elsewhere | 403 | vendor: 'elsewhere' is not available to this key",
        "/properties/999 | 404 | listing 999 not found",
        "/properties/abc | 400 | mlsId: invalid value 'abc'; allowed: a whole number (digits with an optional sign)",
        "/nowhere | 404 | no such path: /nowhere",
      })
  void errorsAreJsonNamingTheProblem(String pathAndQuery, int status, String message)
      throws Exception {
    HttpResponse<String> response = get(pathAndQuery);
    assertEquals(status, response.statusCode());
    JsonNode body = json(response);
    assertEquals(status, body.get("error").asInt());
    assertEquals(message, body.get("message").asText());
    assertEquals(
        "application/json; charset=utf-8",
        response.headers().firstValue("Content-Type").orElseThrow());
  }

  @Test
  void escapedUnreservedCharactersInThePathAreThoseCharacters() throws Exception {
    String listing = get("/properties/102").body();
    assertEquals(listing, get("/properties/%31%30%32").body());
    assertEquals(listing, get("/%70roperties/10%32").body());
    assertEquals(listing, get("/properties/102/").body());
    HttpResponse<String> slash = get("/properties/%2F");
    assertEquals(400, slash.statusCode(), "an escaped slash stays escaped: " + slash.body());
    assertEquals(
        "mlsId: invalid value '%2F'; allowed: a whole number (digits with an optional sign)",
        json(slash).get("message").asText());
  }

  @Test
  void errorsFoundInTheVendorsIndexCarryItsLastUpdate() throws Exception {
    for (String request :
        List.of("/properties/999", "/properties/999/analytics", "/properties?offset=6")) {
      HttpResponse<String> response = get(request);
      assertTrue(response.statusCode() >= 400, request);
      assertEquals(
          "2026-11-01T06:00:00Z",
          response.headers().firstValue("X-Service-LastUpdate").orElseThrow(),
          request);
      assertEquals(
          "2026-11-01T06:00:00Z",
          response.headers().firstValue("X-Service-Last-Update").orElseThrow(),
          request);
    }
    // A request refused before any index is read says nothing of the vendor's data.
    HttpResponse<String> parsing = get("/properties?minprice=abc");
    assertTrue(parsing.headers().firstValue("X-Service-LastUpdate").isEmpty());
  }

  @Test
  void percentEncodedBytesThatAreNotUtf8AreA400NamingIt() throws Exception {
    FixtureServer.RawResponse response = server.rawGet("/properties?cities=%FF%FE", KEY, SECRET);
    assertEquals(400, response.status(), response.head());
    assertTrue(response.body().contains("\"error\":400"), response.head() + "\n" + response.body());
    assertEquals(
        "malformed query string: percent-encoded bytes are not UTF-8",
        new com.fasterxml.jackson.databind.ObjectMapper()
            .readTree(response.body())
            .get("message")
            .asText());
  }

  @Test
  void missingOrWrongCredentialsAre401WithAChallenge() throws Exception {
    for (HttpResponse<String> response :
        List.of(server.get("/properties", null, null), server.get("/properties", KEY, "wrong"))) {
      assertEquals(401, response.statusCode());
      assertEquals(
          "Basic realm=\"keybox\"",
          response.headers().firstValue("WWW-Authenticate").orElseThrow());
      assertEquals(401, json(response).get("error").asInt());
    }
  }

  @Test
  void otherMethodsAre405WithAllow() throws Exception {
    HttpResponse<String> response =
        server.send(HttpRequest.newBuilder(server.uri("/properties")).DELETE(), KEY, SECRET);
    assertEquals(405, response.statusCode());
    assertEquals("GET, OPTIONS", response.headers().firstValue("Allow").orElseThrow());
    assertEquals(405, json(response).get("error").asInt());
  }
}

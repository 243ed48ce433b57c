package io.keybox.server.http;

import static io.keybox.server.http.FixtureServer.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * GET /agents over data/fixtures/basic/agents.ndjson, against the answers written by hand in
 * data/README.md: parameters, roster order, paging links, and the add-on check.
 */
class AgentsHttpTest {
  private static final String AGENCY = "agency";
  private static final String PLAIN = "plain";
  private static final String SECRET = "s3cret";

  @RegisterExtension
  static final FixtureServer server = FixtureServer.withAgentsAddOn(AGENCY, PLAIN, SECRET);

  private static HttpResponse<String> get(String pathAndQuery) throws Exception {
    return server.get(pathAndQuery, AGENCY, SECRET);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "/agents | A050 A100 A300 A200 A400 A500",
        "/agents?name=adams | A050 A100 A300",
        "/agents?name=ADA | A050 A100 A300",
        "/agents?name=alice%20adams | A050 A100",
        "/agents?name=car+ad | A300",
        "/agents?name=bob | A200",
        "/agents?name=smith | ",
        "/agents?name=alice%20brown | ",
        "/agents?state=TX | A050 A100 A300 A200",
        "/agents?state=la | A400",
        "/agents?state=la&state=tx | A050 A100 A300 A200 A400",
        "/agents?state=CA | ",
        "/agents?q=A400 | A400",
        "/agents?q=carol.adams@katy-homes.example | A300",
        "/agents?q=a200&q=DAN@la-homes.example | A200 A400",
        "/agents?q=nobody | ",
        "/agents?q=adams | ",
        "/agents?name=alice&state=tx&q=A050 | A050",
        "/agents?limit=2 | A050 A100",
        "/agents?limit=2&offset=4 | A400 A500",
        "/agents?name=&state=&q=&grid_view=1 | A050 A100 A300 A200 A400 A500",
      })
  void searchAnswersAsWorkedOutByHand(String pathAndQuery, String expected) throws Exception {
    HttpResponse<String> response = get(pathAndQuery);
    assertEquals(200, response.statusCode(), response.body());
    assertEquals(FixtureServer.words(expected), FixtureServer.texts(response, "id"));
  }

  @Test
  void agentsHaveTheAgentShape() throws Exception {
    HttpResponse<String> response = get("/agents?q=A100");
    assertEquals(
        "2026-11-01T06:00:00Z",
        response.headers().firstValue("X-Service-LastUpdate").orElseThrow());
    JsonNode alice = json(response).get(0);
    List<String> keys = new ArrayList<>();
    alice.fieldNames().forEachRemaining(keys::add);
    assertEquals(List.of("id", "firstName", "lastName", "officeMlsId", "address", "contact"), keys);
    assertEquals("Houston", alice.at("/address/city").asText());
    assertTrue(alice.at("/address/country").isNull());
    assertEquals("alice@fixture-realty.example", alice.at("/contact/email").asText());
    JsonNode eve = json(get("/agents?q=A500")).get(0);
    assertTrue(eve.get("lastName").isNull() && eve.get("address").isNull());
  }

  @Test
  void linkHeadersPageByOffset() throws Exception {
    String base = "http://127.0.0.1:" + server.port() + "/agents";
    HttpResponse<String> first = get("/agents?state=tx&limit=2&count=true");
    assertEquals("4", first.headers().firstValue("X-Total-Count").orElseThrow());
    assertEquals(
        "<" + base + "?state=tx&limit=2&count=true&offset=2>; rel=\"next\"",
        first.headers().firstValue("Link").orElseThrow());
    HttpResponse<String> last = get("/agents?limit=2&offset=4");
    assertEquals(
        "<" + base + "?limit=2&offset=2>; rel=\"prev\"",
        last.headers().firstValue("Link").orElseThrow());
    assertTrue(get("/agents").headers().firstValue("Link").isEmpty());
  }

  @Test
  void aKeyWithoutTheAgentsAddOnIsForbidden() throws Exception {
    HttpResponse<String> response = server.get("/agents", PLAIN, SECRET);
    assertEquals(403, response.statusCode());
    assertEquals(403, json(response).get("error").asInt());
    assertEquals(
        "the agents add-on is not enabled for this key", json(response).get("message").asText());
    assertEquals(200, server.get("/properties", PLAIN, SECRET).statusCode());
    assertEquals(401, server.get("/agents", AGENCY, "wrong").statusCode());
    // An escaped letter is that letter (RFC 3986 §6.2.2.2), for the add-on check as for the
    // router: no way around the check.
    assertEquals(403, server.get("/%61gents", PLAIN, SECRET).statusCode());
    assertEquals(403, server.get("/%61gents/1", PLAIN, SECRET).statusCode());
    assertEquals(200, server.get("/%61gents", AGENCY, SECRET).statusCode());
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "/agents?offset=6 | 400 | offset too high: offset 6 is at or past the number of matches",
        "/agents?limit=abc | 400 | limit: invalid value 'abc'; allowed: a whole number (digits with an optional sign)",
        "/agents?vendor=elsewhere | 403 | vendor: 'elsewhere' is not available to this key",
        // Each word of a name is a Lucene clause: 101 is refused before Lucene would at 1,025.
        "/agents?name=a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a | 400 | name: at most 100 words per request (got 101)",
      })
  void errorsNameTheParameter(String pathAndQuery, int status, String message) throws Exception {
    HttpResponse<String> response = get(pathAndQuery);
    assertEquals(status, response.statusCode(), response.body());
    assertEquals(message, json(response).get("message").asText());
  }
}

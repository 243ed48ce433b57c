package io.keybox.server.http;

import static io.keybox.server.http.FixtureServer.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.keybox.indexer.build.BuildReport;
import io.keybox.indexer.build.Reject;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * GET /openhouses and /openhouses/{openHouseKey} over data/fixtures/basic (listings and
 * openhouses.ndjson), against the answers written by hand in data/README.md.
 */
class OpenHousesHttpTest {
  private static final String KEY = "tester";
  private static final String SECRET = "s3cret";

  @RegisterExtension
  static final FixtureServer server =
      FixtureServer.perClass(
          dataDir -> {
            report = FixtureServer.index(dataDir, "fixture", "basic");
            return FixtureServer.withOneKey(dataDir, "fixture", KEY, SECRET);
          });

  private static BuildReport report;

  private static HttpResponse<String> get(String pathAndQuery) throws Exception {
    return server.get(pathAndQuery, KEY, SECRET);
  }

  @Test
  void theIndexerRejectsUnknownListingsAndBadRecordsWithTheirLines() {
    assertEquals(10, report.openHouses());
    assertEquals(6, report.agents());
    assertEquals(
        List.of(
            new Reject(
                "openhouses",
                9,
                "listing: no listing with listingId 'HOU-999' in the listings dump"),
            new Reject("openhouses", 10, "listing: no listing with mlsId 998 in the listings dump"),
            new Reject("openhouses", 11, "not valid JSON"),
            new Reject("openhouses", 12, "openHouseId: required"),
            new Reject("openhouses", 13, "openHouseId: duplicate 'OH-A' (first at line 1)"),
            new Reject("agents", 7, "id: required"),
            new Reject("agents", 8, "id: duplicate 'A100' (first at line 1)"),
            new Reject("agents", 9, "not valid JSON")),
        report.rejects());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "/openhouses | 3 1 7 2 8 51 6",
        "/openhouses?type=rental | 4",
        "/openhouses?type=multifamily | 50",
        "/openhouses?type=condominium | 3",
        "/openhouses?type=land | ",
        "/openhouses?type=Residential&type=rental | 3 1 7 2 8 51 6",
        "/openhouses?listingId=HOU-101 | 1 8",
        "/openhouses?listingId=hou-101 | 1 8",
        "/openhouses?listingId=HOU-999 | ",
        "/openhouses?cities=katy | 2 51",
        "/openhouses?cities=Sugar%20Land | ",
        "/openhouses?brokers=BRK1 | 3 1 8",
        "/openhouses?brokers=NOPE | ",
        "/openhouses?agent=A300 | 7 2 51 6",
        "/openhouses?agent=A999 | ",
        "/openhouses?minprice=400000 | 7 2",
        "/openhouses?minprice=1000000 | ",
        "/openhouses?maxprice=200000 | 3",
        "/openhouses?maxprice=100000 | ",
        "/openhouses?minprice=250000&maxprice=350000 | 1 8 6",
        "/openhouses?minarea=2600 | 2 51 6",
        "/openhouses?minarea=5000 | ",
        "/openhouses?minbeds=4 | 2 51 6",
        "/openhouses?minbeds=7 | ",
        "/openhouses?minbaths=3 | 6",
        "/openhouses?minbaths=3.5 | ",
        "/openhouses?startdate=2026-11-14 | 8 51 6",
        "/openhouses?bbox=-95.9,29.7,-95.7,29.9 | 2 51",
        "/openhouses?bbox=-95.5,30.0,-95.4,30.1 | 7 6",
        "/openhouses?radius=29.7604,-95.3698,1km | 3 1 8",
        "/openhouses?radius=29.7604,-95.3698,1km&startdate=2026-11-10 | 8",
        "/openhouses?points=29.7,-95.9&points=29.9,-95.9&points=29.9,-95.7&points=29.7,-95.7 | 2 51",
        "/openhouses?startdate=2026-11-21T16:00:00Z | 6",
        "/openhouses?startdate=2026-11-21T10:00:00-06:00 | 6",
        "/openhouses?startdate=2026-12-01 | ",
        "/openhouses?idx=ignore | 3 1 7 2 8 5 51 6",
        "/openhouses?idx=address | 3 1 7 2 8 5 51 6",
        "/openhouses?idx=listing | 3 1 7 2 8 51 6",
        "/openhouses?sort=starttime | 3 1 7 2 8 51 6",
        "/openhouses?sort=-starttime | 6 51 8 2 7 1 3",
        "/openhouses?sort=listprice | 3 1 8 6 51 2 7",
        "/openhouses?sort=-listprice | 7 2 51 6 1 8 3",
        "/openhouses?sort=beds | 3 1 8 2 6 51 7",
        "/openhouses?sort=-beds | 2 6 51 1 8 3 7",
        "/openhouses?sort=baths | 1 2 3 8 51 6 7",
        "/openhouses?sort=listdate | 1 2 3 7 8 51 6",
        "/openhouses?sort=-listdate | 6 1 2 3 7 8 51",
        "/openhouses?limit=2 | 3 1",
        "/openhouses?limit=2&offset=2 | 7 2",
        "/openhouses?offset=6 | 6",
        "/openhouses?lastId=0&limit=3 | 1 2 3",
        "/openhouses?lastId=3&limit=3 | 6 7 8",
        "/openhouses?lastId=8&limit=3 | 51",
        "/openhouses?lastId=8&sort=-listprice | 51",
        "/openhouses?grid_view=1&vendor=&type= | 3 1 7 2 8 51 6",
      })
  void searchAnswersAsWorkedOutByHand(String pathAndQuery, String expected) throws Exception {
    HttpResponse<String> response = get(pathAndQuery);
    assertEquals(200, response.statusCode(), response.body());
    assertEquals(FixtureServer.longs(expected), FixtureServer.numbers(response, "openHouseKey"));
  }

  @Test
  void eachOpenHouseEmbedsItsFullListing() throws Exception {
    JsonNode first = json(get("/openhouses?limit=1")).get(0);
    List<String> keys = new ArrayList<>();
    first.fieldNames().forEachRemaining(keys::add);
    assertEquals(
        List.of(
            "openHouseKey",
            "openHouseId",
            "startTime",
            "endTime",
            "type",
            "description",
            "refreshments",
            "listing"),
        keys);
    assertEquals("OH-C", first.get("openHouseId").asText());
    assertEquals("Private", first.get("type").asText());
    assertTrue(first.get("description").isNull());
    JsonNode listing = first.get("listing");
    assertEquals(102, listing.get("mlsId").asLong());
    assertEquals("HOU-102", listing.get("listingId").asText());
    for (String key : List.of("property", "address", "geo", "mls", "agent", "office", "school")) {
      assertTrue(listing.get(key).isObject(), key);
    }
    assertTrue(!listing.get("property").has("rooms"));
  }

  @Test
  void singleOpenHouseByKey() throws Exception {
    HttpResponse<String> response = get("/openhouses/1");
    assertEquals(200, response.statusCode());
    assertEquals(
        "2026-11-01T06:00:00Z",
        response.headers().firstValue("X-Service-LastUpdate").orElseThrow());
    JsonNode openHouse = json(response);
    assertEquals("OH-A", openHouse.get("openHouseId").asText());
    assertEquals("2026-11-07T18:00:00Z", openHouse.get("startTime").asText());
    assertEquals("2026-11-07T20:00:00Z", openHouse.get("endTime").asText());
    assertEquals("First weekend showing", openHouse.get("description").asText());
    assertEquals("Coffee", openHouse.get("refreshments").asText());
    assertEquals("HOU-101", openHouse.at("/listing/listingId").asText());
    // The full listing of the dump carried mlsId 120; it is embedded as given.
    JsonNode embedded = json(get("/openhouses/6"));
    assertEquals(120, embedded.at("/listing/mlsId").asLong());
    assertEquals(350000, embedded.at("/listing/listPrice").asLong());
    assertEquals(50, json(get("/openhouses/50")).get("openHouseKey").asLong());
  }

  @Test
  void includeRoomsAddsTheListingsRooms() throws Exception {
    JsonNode plain = json(get("/openhouses/2"));
    assertTrue(plain.at("/listing/property/rooms").isMissingNode());
    JsonNode withRooms = json(get("/openhouses/2?include=rooms"));
    assertEquals("Bedroom", withRooms.at("/listing/property/rooms/0/type").asText());
    JsonNode inSearch = json(get("/openhouses?cities=Katy&include=rooms")).get(0);
    assertEquals("Bedroom", inSearch.at("/listing/property/rooms/0/type").asText());
  }

  @Test
  void optedOutListingsHideTheirOpenHousesUnlessIdxAllows() throws Exception {
    assertEquals(404, get("/openhouses/5").statusCode());
    assertEquals(200, get("/openhouses/5?idx=ignore").statusCode());
  }

  @Test
  void linkHeadersInOffsetAndCursorModes() throws Exception {
    String base = "http://127.0.0.1:" + server.port() + "/openhouses";
    HttpResponse<String> first = get("/openhouses?limit=2&count=true");
    assertEquals("7", first.headers().firstValue("X-Total-Count").orElseThrow());
    assertEquals(
        "<" + base + "?limit=2&count=true&offset=2>; rel=\"next\"",
        first.headers().firstValue("Link").orElseThrow());
    HttpResponse<String> middle = get("/openhouses?offset=2&limit=2");
    assertEquals(
        "<"
            + base
            + "?offset=0&limit=2>; rel=\"prev\", <"
            + base
            + "?offset=4&limit=2>; rel=\"next\"",
        middle.headers().firstValue("Link").orElseThrow());
    assertTrue(
        get("/openhouses?offset=6")
            .headers()
            .firstValue("Link")
            .orElseThrow()
            .contains("rel=\"prev\""));
    HttpResponse<String> cursor = get("/openhouses?lastId=3&limit=3");
    assertEquals(
        "<"
            + base
            + "?lastId=0&limit=3>; rel=\"prev\", <"
            + base
            + "?lastId=8&limit=3>; rel=\"next\"",
        cursor.headers().firstValue("Link").orElseThrow());
    assertTrue(
        get("/openhouses?lastId=8&limit=3")
            .headers()
            .firstValue("Link")
            .orElseThrow()
            .equals("<" + base + "?lastId=3&limit=3>; rel=\"prev\""));
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "/openhouses?sort=price | 400 | sort: unknown value 'price'; allowed: listprice, -listprice, listdate, -listdate, beds, -beds, baths, -baths, starttime, -starttime",
        "/openhouses?type=castle | 400 | type: unknown value 'castle'; allowed: residential, condominium, rental, mobilehome, multifamily, commercial, commerciallease, land, farm",
        "/openhouses?startdate=soon | 400 | startdate: invalid value 'soon'; allowed: a date (2024-05-01) or date-time (2024-05-01T12:00:00Z)",
        "/openhouses?minbaths=two | 400 | minbaths: invalid value 'two'; allowed: a decimal number such as 2.5",
        "/openhouses?limit=501 | 400 | limit: invalid value '501'; allowed: a whole number 1..500",
        "/openhouses?offset=7 | 400 | offset too high: offset 7 is at or past the number of matches",
        "/openhouses?idx=maybe | 400 | idx: unknown value 'maybe'; allowed: null, listing, address, ignore",
        "/openhouses/999 | 404 | open house 999 not found",
        "/openhouses/abc | 400 | openHouseKey: invalid value 'abc'; allowed: a whole number (digits with an optional sign)",
        "/openhouses?vendor=elsewhere | 403 | vendor: 'elsewhere' is not available to this key",
      })
  void errorsNameTheParameter(String pathAndQuery, int status, String message) throws Exception {
    HttpResponse<String> response = get(pathAndQuery);
    assertEquals(status, response.statusCode(), response.body());
    assertEquals(message, json(response).get("message").asText());
  }

  @Test
  void listingSearchesNeverSeeOpenHousesOrAgents() throws Exception {
    HttpResponse<String> response =
        get(
            "/properties?idx=ignore&status=Active&status=Pending&status=Closed&type=residential"
                + "&type=rental&type=land&type=multifamily&count=true");
    assertEquals("12", response.headers().firstValue("X-Total-Count").orElseThrow());
    assertEquals(404, get("/properties/120").statusCode(), "an embedded listing is no listing");
  }
}

package io.keybox.server.http;

import static io.keybox.server.http.FixtureServer.json;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code GET /properties/clusters} over {@code data/fixtures/search}: the clusters worked out by
 * hand from the listings' coordinates in data/README.md (the XYZ tile formula; means and bounds of
 * each tile's listings), the merge past {@code maxClusters}, other filters, and the 400s.
 */
class ClustersHttpTest {
  private static final String KEY = "searcher";
  private static final String SECRET = "s3arch";
  private static final String METRO = "/properties/clusters?bbox=-96.5,29.0,-94.5,31.0";

  @RegisterExtension
  static final FixtureServer server = FixtureServer.perClass("search", "search", KEY, SECRET);

  private static HttpResponse<String> get(String pathAndQuery) throws Exception {
    return server.get(pathAndQuery, KEY, SECRET);
  }

  @Test
  void theMetroAtZoomEightFallsInFourTilesOfZoomTen() throws Exception {
    HttpResponse<String> response = get(METRO + "&zoom=8");

    assertEquals(200, response.statusCode(), response.body());
    JsonNode body = json(response);
    // The 20 listings of the default search with a position (209 has none). At zoom 8 + 2 they
    // fall in tiles (x 240, y 423): 14 listings; (239, 423): 207, 208, 210, 211; (241, 422): 214;
    // (241, 423): 206. Largest first, then north to south.
    assertEquals(20, body.get("totalCount").asLong());
    assertEquals(8, body.get("zoom").asInt());
    assertEquals(4, body.get("clusters").size());
    JsonNode inner = body.at("/clusters/0");
    assertEquals(14, inner.get("count").asLong());
    assertEquals(29.687286, inner.get("lat").asDouble(), 1e-6);
    assertEquals(-95.352571, inner.get("lng").asDouble(), 1e-6);
    assertEquals(29.55, inner.at("/bounds/minLat").asDouble(), 1e-6);
    assertEquals(-95.445, inner.at("/bounds/minLng").asDouble(), 1e-6);
    assertEquals(29.835, inner.at("/bounds/maxLat").asDouble(), 1e-6);
    assertEquals(-95.28, inner.at("/bounds/maxLng").asDouble(), 1e-6);
    assertEquals(2400, inner.get("minPrice").asLong(), "219; 218 has no price");
    assertEquals(615000, inner.get("maxPrice").asLong(), "205");
    assertEquals(false, inner.has("mlsId"));
    JsonNode west = body.at("/clusters/1");
    assertEquals(4, west.get("count").asLong());
    assertEquals(29.654, west.get("lat").asDouble(), 1e-6);
    assertEquals(-95.71025, west.get("lng").asDouble(), 1e-6);
    assertEquals(3200, west.get("minPrice").asLong());
    assertEquals(875000, west.get("maxPrice").asLong());
    assertEquals(214, body.at("/clusters/2/mlsId").asLong());
    assertEquals(1, body.at("/clusters/2/count").asLong());
    assertEquals(30.05, body.at("/clusters/2/lat").asDouble(), 1e-6);
    assertEquals(725000, body.at("/clusters/2/minPrice").asLong());
    assertEquals(206, body.at("/clusters/3/mlsId").asLong());
  }

  @Test
  void pastMaxClustersTilesMergeIntoTheirParents() throws Exception {
    // Four tiles at zoom 10 are more than 2; at zoom 9 the 14, 214 and 206 share tile (120, 211).
    JsonNode body = json(get(METRO + "&zoom=8&maxClusters=2"));
    assertEquals(2, body.get("clusters").size());
    assertEquals(16, body.at("/clusters/0/count").asLong());
    assertEquals(4, body.at("/clusters/1/count").asLong());
    assertEquals(20, body.get("totalCount").asLong());
  }

  @Test
  void everyListingFilterApplies() throws Exception {
    // Up to 300000 in the Pearland box: 215 and 216 (300000), 217 (250000), 219 (2400); 218 has no
    // price, 220 costs 455000. All four in one tile at any zoom up to 12.
    JsonNode body =
        json(get("/properties/clusters?bbox=-95.31,29.54,-95.27,29.57&zoom=10&maxprice=300000"));
    assertEquals(4, body.get("totalCount").asLong());
    assertEquals(1, body.get("clusters").size());
    assertEquals(2400, body.at("/clusters/0/minPrice").asLong());
    assertEquals(300000, body.at("/clusters/0/maxPrice").asLong());
  }

  @Test
  void aMissingViewportOrZoomOrAValueOutOfRangeIsA400NamingIt() throws Exception {
    assertEquals(
        "bbox: required: the map's viewport, minLng,minLat,maxLng,maxLat",
        json(get("/properties/clusters?zoom=8")).get("message").asText());
    assertEquals(
        "zoom: required: the map's zoom, 0 to 22", json(get(METRO)).get("message").asText());
    for (String bad : new String[] {"&zoom=23", "&zoom=8&precision=9", "&zoom=8&maxClusters=0"}) {
      HttpResponse<String> response = get(METRO + bad);
      assertEquals(400, response.statusCode(), bad);
    }
    HttpResponse<String> badBox = get("/properties/clusters?bbox=1,2,3&zoom=8");
    assertEquals(400, badBox.statusCode());
    assertEquals(
        "bbox: invalid value '1,2,3'; allowed: minLng,minLat,maxLng,maxLat in decimal degrees",
        json(badBox).get("message").asText());
  }
}

package io.keybox.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.apache.olingo.client.api.ODataClient;
import org.apache.olingo.client.api.communication.ODataClientErrorException;
import org.apache.olingo.client.api.communication.request.retrieve.ODataEntitySetRequest;
import org.apache.olingo.client.api.communication.response.ODataRetrieveResponse;
import org.apache.olingo.client.api.domain.ClientEntity;
import org.apache.olingo.client.api.domain.ClientEntitySet;
import org.apache.olingo.client.core.ODataClientFactory;
import org.apache.olingo.client.core.http.BasicAuthHttpClientFactory;
import org.apache.olingo.commons.api.edm.geo.Point;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code all} lambdas on multi-valued lookups, the OData 4.01 {@code in} and {@code
 * geo.intersects}, over data/fixtures/basic read with Apache Olingo's client. The served listings
 * (110 and 112 are opted out) hold, from data/README.md: InteriorFeatures 101 [Fireplace, Wood
 * Floors], 102 [Wood Floors], 104 [Fireplace, Walk-In Closet], 108 [Fireplace], none for 103, 105,
 * 106, 107, 109, 111; ExteriorFeatures 101 [Patio], 104 [Patio, Sprinkler System], 108 [Pool], 111
 * [Fenced Yard], none for the others. {@code all} over an empty list is true (OData), so listings
 * without values match every {@code all}. The served listings' points (lat lng): 101 29.7604
 * -95.3698, 102 29.7614, 103 29.7624, 107 29.7664, 108 29.7674 (all at lng -95.3698), 104 29.7888
 * -95.8245, 105 29.7898 -95.8245, 111 29.7958 -95.8245, 106 29.6247 -95.6349, 109 30.0879 -95.4172;
 * 110 (29.7694 -95.3698) is opted out of display.
 *
 * <p>NOTE: URLs are encoded here, not by the client's URI builder, which mangles a geography
 * literal's {@code SRID=4326;}.
 */
class ResoFilterHttpTest {
  private static final String KEY = "tester";
  private static final String SECRET = "s3cret";

  /** Downtown: lng -95.38 to -95.36, lat 29.76 to 29.77, counter-clockwise, closed. */
  private static final String DOWNTOWN =
      "geography'SRID=4326;POLYGON((-95.38 29.76,-95.36 29.76,-95.36 29.77,-95.38 29.77,-95.38 29.76))'";

  /** Katy: lng -95.83 to -95.82, lat 29.785 to 29.792 (111 at 29.7958 is north of it). */
  private static final String KATY =
      "geography'SRID=4326;POLYGON((-95.83 29.785,-95.82 29.785,-95.82 29.792,-95.83 29.792,-95.83 29.785))'";

  @RegisterExtension
  static final FixtureServer server = FixtureServer.perClass("fixture", "basic", KEY, SECRET);

  private static ODataClient client;

  @BeforeAll
  static void client() {
    client = ODataClientFactory.getClient();
    client.getConfiguration().setHttpClientFactory(new BasicAuthHttpClientFactory(KEY, SECRET));
  }

  private static ODataRetrieveResponse<ClientEntitySet> read(
      String filter, Map<String, String> headers) {
    URI uri = server.uri("/reso/fixture/Property?$filter=" + encoded(filter));
    ODataEntitySetRequest<ClientEntitySet> request =
        client.getRetrieveRequestFactory().getEntitySetRequest(uri);
    headers.forEach(request::addCustomHeader);
    return request.execute();
  }

  private static List<String> keys(String filter) {
    return keys(read(filter, Map.of()).getBody());
  }

  private static List<String> keys(ClientEntitySet set) {
    return set.getEntities().stream()
        .map(e -> e.getProperty("ListingKey").getPrimitiveValue().toString())
        .toList();
  }

  private static String encoded(String filter) {
    return URLEncoder.encode(filter, StandardCharsets.UTF_8).replace("+", "%20");
  }

  private static String message(HttpResponse<String> response) throws Exception {
    return FixtureServer.json(response).path("error").path("message").asText();
  }

  private static HttpResponse<String> raw(String filter) throws Exception {
    return raw(filter, Map.of());
  }

  private static HttpResponse<String> raw(String filter, Map<String, String> headers)
      throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(server.uri("/reso/fixture/Property?$filter=" + encoded(filter)));
    headers.forEach(request::header);
    return server.send(request.GET(), KEY, SECRET);
  }

  @Test
  void allMeansEveryValueAndHoldsForAnEmptyList() {
    assertEquals(
        List.of("103", "105", "106", "107", "108", "109", "111"),
        keys("InteriorFeatures/all(x:x eq 'Fireplace')"));
    assertEquals(
        List.of("101", "102", "103", "105", "106", "107", "108", "109", "111"),
        keys("InteriorFeatures/all(x:x eq 'Fireplace' or x eq 'Wood Floors')"));
    assertEquals(
        List.of("108"),
        keys(
            "InteriorFeatures/all(x:x eq 'Fireplace')"
                + " and InteriorFeatures/any(y:y eq 'Fireplace')"),
        "any excludes the empty lists");
    assertEquals(
        List.of("101", "102", "103", "104", "105", "106", "107", "109"),
        keys("ExteriorFeatures/all(x:x eq 'patio' or x eq 'SPRINKLER SYSTEM')"),
        "values compare as the JSON API's, whatever their case");
    assertEquals(
        List.of("101", "102", "103", "105", "106", "107", "108", "109"),
        keys("ExteriorFeatures/all(x:startswith(x, 'P'))"));
    assertEquals(
        List.of("102", "103", "105", "106", "107", "108", "109", "111"),
        keys("ExteriorFeatures/all(x:x ne 'Patio')"));
    assertEquals(
        List.of("104", "111"),
        keys(
            "ExteriorFeatures/all(x:not (x eq 'Pool')) and not ExteriorFeatures/all(x:x eq 'Patio')"),
        "lists with a value other than Patio, none of them Pool");
  }

  @Test
  void aLambdaConditionIsOnOneValue() {
    assertEquals(
        List.of(), keys("ExteriorFeatures/any(x:x eq 'Patio' and x eq 'Sprinkler System')"));
    assertEquals(
        List.of("104"),
        keys(
            "ExteriorFeatures/any(x:x eq 'Patio') and ExteriorFeatures/any(x:x eq 'Sprinkler System')"));
    assertEquals(List.of("104", "108", "111"), keys("ExteriorFeatures/any(x:not (x eq 'Patio'))"));
    assertEquals(List.of("104"), keys("InteriorFeatures/any(x:contains(x, 'closet'))"));
  }

  @Test
  void lambdaErrorsNameTheProblem() throws Exception {
    HttpResponse<String> mixed =
        raw("ExteriorFeatures/any(x:x eq 'Patio' and City eq 'Katy')", Map.of());
    assertEquals(501, mixed.statusCode());
    assertTrue(
        FixtureServer.json(mixed)
            .path("error")
            .path("message")
            .asText()
            .contains("outside the lambda"),
        mixed.body());
    HttpResponse<String> notFilterable = raw("Heating/all(x:x eq 'Gas')", Map.of());
    assertEquals(400, notFilterable.statusCode());
    assertEquals(
        "$filter: Heating is not filterable (see $metadata), so all cannot range over it",
        message(notFilterable));
    HttpResponse<String> order = raw("ExteriorFeatures/all(x:x gt 'P')", Map.of());
    assertEquals(400, order.statusCode());
    assertEquals(
        "$filter: the values of ExteriorFeatures take eq, ne and in (got: gt)", message(order));
  }

  @Test
  void inNeedsOData401() throws Exception {
    String filter = "City in ('Katy','Spring')";
    HttpResponse<String> plain = raw(filter, Map.of());
    assertEquals(400, plain.statusCode());
    assertEquals(
        "$filter: the operator in is OData 4.01; send the header OData-Version: 4.01 (or"
            + " OData-MaxVersion: 4.01) to use it (this request is OData 4.0)",
        message(plain));
    assertEquals("4.0", plain.headers().firstValue("OData-Version").orElse(null));
    ODataClientErrorException olingo =
        assertThrows(ODataClientErrorException.class, () -> read(filter, Map.of()));
    assertEquals(400, olingo.getStatusLine().getStatusCode(), "Olingo's client says 4.0");
    assertEquals(
        400,
        raw(filter, Map.of("OData-Version", "4.0", "OData-MaxVersion", "4.01")).statusCode(),
        "a request written in 4.0 has no in, whatever the answer's version");

    var answer = read(filter, Map.of("OData-Version", "4.01", "OData-MaxVersion", "4.01"));
    assertEquals(List.of("104", "105", "109", "111"), keys(answer.getBody()));
    assertEquals("4.01", answer.getHeader("OData-Version").iterator().next());
    HttpResponse<String> byMax = raw(filter, Map.of("OData-MaxVersion", "4.01"));
    assertEquals(200, byMax.statusCode(), byMax.body());
    assertEquals("4.01", byMax.headers().firstValue("OData-Version").orElse(null));
    HttpResponse<String> capped =
        raw(filter, Map.of("OData-Version", "4.01", "OData-MaxVersion", "4.0"));
    assertEquals(200, capped.statusCode(), capped.body());
    assertEquals("4.0", capped.headers().firstValue("OData-Version").orElse(null));
    assertEquals(
        List.of("108", "111"),
        keys(
            read(
                    "ExteriorFeatures/any(x:x in ('Pool','Fenced Yard'))",
                    Map.of("OData-Version", "4.01"))
                .getBody()));
  }

  @Test
  void versionsTheServiceDoesNotSpeakAre400() throws Exception {
    HttpResponse<String> old = raw("City eq 'Katy'", Map.of("OData-Version", "3.0"));
    assertEquals(400, old.statusCode());
    assertEquals("OData-Version: this service reads OData 4.0 and 4.01 (got: 3.0)", message(old));
    HttpResponse<String> max = raw("City eq 'Katy'", Map.of("OData-MaxVersion", "3.0"));
    assertEquals(400, max.statusCode());
    assertEquals(
        "OData-MaxVersion: this service answers OData 4.0 and 4.01 (got: 3.0)", message(max));
  }

  @Test
  void listingsWhosePointLiesInThePolygon() {
    assertEquals(
        List.of("101", "102", "103", "107", "108"),
        keys("geo.intersects(Coordinates, " + DOWNTOWN + ")"),
        "110 lies inside too, but is not shown");
    assertEquals(List.of("104", "105"), keys("geo.intersects(Coordinates, " + KATY + ")"));
    assertEquals(
        List.of("104"),
        keys("geo.intersects(Coordinates, " + KATY + ") and StandardStatus eq 'Active'"));
    assertEquals(
        List.of("101", "102", "103", "104", "105", "107", "108"),
        keys(
            "geo.intersects(Coordinates, "
                + DOWNTOWN
                + ") or geo.intersects(Coordinates, "
                + KATY
                + ")"));
  }

  @Test
  void coordinatesAreAGeographyPointInLongitudeLatitudeOrder() {
    URI uri =
        client
            .newURIBuilder(server.uri("/reso/fixture").toString())
            .appendEntitySetSegment("Property")
            .appendKeySegment("104")
            .select("Coordinates")
            .build();
    ClientEntity listing =
        client.getRetrieveRequestFactory().getEntityRequest(uri).execute().getBody();
    Point point = (Point) listing.getProperty("Coordinates").getPrimitiveValue().toValue();
    assertEquals(-95.8245, point.getX(), 1e-9, "longitude");
    assertEquals(29.7888, point.getY(), 1e-9, "latitude");
    var edm =
        client
            .getRetrieveRequestFactory()
            .getMetadataRequest(server.uri("/reso/fixture").toString())
            .execute()
            .getBody();
    assertEquals(
        "Edm.GeographyPoint",
        edm.getEntityContainer()
            .getEntitySet("Property")
            .getEntityType()
            .getStructuralProperty("Coordinates")
            .getType()
            .getFullQualifiedName()
            .getFullQualifiedNameAsString());
  }

  @Test
  void malformedPolygonsAre400NamingTheProblem() throws Exception {
    HttpResponse<String> open =
        raw(
            "geo.intersects(Coordinates, geography'SRID=4326;POLYGON((-95.38 29.76,-95.36"
                + " 29.76,-95.36 29.77,-95.38 29.77))')");
    assertEquals(400, open.statusCode(), open.body());
    assertEquals(
        "$filter: a polygon is geography'SRID=4326;POLYGON((lng lat,lng lat,...))': one space"
            + " between longitude and latitude, a comma between points, the ring closed (its"
            + " first point repeated last)",
        message(open));
    HttpResponse<String> latitude =
        raw(
            "geo.intersects(Coordinates, geography'SRID=4326;POLYGON((-95.38 99.76,-95.36 29.76,-95.36"
                + " 29.77,-95.38 99.76))')");
    assertEquals(400, latitude.statusCode(), latitude.body());
    assertTrue(message(latitude).contains("invalid latitude 99.76"), message(latitude));
    HttpResponse<String> flat =
        raw(
            "geo.intersects(Coordinates, geography'SRID=4326;POLYGON((-95.38 29.76,-95.37 29.77,-95.36"
                + " 29.78,-95.38 29.76))')");
    assertEquals(400, flat.statusCode(), flat.body());
    assertTrue(message(flat).contains("points that enclose an area"), message(flat));
    HttpResponse<String> hole =
        raw(
            "geo.intersects(Coordinates, geography'SRID=4326;POLYGON((-95.38 29.76,-95.36 29.76,-95.36"
                + " 29.77,-95.38 29.77,-95.38 29.76),(-95.375 29.762,-95.365 29.762,-95.365"
                + " 29.768,-95.375 29.762))')");
    assertEquals(400, hole.statusCode(), hole.body());
    assertTrue(message(hole).contains("polygons with holes are not supported"), message(hole));
    HttpResponse<String> srid =
        raw(
            "geo.intersects(Coordinates, geography'SRID=3857;POLYGON((-95.38 29.76,-95.36"
                + " 29.76,-95.36 29.77,-95.38 29.76))')");
    assertEquals(400, srid.statusCode(), srid.body());
    assertEquals(
        "$filter: geography literals are in SRID 4326 (WGS 84) (got: SRID=3857)", message(srid));
    HttpResponse<String> noSrid =
        raw(
            "geo.intersects(Coordinates, geography'POLYGON((-95.38 29.76,-95.36 29.76,-95.36"
                + " 29.77,-95.38 29.76))')");
    assertEquals(400, noSrid.statusCode(), noSrid.body());
    assertEquals(
        "$filter: a geography literal names its SRID (OData's ABNF):"
            + " geography'SRID=4326;POLYGON((lng lat, ...))'",
        message(noSrid));
  }
}

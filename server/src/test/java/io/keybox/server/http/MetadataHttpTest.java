package io.keybox.server.http;

import static io.keybox.server.http.FixtureServer.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.indexer.build.VendorIndexBuilder;
import io.keybox.indexer.build.VendorLayout;
import io.keybox.server.auth.Account;
import io.keybox.server.auth.Accounts;
import io.keybox.server.auth.Addon;
import io.keybox.server.auth.SecretHash;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * OPTIONS / and OPTIONS /properties over data/fixtures/basic: the account's metadata and the
 * distinct values of the index, against the lists written by hand in data/README.md.
 */
class MetadataHttpTest {
  private static final String SECRET = "s3cret";
  private static final ObjectMapper JSON = new ObjectMapper();

  @RegisterExtension
  static final FixtureServer server =
      FixtureServer.perClassOnBasic(
          dataDir -> {
            indexSwapVendor("Alvin");
            SecretHash hash = SecretHash.create(SECRET, 1000);
            Accounts accounts =
                Accounts.of(
                    List.of(
                        new Account(
                            "plain", List.of("fixture"), Set.of(), FixtureServer.UNTHROTTLED, hash),
                        new Account(
                            "agency",
                            List.of("fixture"),
                            Set.of(Addon.AGENTS),
                            FixtureServer.UNTHROTTLED,
                            hash),
                        new Account(
                            "multi",
                            List.of("fixture", "coming"),
                            Set.of(),
                            FixtureServer.UNTHROTTLED,
                            hash),
                        new Account(
                            "swapper",
                            List.of("swap"),
                            Set.of(),
                            FixtureServer.UNTHROTTLED,
                            hash)));
            return new FixtureServer(dataDir, accounts, ServerConfig.loopback(0));
          });

  private static HttpResponse<String> options(String pathAndQuery, String key) throws Exception {
    return server.send(
        HttpRequest.newBuilder(server.uri(pathAndQuery))
            .method("OPTIONS", HttpRequest.BodyPublishers.noBody()),
        key,
        SECRET);
  }

  private static List<String> texts(JsonNode array) {
    List<String> texts = new ArrayList<>();
    array.forEach(item -> texts.add(item.asText()));
    return texts;
  }

  private static void assertExpiresInADay(JsonNode body) {
    Instant expires = Instant.parse(body.get("expires").asText());
    Instant inADay = Instant.now().plus(Duration.ofHours(24));
    assertTrue(
        Duration.between(expires, inADay).abs().compareTo(Duration.ofMinutes(1)) < 0,
        "expires " + expires);
  }

  @Test
  void rootDescribesTheKey() throws Exception {
    HttpResponse<String> response = options("/", "plain");
    assertEquals(200, response.statusCode(), response.body());
    JsonNode body = json(response);
    List<String> keys = new ArrayList<>();
    body.fieldNames().forEachRemaining(keys::add);
    assertEquals(List.of("vendors", "updates", "endpoints", "accepts", "expires"), keys);
    assertEquals(List.of("fixture"), texts(body.get("vendors")));
    assertEquals("2026-11-01T06:00:00Z", body.at("/updates/fixture").asText());
    assertEquals(List.of("/properties", "/openhouses"), texts(body.get("endpoints")));
    assertEquals(
        List.of(
            "application/json",
            "application/vnd.service-v0.1+json",
            "application/vnd.simplyrets-v0.1+json"),
        texts(body.get("accepts")));
    assertExpiresInADay(body);
  }

  @Test
  void rootListsAgentsForTheAddOnAndOnlyIndexedVendorsUnderUpdates() throws Exception {
    JsonNode agency = json(options("/", "agency"));
    assertEquals(List.of("/properties", "/openhouses", "/agents"), texts(agency.get("endpoints")));
    JsonNode multi = json(options("/", "multi"));
    assertEquals(List.of("fixture", "coming"), texts(multi.get("vendors")));
    assertEquals(
        "{\"fixture\":\"2026-11-01T06:00:00Z\"}", JSON.writeValueAsString(multi.get("updates")));
  }

  @Test
  void propertiesListsTheDistinctValuesOfTheIndex() throws Exception {
    HttpResponse<String> response = options("/properties", "plain");
    assertEquals(200, response.statusCode(), response.body());
    assertEquals(
        "2026-11-01T06:00:00Z",
        response.headers().firstValue("X-Service-LastUpdate").orElseThrow());
    JsonNode body = json(response);
    assertEquals("2026-11-01T06:00:00Z", body.get("lastUpdate").asText());
    assertExpiresInADay(body);
    String expected =
        "{'status':['Active','Closed','Pending'],"
            + "'type':['Condominium','Land','Multi-Family','Rental','Residential'],"
            + "'subtype':['Apartment','Condominium','Duplex','SingleFamilyResidence','Townhouse',"
            + "'UnimprovedLand'],"
            + "'cities':['Houston','Katy','Spring','Sugar Land'],"
            + "'counties':['Fort Bend','Harris'],"
            + "'neighborhoods':['Cinco Ranch','Fixture Park','Fixture Tower','Houston Heights'],"
            + "'postalCodes':['77002','77005','77373','77479','77494'],"
            + "'areaMinor':['Downtown','Heights','Midtown','West Katy'],"
            + "'features':['Fireplace','Walk-In Closet','Wood Floors'],"
            + "'exteriorFeatures':['Fenced Yard','Patio','Pool','Sprinkler System'],"
            + "'water':['Lake','Pond'],"
            + "'specialListingConditions':['Short Sale','Standard'],"
            + "'ownership':['Condominium','Fee Simple']}";
    assertEquals(
        JSON.writeValueAsString(JSON.readTree(expected.replace('\'', '"'))),
        JSON.writeValueAsString(body.get("fields")));
  }

  @Test
  void everyListedTypeIsAcceptedByTheTypeParameter() throws Exception {
    for (String type : texts(json(options("/properties", "plain")).at("/fields/type"))) {
      assertEquals(
          200,
          server.get("/properties?type=" + type.replace(" ", "%20"), "plain", SECRET).statusCode(),
          type);
    }
  }

  /** Publishes a one-listing state of vendor {@code swap} whose city is {@code city}. */
  private static void indexSwapVendor(String city) throws Exception {
    Path dump = server.dataDir().resolve("swap-" + city + ".ndjson");
    Files.writeString(
        dump,
        "{\"listingId\":\"S-1\",\"address\":{\"city\":\""
            + city
            + "\"},\"mls\":{\"status\":\"Active\"}}\n");
    new VendorIndexBuilder(JSON, Clock.systemUTC(), 1)
        .rebuild(new VendorLayout(server.dataDir(), "swap"), dump, true);
  }

  @Test
  void theValueListsSwapWithTheSnapshot() throws Exception {
    assertEquals(
        List.of("Alvin"), texts(json(options("/properties", "swapper")).at("/fields/cities")));
    indexSwapVendor("Baytown");
    // The server notices the new commit within its refresh interval (200 ms here).
    List<String> cities = List.of();
    for (int i = 0; i < 100 && !cities.equals(List.of("Baytown")); i++) {
      Thread.sleep(50);
      cities = texts(json(options("/properties", "swapper")).at("/fields/cities"));
    }
    assertEquals(List.of("Baytown"), cities);
  }

  @Test
  void vendorRulesCredentialsAndMethods() throws Exception {
    HttpResponse<String> ambiguous = options("/properties", "multi");
    assertEquals(400, ambiguous.statusCode());
    assertEquals(
        "vendor: required for this key; allowed: fixture, coming",
        json(ambiguous).get("message").asText());
    assertEquals(200, options("/properties?vendor=fixture", "multi").statusCode());
    assertEquals(503, options("/properties?vendor=coming", "multi").statusCode());
    assertEquals(403, options("/properties?vendor=elsewhere", "plain").statusCode());
    assertEquals(401, options("/", null).statusCode());
    HttpResponse<String> get = server.get("/", "plain", SECRET);
    assertEquals(405, get.statusCode());
    assertEquals("OPTIONS", get.headers().firstValue("Allow").orElseThrow());
  }
}

package io.keybox.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URI;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.olingo.client.api.ODataClient;
import org.apache.olingo.client.api.communication.ODataClientErrorException;
import org.apache.olingo.client.api.domain.ClientEntity;
import org.apache.olingo.client.core.ODataClientFactory;
import org.apache.olingo.client.core.http.BasicAuthHttpClientFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The RESO Member and OpenHouse resources over data/fixtures/basic, read with Olingo's client; the
 * expected keys come from data/README.md ("open houses" and "agents"): open house 5 is hidden by
 * the default IDX rule (its listing opts out), and Member needs the agents add-on like /agents.
 */
class ResoResourcesHttpTest {
  private static final String AGENCY = "agency";
  private static final String PLAIN = "plain";
  private static final String SECRET = "s3cret";

  @RegisterExtension
  static final FixtureServer server = FixtureServer.withAgentsAddOn(AGENCY, PLAIN, SECRET);

  private static ODataClient client(String key) {
    ODataClient client = ODataClientFactory.getClient();
    client.getConfiguration().setHttpClientFactory(new BasicAuthHttpClientFactory(key, SECRET));
    return client;
  }

  private static List<String> keys(String resource, String keyName, String filter) {
    ODataClient client = client(AGENCY);
    var builder =
        client
            .newURIBuilder(server.uri("/reso/fixture").toString())
            .appendEntitySetSegment(resource);
    URI uri = (filter == null ? builder : builder.filter(filter)).build();
    return client
        .getRetrieveRequestFactory()
        .getEntitySetRequest(uri)
        .execute()
        .getBody()
        .getEntities()
        .stream()
        .map(e -> e.getProperty(keyName).getPrimitiveValue().toString())
        .toList();
  }

  private static ClientEntity one(String resource, String key) {
    ODataClient client = client(AGENCY);
    URI uri =
        client
            .newURIBuilder(server.uri("/reso/fixture").toString())
            .appendEntitySetSegment(resource)
            .appendKeySegment(key)
            .build();
    return client.getRetrieveRequestFactory().getEntityRequest(uri).execute().getBody();
  }

  private static String text(ClientEntity entity, String property) {
    return entity.getProperty(property).getPrimitiveValue().toString();
  }

  /** Asserts each property named in {@code expected} has that text in {@code entity}. */
  private static void assertTexts(Map<String, String> expected, ClientEntity entity) {
    Map<String, String> actual = new HashMap<>();
    expected.keySet().forEach(property -> actual.put(property, text(entity, property)));
    assertEquals(expected, actual);
  }

  @Test
  void openHousesInKeyOrderWithoutTheHiddenOne() {
    assertEquals(
        List.of("1", "2", "3", "4", "6", "7", "8", "50", "51"),
        keys("OpenHouse", "OpenHouseKey", null));
  }

  @Test
  void openHousesByStartTimeAndByListing() {
    assertEquals(
        List.of("4", "6", "8", "50", "51"),
        keys("OpenHouse", "OpenHouseKey", "OpenHouseStartTime ge 2026-11-14T00:00:00Z"));
    assertEquals(List.of("1", "8"), keys("OpenHouse", "OpenHouseKey", "ListingKey eq '101'"));
  }

  @Test
  void oneOpenHouseNamesItsListing() {
    assertTexts(
        Map.of(
            "OpenHouseId", "OH-B",
            "ListingKey", "104",
            "ListingId", "KATY-104",
            "OpenHouseType", "Public"),
        one("OpenHouse", "2"));
  }

  @Test
  void membersInKeyOrderAndByState() {
    assertEquals(
        List.of("A050", "A100", "A200", "A300", "A400", "A500"), keys("Member", "MemberKey", null));
    assertEquals(
        List.of("A050", "A100", "A200", "A300"),
        keys("Member", "MemberKey", "MemberStateOrProvince eq 'TX'"));
  }

  @Test
  void oneMember() {
    assertTexts(
        Map.of(
            "MemberFirstName", "Carol",
            "MemberLastName", "Adams",
            "MemberMlsId", "A300",
            "MemberEmail", "Carol.Adams@Katy-Homes.example"),
        one("Member", "A300"));
  }

  @Test
  void membersNeedTheAgentsAddOn() {
    ODataClient plain = client(PLAIN);
    URI uri =
        plain
            .newURIBuilder(server.uri("/reso/fixture").toString())
            .appendEntitySetSegment("Member")
            .build();
    ODataClientErrorException denied =
        org.junit.jupiter.api.Assertions.assertThrows(
            ODataClientErrorException.class,
            () -> plain.getRetrieveRequestFactory().getEntitySetRequest(uri).execute());
    assertEquals(403, denied.getStatusLine().getStatusCode());
  }
}

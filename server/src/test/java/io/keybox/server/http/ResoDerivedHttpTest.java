package io.keybox.server.http;

import static io.keybox.server.http.FixtureServer.texts;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.util.List;
import org.apache.olingo.client.api.ODataClient;
import org.apache.olingo.client.api.domain.ClientEntity;
import org.apache.olingo.client.core.ODataClientFactory;
import org.apache.olingo.client.core.http.BasicAuthHttpClientFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The RESO Office and Lookup resources, derived from data/fixtures/basic. The expected values are
 * worked out by hand from data/README.md: the listings the default IDX rule shows (101-109, 111)
 * name offices BRK1 (Fixture Realty, latest at 102) and BRK2 (Katy Homes), agent A400 office BRK3;
 * their cities are Houston (earliest modified: 108, 2026-09-30), Katy (104, 2026-10-04), Spring and
 * Sugar Land; the only Pending listing is 105 (2026-10-06); agents' states are TX (also spelled tx)
 * and LA.
 */
class ResoDerivedHttpTest {
  private static final String AGENCY = "agency";
  private static final String SECRET = "s3cret";

  @RegisterExtension
  static final FixtureServer server = FixtureServer.withAgentsAddOn(AGENCY, "plain", SECRET);

  private static JsonNode get(String pathAndQuery) throws Exception {
    return server.okJson("/reso/fixture/" + pathAndQuery, AGENCY, SECRET);
  }

  @Test
  void officesOfTheListingsAndAgents() throws Exception {
    assertEquals(List.of("BRK1", "BRK2", "BRK3"), texts(get("Office").path("value"), "OfficeKey"));
    JsonNode katy = get("Office?$filter=OfficeName%20eq%20'Katy%20Homes'").path("value");
    assertEquals(List.of("BRK2"), texts(katy, "OfficeKey"));
    assertEquals("BRK2", katy.get(0).path("OfficeMlsId").asText());
    assertTrue(get("Office('BRK3')").path("OfficeName").isNull(), "only an agent names BRK3");
  }

  @Test
  void aListingsOfficeExpanded() throws Exception {
    JsonNode listing = get("Property('101')?$select=ListPrice&$expand=ListOffice");
    assertEquals("Fixture Realty", listing.path("ListOffice").path("OfficeName").asText());
    assertTrue(
        get("Property('106')?$expand=ListOffice").path("ListOffice").isNull(), "106 has none");
  }

  @Test
  void lookupValuesWithTheirEarliestListing() throws Exception {
    JsonNode cities =
        get("Lookup?$filter=LookupName%20eq%20'City'&$orderby=LookupKey").path("value");
    assertEquals(
        List.of("City:Houston", "City:Katy", "City:Spring", "City:Sugar Land"),
        texts(cities, "LookupKey"));
    assertEquals(
        List.of(
            "2026-09-30T10:00:00Z",
            "2026-10-04T10:00:00Z",
            "2026-10-04T10:00:00Z",
            "2026-10-07T10:00:00Z"),
        texts(cities, "ModificationTimestamp"));
    assertEquals(
        List.of("Active", "Closed", "Pending"),
        texts(
            get("Lookup?$filter=LookupName%20eq%20'StandardStatus'").path("value"), "LookupValue"));
    assertEquals(
        List.of("LA", "TX"),
        texts(
            get("Lookup?$filter=LookupName%20eq%20'MemberStateOrProvince'").path("value"),
            "LookupValue"));
    assertEquals(
        List.of("City:Katy", "City:Spring", "City:Sugar Land", "StandardStatus:Pending"),
        texts(
            get("Lookup?$filter=ModificationTimestamp%20ge%202026-10-04T10:00:00Z%20and%20"
                    + "(LookupName%20eq%20'City'%20or%20LookupName%20eq%20'StandardStatus')")
                .path("value"),
            "LookupKey"));
  }

  @Test
  void oneLookupTyped() {
    ODataClient client = ODataClientFactory.getClient();
    client.getConfiguration().setHttpClientFactory(new BasicAuthHttpClientFactory(AGENCY, SECRET));
    URI uri =
        client
            .newURIBuilder(server.uri("/reso/fixture").toString())
            .appendEntitySetSegment("Lookup")
            .appendKeySegment("StandardStatus:Pending")
            .build();
    ClientEntity pending =
        client.getRetrieveRequestFactory().getEntityRequest(uri).execute().getBody();
    assertEquals(
        "StandardStatus", pending.getProperty("LookupName").getPrimitiveValue().toString());
    assertEquals(
        "Pending", pending.getProperty("StandardLookupValue").getPrimitiveValue().toString());
  }

  @Test
  void aLookupIsDatedByItsEarliestListing() throws Exception {
    assertEquals(
        "2026-10-06T10:00:00Z",
        get("Lookup('StandardStatus:Pending')").path("ModificationTimestamp").asText());
  }
}

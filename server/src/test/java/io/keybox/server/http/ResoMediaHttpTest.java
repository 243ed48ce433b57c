package io.keybox.server.http;

import static io.keybox.server.http.FixtureServer.texts;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.olingo.client.api.ODataClient;
import org.apache.olingo.client.api.communication.request.retrieve.ODataEntitySetRequest;
import org.apache.olingo.client.api.domain.ClientEntity;
import org.apache.olingo.client.api.domain.ClientEntitySet;
import org.apache.olingo.client.core.ODataClientFactory;
import org.apache.olingo.client.core.http.BasicAuthHttpClientFactory;
import org.apache.olingo.commons.api.edm.Edm;
import org.apache.olingo.commons.api.edm.EdmNavigationProperty;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The RESO Media resource and {@code $expand} over data/fixtures/basic, where listing 104 has three
 * photos instead of one (the others one each, hot-linked: their MediaURL is the feed's URL). The
 * expected keys are worked out from data/README.md: 110 and 112 are hidden by the default IDX rule,
 * listing 101 has open houses 1 and 8 and agent A100, listing 106 no agent.
 */
class ResoMediaHttpTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String AGENCY = "agency";
  private static final String PLAIN = "plain";
  private static final String SECRET = "s3cret";
  private static final List<String> ALL =
      List.of(
          "101-1", "102-1", "103-1", "104-1", "104-2", "104-3", "105-1", "106-1", "107-1", "108-1",
          "109-1", "111-1");

  @RegisterExtension
  static final FixtureServer server =
      FixtureServer.withAgentsAddOn(
          ResoMediaHttpTest::basicWithThreePhotosOf104, AGENCY, PLAIN, SECRET);

  private static void basicWithThreePhotosOf104(Path dataDir) throws java.io.IOException {
    Path basic = Path.of("..", "data", "fixtures", "basic");
    Path feed = Files.createDirectories(dataDir.resolve("feed"));
    Files.copy(basic.resolve("openhouses.ndjson"), feed.resolve("openhouses.ndjson"));
    Files.copy(basic.resolve("agents.ndjson"), feed.resolve("agents.ndjson"));
    StringBuilder listings = new StringBuilder();
    for (String line : Files.readAllLines(basic.resolve("listings.ndjson"))) {
      ObjectNode listing = (ObjectNode) JSON.readTree(line);
      if (listing.path("mlsId").asLong() == 104) {
        listing
            .putArray("photos")
            .add("https://photos.example.com/fixture/KATY-104/1.jpg")
            .add("https://photos.example.com/fixture/KATY-104/2.jpg")
            .add("https://photos.example.com/fixture/KATY-104/3.jpg");
      }
      listings.append(listing).append('\n');
    }
    Files.writeString(feed.resolve("listings.ndjson"), listings);
    FixtureServer.index(dataDir, "fixture", feed);
  }

  private static ODataClient client() {
    ODataClient client = ODataClientFactory.getClient();
    client.getConfiguration().setHttpClientFactory(new BasicAuthHttpClientFactory(AGENCY, SECRET));
    return client;
  }

  private static String root() {
    return server.uri("/reso/fixture").toString();
  }

  private static JsonNode get(String pathAndQuery) throws Exception {
    return server.okJson("/reso/fixture/" + pathAndQuery, AGENCY, SECRET);
  }

  private static int status(String pathAndQuery, String key) throws Exception {
    return server.get("/reso/fixture/" + pathAndQuery, key, SECRET).statusCode();
  }

  @Test
  void theMetadataLeadsFromAListingToItsPhotosOpenHousesAndAgent() {
    Edm edm = client().getRetrieveRequestFactory().getMetadataRequest(root()).execute().getBody();
    var property = edm.getEntityContainer().getEntitySet("Property").getEntityType();
    EdmNavigationProperty media = property.getNavigationProperty("Media");
    assertEquals("org.reso.metadata.Media", media.getType().getFullQualifiedName().toString());
    assertTrue(media.isCollection());
    assertTrue(property.getNavigationProperty("OpenHouse").isCollection());
    assertEquals(
        "org.reso.metadata.Member",
        property.getNavigationProperty("ListAgent").getType().getFullQualifiedName().toString());
    assertEquals(
        List.of("MediaKey"),
        edm.getEntityContainer().getEntitySet("Media").getEntityType().getKeyPredicateNames());
  }

  @Test
  void everyPhotoInListingAndOrderOrderPagedInsideAListing() {
    ODataClient client = client();
    URI uri = client.newURIBuilder(root()).appendEntitySetSegment("Media").build();
    List<String> seen = new ArrayList<>();
    int pages = 0;
    while (uri != null) {
      ODataEntitySetRequest<ClientEntitySet> request =
          client.getRetrieveRequestFactory().getEntitySetRequest(uri);
      request.setPrefer("odata.maxpagesize=4"); // the first page ends at 104's first photo
      ClientEntitySet page = request.execute().getBody();
      page.getEntities()
          .forEach(e -> seen.add(e.getProperty("MediaKey").getPrimitiveValue().toString()));
      uri = page.getNext();
      pages++;
    }
    assertEquals(ALL, seen);
    assertEquals(3, pages);
  }

  @Test
  void onePhotoTyped() {
    ODataClient client = client();
    URI uri =
        client
            .newURIBuilder(root())
            .appendEntitySetSegment("Media")
            .appendKeySegment("104-2")
            .build();
    ClientEntity photo =
        client.getRetrieveRequestFactory().getEntityRequest(uri).execute().getBody();
    assertEquals(
        "https://photos.example.com/fixture/KATY-104/2.jpg",
        photo.getProperty("MediaURL").getPrimitiveValue().toString());
    assertEquals("104", photo.getProperty("ResourceRecordKey").getPrimitiveValue().toString());
    assertEquals("Property", photo.getProperty("ResourceName").getPrimitiveValue().toString());
    assertEquals("2", photo.getProperty("Order").getPrimitiveValue().toString());
    assertEquals("Photo", photo.getProperty("MediaCategory").getPrimitiveValue().toString());
  }

  @Test
  void topSkipCountAndTheListingsKey() throws Exception {
    JsonNode page = get("Media?$top=5&$skip=2&$count=true");
    assertEquals(12, page.path("@odata.count").asInt());
    assertEquals(
        List.of("103-1", "104-1", "104-2", "104-3", "105-1"),
        texts(page.path("value"), "MediaKey"));
    assertEquals(
        List.of("104-1", "104-2", "104-3"),
        texts(get("Media?$filter=ResourceRecordKey%20eq%20'104'").path("value"), "MediaKey"));
    assertEquals(
        List.of("101-1", "104-1", "104-2", "104-3"),
        texts(
            get("Media?$filter=ResourceRecordKey%20eq%20'101'%20or%20ResourceRecordKey%20eq%20'104'&$select=Order")
                .path("value"),
            "MediaKey"));
  }

  @Test
  void aListingsPhotosAsAPath() throws Exception {
    JsonNode photos = get("Property('104')/Media?$select=MediaURL");
    assertEquals(
        List.of(
            "https://photos.example.com/fixture/KATY-104/1.jpg",
            "https://photos.example.com/fixture/KATY-104/2.jpg",
            "https://photos.example.com/fixture/KATY-104/3.jpg"),
        texts(photos.path("value"), "MediaURL"));
    assertEquals(
        List.of("1", "8"), texts(get("Property('101')/OpenHouse").path("value"), "OpenHouseKey"));
    assertEquals("A100", get("Property('101')/ListAgent").path("MemberKey").asText());
  }

  @Test
  void expandedPhotosOpenHousesAndAgent() throws Exception {
    JsonNode listing =
        get(
            "Property('101')?$select=ListPrice&$expand=Media($select=MediaURL),OpenHouse,ListAgent");
    assertEquals(
        List.of("https://photos.example.com/fixture/HOU-101/1.jpg"),
        texts(listing.path("Media"), "MediaURL"));
    assertEquals(
        List.of("MediaKey", "MediaURL"),
        fieldNames(listing.path("Media").get(0)),
        "the expansion's $select");
    assertEquals(List.of("1", "8"), texts(listing.path("OpenHouse"), "OpenHouseKey"));
    assertEquals("A100", listing.path("ListAgent").path("MemberMlsId").asText());
    JsonNode page =
        get(
            "Property?$filter=ListingKey%20eq%20'104'%20or%20ListingKey%20eq%20'106'&$expand=Media,ListAgent");
    assertEquals(
        List.of("104-1", "104-2", "104-3"),
        texts(page.path("value").get(0).path("Media"), "MediaKey"));
    assertEquals("A300", page.path("value").get(0).path("ListAgent").path("MemberKey").asText());
    assertTrue(page.path("value").get(1).path("ListAgent").isNull(), "106 has no agent");
  }

  private static List<String> fieldNames(JsonNode record) {
    List<String> names = new ArrayList<>();
    record.fieldNames().forEachRemaining(names::add);
    return names;
  }

  @Test
  void refusals() throws Exception {
    assertEquals(404, status("Media('104-4')", AGENCY));
    assertEquals(404, status("Media('110-1')", AGENCY), "110 is opted out of display");
    assertEquals(404, status("Property('106')/ListAgent", AGENCY), "106 has no agent");
    assertEquals(403, status("Property?$expand=ListAgent", PLAIN), "the agents add-on");
    assertEquals(403, status("Property('101')/ListAgent", PLAIN), "the agents add-on");
    assertEquals(200, status("Property?$expand=Media", PLAIN));
    assertEquals(200, status("Property?$expand=*", PLAIN), "all it may read");
    assertEquals(501, status("Property?$expand=Media($top=1)", AGENCY));
    assertEquals(400, status("Property?$expand=Rooms", AGENCY));
    HttpResponse<String> key =
        server.get("/reso/fixture/Media?$filter=MediaKey%20eq%20'104-1'", AGENCY, SECRET);
    assertEquals(400, key.statusCode());
    assertTrue(
        JSON.readTree(key.body()).path("error").path("message").asText().contains("MediaKey"),
        key.body());
    assertEquals(400, status("Media?$skiptoken=bm9wZQ", AGENCY));
  }
}

package io.keybox.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayInputStream;
import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.olingo.client.api.ODataClient;
import org.apache.olingo.client.api.communication.ODataClientErrorException;
import org.apache.olingo.client.api.communication.request.retrieve.ODataEntitySetRequest;
import org.apache.olingo.client.api.domain.ClientEntity;
import org.apache.olingo.client.api.domain.ClientEntitySet;
import org.apache.olingo.client.api.edm.xml.XMLMetadata;
import org.apache.olingo.client.core.ODataClientFactory;
import org.apache.olingo.client.core.http.BasicAuthHttpClientFactory;
import org.apache.olingo.commons.api.edm.Edm;
import org.apache.olingo.commons.api.format.ContentType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The RESO Web API at /reso/fixture/ over data/fixtures/basic, read with Apache Olingo's own OData
 * client. The expected keys are worked out by hand from data/README.md ("fixtures/basic — the
 * listings"): the RESO view applies the default IDX rule, so 110 and 112 are never served, and its
 * default order is ListingKey ascending.
 */
class ResoHttpTest {
  private static final String KEY = "tester";
  private static final String SECRET = "s3cret";
  private static final List<String> ALL =
      List.of("101", "102", "103", "104", "105", "106", "107", "108", "109", "111");

  @RegisterExtension
  static final FixtureServer server = FixtureServer.perClass("fixture", "basic", KEY, SECRET);

  private static ODataClient client;
  private static String root;

  @BeforeAll
  static void client() {
    client = ODataClientFactory.getClient();
    client.getConfiguration().setHttpClientFactory(new BasicAuthHttpClientFactory(KEY, SECRET));
    root = server.uri("/reso/fixture").toString();
  }

  private static ClientEntitySet read(String filter) {
    var builder = client.newURIBuilder(root).appendEntitySetSegment("Property");
    URI uri = (filter == null ? builder : builder.filter(filter)).build();
    return client.getRetrieveRequestFactory().getEntitySetRequest(uri).execute().getBody();
  }

  private static List<String> keys(ClientEntitySet set) {
    return set.getEntities().stream()
        .map(e -> e.getProperty("ListingKey").getPrimitiveValue().toString())
        .toList();
  }

  @Test
  void metadataPassesOlingosValidation() throws Exception {
    HttpResponse<String> response = server.get("/reso/fixture/$metadata", KEY, SECRET);
    assertEquals(200, response.statusCode());
    assertEquals("4.0", response.headers().firstValue("OData-Version").orElse(null));
    XMLMetadata xml =
        client
            .getDeserializer(ContentType.APPLICATION_XML)
            .toMetadata(new ByteArrayInputStream(response.body().getBytes(StandardCharsets.UTF_8)));
    assertTrue(client.metadataValidation().isV4Metadata(xml));
    assertTrue(client.metadataValidation().isServiceDocument(xml));
    client.metadataValidation().validateMetadata(xml);
    Edm edm = client.getRetrieveRequestFactory().getMetadataRequest(root).execute().getBody();
    var property = edm.getEntityContainer().getEntitySet("Property").getEntityType();
    assertEquals(List.of("ListingKey"), property.getKeyPredicateNames());
    assertEquals(
        "Edm.Decimal",
        property
            .getStructuralProperty("ListPrice")
            .getType()
            .getFullQualifiedName()
            .getFullQualifiedNameAsString());
    assertEquals(
        "Edm.Date",
        property
            .getStructuralProperty("ListingContractDate")
            .getType()
            .getFullQualifiedName()
            .getFullQualifiedNameAsString());
    assertTrue(property.getStructuralProperty("ExteriorFeatures").isCollection());
    assertTrue(property.getNavigationProperty("Media").isCollection(), "a listing's photos");
  }

  @Test
  void metadataSaysWhichFieldsFilterAndOrder() throws Exception {
    org.w3c.dom.Document xml =
        javax.xml.parsers.DocumentBuilderFactory.newDefaultNSInstance()
            .newDocumentBuilder()
            .parse(
                new ByteArrayInputStream(
                    server
                        .get("/reso/fixture/$metadata", KEY, SECRET)
                        .body()
                        .getBytes(StandardCharsets.UTF_8)));
    List<String> nonFilterable = paths(xml, "FilterRestrictions");
    assertTrue(nonFilterable.contains("PublicRemarks"), nonFilterable.toString());
    assertFalse(nonFilterable.contains("ListPrice"), nonFilterable.toString());
    assertFalse(nonFilterable.contains("City"), nonFilterable.toString());
    List<String> nonSortable = paths(xml, "SortRestrictions");
    assertTrue(nonSortable.contains("City"), "a keyword does not order: " + nonSortable);
    assertFalse(nonSortable.contains("ModificationTimestamp"), nonSortable.toString());
    assertEquals(
        "RESO.OData.Metadata.LookupName",
        javax.xml.xpath.XPathFactory.newInstance()
            .newXPath()
            .evaluate(
                "//*[local-name()='EntityType'][@Name='Property']"
                    + "/*[local-name()='Property'][@Name='City']/*[local-name()='Annotation']/@Term",
                xml));
  }

  /** The property paths of Property's capability annotation {@code term}. */
  private static List<String> paths(org.w3c.dom.Document xml, String term) throws Exception {
    org.w3c.dom.NodeList nodes =
        (org.w3c.dom.NodeList)
            javax.xml.xpath.XPathFactory.newInstance()
                .newXPath()
                .evaluate(
                    "//*[local-name()='EntitySet'][@Name='Property']/*[local-name()='Annotation']"
                        + "[@Term='Org.OData.Capabilities.V1."
                        + term
                        + "']//*[local-name()='PropertyPath']",
                    xml,
                    javax.xml.xpath.XPathConstants.NODESET);
    List<String> paths = new ArrayList<>();
    for (int i = 0; i < nodes.getLength(); i++) {
      paths.add(nodes.item(i).getTextContent());
    }
    return paths;
  }

  @Test
  void serviceDocumentListsTheResources() throws Exception {
    JsonNode document = FixtureServer.json(server.get("/reso/fixture/", KEY, SECRET));
    assertEquals("Property", document.path("value").get(0).path("name").asText());
  }

  @Test
  void typedReadOfOneListing() {
    URI uri =
        client
            .newURIBuilder(root)
            .appendEntitySetSegment("Property")
            .appendKeySegment("104")
            .build();
    ClientEntity listing =
        client.getRetrieveRequestFactory().getEntityRequest(uri).execute().getBody();
    assertEquals("KATY-104", listing.getProperty("ListingId").getPrimitiveValue().toString());
    assertEquals(
        new BigDecimal("420000"),
        new BigDecimal(listing.getProperty("ListPrice").getPrimitiveValue().toString()));
    assertEquals("4", listing.getProperty("BedroomsTotal").getPrimitiveValue().toString());
    assertEquals("Katy", listing.getProperty("City").getPrimitiveValue().toString());
    assertEquals("Active", listing.getProperty("StandardStatus").getPrimitiveValue().toString());
    assertEquals("Residential", listing.getProperty("PropertyType").getPrimitiveValue().toString());
    assertEquals(
        "2026-09-01", listing.getProperty("ListingContractDate").getPrimitiveValue().toString());
    List<String> exterior = new ArrayList<>();
    listing
        .getProperty("ExteriorFeatures")
        .getCollectionValue()
        .forEach(v -> exterior.add(v.asPrimitive().toString()));
    assertEquals(List.of("Patio", "Sprinkler System"), exterior);
  }

  @Test
  void everyListingInKeyOrderWithoutAFilter() {
    assertEquals(ALL, keys(read(null)));
  }

  @Test
  void coreFiltersOnIntegerDecimalDateTimestampAndLookupFields() {
    assertEquals(
        List.of("101", "104", "105", "107", "109", "111"), keys(read("ListPrice gt 200000")));
    assertEquals(List.of("102", "103", "106"), keys(read("ListPrice le 180000")));
    assertEquals(List.of("104", "105", "108", "111"), keys(read("BedroomsTotal ge 4")));
    assertEquals(List.of("102", "103"), keys(read("BedroomsTotal lt 3")));
    assertEquals(List.of("107", "108"), keys(read("YearBuilt lt 1990")));
    assertEquals(
        List.of("105", "106", "111"), keys(read("ModificationTimestamp gt 2026-10-05T10:00:00Z")));
    assertEquals(ALL, keys(read("ListingContractDate eq 2026-09-01")));
    assertEquals(List.of(), keys(read("ListingContractDate gt 2026-09-01")));
    assertEquals(List.of("104", "105", "111"), keys(read("City eq 'Katy'")));
    assertEquals(List.of("105"), keys(read("StandardStatus eq 'Pending'")));
    assertEquals(List.of("107"), keys(read("StandardStatus eq 'Closed'")));
    assertEquals(List.of("106"), keys(read("PropertyType eq 'Land'")));
    assertEquals(
        List.of("101", "102", "104", "105", "107", "108", "109"),
        keys(read("PropertyType eq 'Residential'")));
    assertEquals(
        List.of("104", "111"), keys(read("City eq 'Katy' and StandardStatus ne 'Pending'")));
    assertEquals(List.of("106", "109"), keys(read("City eq 'Sugar Land' or City eq 'Spring'")));
    assertEquals(
        List.of("104"), keys(read("ExteriorFeatures/any(f:f eq 'Patio') and ListingKey ne '101'")));
    assertEquals(List.of("106"), keys(read("not (BedroomsTotal ge 0) and ListingKey ne '109'")));
    assertEquals(List.of("106", "109"), keys(read("startswith(City, 'S')")));
  }

  @Test
  void orderTopCountAndSelect() {
    URI uri =
        client
            .newURIBuilder(root)
            .appendEntitySetSegment("Property")
            .orderBy("ListPrice desc")
            .top(3)
            .select("ListPrice,City")
            .count(true)
            .build();
    ClientEntitySet set =
        client.getRetrieveRequestFactory().getEntitySetRequest(uri).execute().getBody();
    assertEquals(List.of("111", "109", "104"), keys(set));
    assertEquals(10, set.getCount());
    assertNull(set.getNext(), "$top caps the whole result");
    ClientEntity first = set.getEntities().get(0);
    assertEquals(3, first.getProperties().size(), "ListingKey, ListPrice, City only");
    assertNotNull(first.getProperty("City"));
  }

  @Test
  void nextLinksWalkToTheEndWithoutRepeats() {
    URI uri =
        client
            .newURIBuilder(root)
            .appendEntitySetSegment("Property")
            .filter("ListPrice gt 1000")
            .build();
    List<String> seen = new ArrayList<>();
    int pages = 0;
    while (uri != null) {
      ODataEntitySetRequest<ClientEntitySet> request =
          client.getRetrieveRequestFactory().getEntitySetRequest(uri);
      request.setPrefer("odata.maxpagesize=4");
      var response = request.execute();
      assertEquals(
          "odata.maxpagesize=4", response.getHeader("Preference-Applied").iterator().next());
      ClientEntitySet page = response.getBody();
      seen.addAll(keys(page));
      uri = page.getNext();
      pages++;
    }
    assertEquals(List.of("101", "102", "103", "104", "105", "106", "107", "109", "111"), seen);
    assertEquals(3, pages);
  }

  @Test
  void unknownKeyIs404() {
    assertEquals(404, statusOfReading("999"));
    assertEquals(404, statusOfReading("110"), "110 is opted out of display");
  }

  private static int statusOfReading(String key) {
    URI uri =
        client.newURIBuilder(root).appendEntitySetSegment("Property").appendKeySegment(key).build();
    return assertThrows(
            ODataClientErrorException.class,
            () -> client.getRetrieveRequestFactory().getEntityRequest(uri).execute())
        .getStatusLine()
        .getStatusCode();
  }

  @Test
  void errorsAreODataJson() throws Exception {
    HttpResponse<String> unknown = server.get("/reso/fixture/Rooms", KEY, SECRET);
    assertEquals(404, unknown.statusCode());
    assertEquals("404", FixtureServer.json(unknown).path("error").path("code").asText());
    HttpResponse<String> field =
        server.get("/reso/fixture/Property?$filter=Nope%20eq%201", KEY, SECRET);
    assertEquals(400, field.statusCode());
    assertEquals("4.0", field.headers().firstValue("OData-Version").orElse(null));
    HttpResponse<String> notFilterable =
        server.get("/reso/fixture/Property?$filter=PublicRemarks%20eq%20'x'", KEY, SECRET);
    assertEquals(400, notFilterable.statusCode());
    assertEquals(
        "$filter: PublicRemarks is not filterable (see $metadata)",
        FixtureServer.json(notFilterable).path("error").path("message").asText());
    HttpResponse<String> option = server.get("/reso/fixture/Property?$frobnicate=1", KEY, SECRET);
    assertEquals(400, option.statusCode());
    HttpResponse<String> search = server.get("/reso/fixture/Property?$search=pool", KEY, SECRET);
    assertEquals(501, search.statusCode());
    HttpResponse<String> vendor = server.get("/reso/other/Property", KEY, SECRET);
    assertEquals(403, vendor.statusCode());
    HttpResponse<String> anonymous = server.get("/reso/fixture/Property", null, null);
    assertEquals(401, anonymous.statusCode());
  }
}

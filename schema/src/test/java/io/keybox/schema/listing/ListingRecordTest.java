package io.keybox.schema.listing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.keybox.schema.shape.InvalidRecordException;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ListingRecordTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static JsonNode json(String text) throws Exception {
    return JSON.readTree(text.replace('\'', '"'));
  }

  private static List<String> keys(JsonNode node) {
    List<String> keys = new ArrayList<>();
    node.fieldNames().forEachRemaining(keys::add);
    return keys;
  }

  @Test
  void sparseRecordGetsEveryKeyOfTheContractInOrder() throws Exception {
    ListingRecord listing = ListingRecord.parse(json("{'listingId':'A1','listPrice':250000}"));
    JsonNode tree = listing.tree();
    assertEquals(
        List.of(
            "mlsId",
            "listingId",
            "listPrice",
            "originalListPrice",
            "listDate",
            "modified",
            "remarks",
            "privateRemarks",
            "showingInstructions",
            "showingContactName",
            "showingContactPhone",
            "specialListingConditions",
            "ownership",
            "leaseTerm",
            "leaseType",
            "terms",
            "agreement",
            "virtualTourUrl",
            "disclaimer",
            "internetAddressDisplay",
            "internetEntireListingDisplay",
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
            "compliance"),
        keys(tree));
    assertEquals(
        List.of(
            "full",
            "streetNumber",
            "streetNumberText",
            "streetName",
            "unit",
            "city",
            "state",
            "postalCode",
            "country",
            "crossStreet"),
        keys(tree.get("address")));
    assertEquals(
        List.of(
            "status",
            "statusText",
            "area",
            "areaMinor",
            "daysOnMarket",
            "originalEntryTimestamp",
            "originatingSystemName"),
        keys(tree.get("mls")));
    assertEquals(
        List.of("id", "firstName", "lastName", "officeMlsId", "modified", "address", "contact"),
        keys(tree.get("agent")));
    assertEquals(
        List.of("closeDate", "contractDate", "closePrice", "agent", "office"),
        keys(tree.get("sales")));
    assertEquals(List.of("spaces", "description", "leased"), keys(tree.at("/property/parking")));
    assertTrue(tree.get("remarks").isNull());
    assertTrue(tree.at("/agent/contact").isNull(), "contact is a nullable object");
    assertTrue(tree.at("/geo").isObject(), "geo is always an object");
    assertTrue(tree.at("/geo/lat").isNull());
    assertEquals("[]", tree.get("photos").toString());
    assertEquals("250000", tree.get("listPrice").toString(), "whole prices print without fraction");
  }

  @Test
  void aListingWithoutAStatusTakesItFromItsStatusText() throws Exception {
    // Every search filters on status: without one a listing is found only by its mlsId.
    ListingRecord sold =
        ListingRecord.parse(json("{'listingId':'S1','mls':{'statusText':'Closed Sale'}}"));
    assertEquals(Status.Closed, sold.status());
    assertEquals("Closed Sale", sold.tree().at("/mls/statusText").asText());
    ListingRecord unknown =
        ListingRecord.parse(json("{'listingId':'S2','mls':{'status':null,'statusText':'Sunset'}}"));
    assertNull(unknown.status(), "a text that names no status gives none");
    assertNull(ListingRecord.parse(json("{'listingId':'S3'}")).status());
  }

  @Test
  void valuesAreCoercedToTheirTypes() throws Exception {
    ListingRecord listing =
        ListingRecord.parse(
            json(
                "{'listingId':' A2 ','listPrice':'199000.0','listDate':'2024-05-01T10:00:00-05:00',"
                    + "'modified':'2024-05-02','internetAddressDisplay':'N',"
                    + "'property':{'bedrooms':3.0,'bathrooms':2.5,'type':'Residential'},"
                    + "'address':{'postalCode':77096},'mls':{'status':'Sold'}}"));
    JsonNode tree = listing.tree();
    assertEquals("A2", listing.listingId());
    assertEquals("199000", tree.get("listPrice").toString());
    assertEquals("2024-05-01T15:00:00Z", tree.get("listDate").asText());
    assertEquals("2024-05-02T00:00:00Z", tree.get("modified").asText());
    assertEquals(false, tree.get("internetAddressDisplay").asBoolean());
    assertEquals("3", tree.at("/property/bedrooms").toString());
    assertEquals("2.5", tree.at("/property/bathrooms").toString());
    assertEquals("RES", tree.at("/property/type").asText());
    assertEquals("77096", tree.at("/address/postalCode").asText());
    assertEquals("Closed", tree.at("/mls/status").asText());
    assertEquals("Sold", tree.at("/mls/statusText").asText(), "raw status kept as statusText");
    assertEquals(Status.Closed, listing.status());
  }

  @Test
  void badRecordsNameThePath() throws Exception {
    assertEquals(
        "listPrice: expected a number, got 'abc'",
        assertThrows(
                InvalidRecordException.class,
                () -> ListingRecord.parse(json("{'listingId':'A','listPrice':'abc'}")))
            .getMessage());
    assertEquals(
        "geo.lat",
        assertThrows(
                InvalidRecordException.class,
                () -> ListingRecord.parse(json("{'listingId':'A','geo':{'lat':500,'lng':1}}")))
            .path());
    assertEquals(
        "listingId",
        assertThrows(
                InvalidRecordException.class, () -> ListingRecord.parse(json("{'listPrice':1}")))
            .path());
    assertEquals(
        "mls.status",
        assertThrows(
                InvalidRecordException.class,
                () -> ListingRecord.parse(json("{'listingId':'A','mls':{'status':'Bogus'}}")))
            .path());
    assertEquals(
        "property.bedrooms",
        assertThrows(
                InvalidRecordException.class,
                () -> ListingRecord.parse(json("{'listingId':'A','property':{'bedrooms':2.5}}")))
            .path());
    assertEquals(
        "mlsId",
        assertThrows(
                InvalidRecordException.class,
                () -> ListingRecord.parse(json("{'listingId':'A','mlsId':9007199254740992}")))
            .path());
    assertThrows(InvalidRecordException.class, () -> ListingRecord.parse(json("[1,2]")));
  }

  @Test
  void aDateBeyondEpochMillisecondsIsARejectedRecordNotAFailedBuild() throws Exception {
    // Before: parse accepted it and toDocument overflowed, failing the whole index build.
    assertEquals(
        "sales.closeDate: expected an ISO-8601 date or date-time, got '-999999999-01-01T00:00:00Z'",
        assertThrows(
                InvalidRecordException.class,
                () ->
                    ListingRecord.parse(
                        json(
                            "{'listingId':'A','sales':{'closeDate':'-999999999-01-01T00:00:00Z'}}")))
            .getMessage());
    ListingRecord fine =
        ListingRecord.parse(json("{'mlsId':7,'listingId':'A','listDate':'2024-05-01T12:00Z'}"));
    assertEquals("2024-05-01T12:00:00Z", fine.tree().get("listDate").asText());
    new ListingDocuments(JSON).toDocument(fine);
  }

  @Test
  void sourceSplicesRoomsIntoPropertyAndComplianceAtTheEnd() throws Exception {
    ListingRecord listing =
        ListingRecord.parse(
                json(
                    "{'listingId':'R1','property':{'rooms':[{'type':'Bedroom','area':120}]},"
                        + "'compliance':{'mlsRule':'7'}}"))
            .withMlsId(7);
    ListingSource source = ListingSource.render(listing.tree(), JSON);
    JsonNode plain = JSON.readTree(source.toBytes(false, false));
    assertTrue(plain.get("property").has("type"));
    assertTrue(!plain.get("property").has("rooms") && !plain.has("compliance"));
    JsonNode full = JSON.readTree(source.toBytes(true, true));
    assertEquals("Bedroom", full.at("/property/rooms/0/type").asText());
    assertEquals(120, full.at("/property/rooms/0/area").asInt());
    assertEquals("7", full.at("/compliance/mlsRule").asText());
    assertEquals(7, full.get("mlsId").asInt());

    ListingSource bare =
        ListingSource.render(
            ListingRecord.parse(json("{'listingId':'R2'}")).withMlsId(8).tree(), JSON);
    JsonNode withBlocks = JSON.readTree(bare.toBytes(true, true));
    assertEquals("[]", withBlocks.at("/property/rooms").toString());
    assertEquals("{}", withBlocks.get("compliance").toString(), "an object, never null");
  }

  @Test
  void sourceBytesAreJacksonsSerialisationOfTheTree() throws Exception {
    ObjectNode raw = JSON.createObjectNode();
    raw.put("listingId", "Q-1");
    raw.put("listPrice", 250000.5);
    raw.put("remarks", "Caf\u00e9 \"A\\B\" " + (char) 1 + " \uD83C\uDFE1 <b>");
    ObjectNode rawProperty = raw.putObject("property");
    rawProperty.put("bedrooms", 3).put("bathrooms", 2.5).put("area", 1800);
    rawProperty.putArray("rooms").addObject().put("type", "Den").put("area", 99);
    raw.putObject("geo").put("lat", 29.76).put("lng", -95.37);
    raw.put("internetAddressDisplay", false);
    raw.putObject("compliance").put("mlsRule", "7");
    ListingRecord listing = ListingRecord.parse(raw).withMlsId(9_007_199_254_740_991L);

    ListingSource source = ListingSource.render(listing.tree(), JSON);
    String plain = new String(source.toBytes(false, false), StandardCharsets.UTF_8);
    assertTrue(plain.startsWith("{\"mlsId\":9007199254740991,\"listingId\":\"Q-1\","), plain);
    assertTrue(plain.contains("\"listPrice\":250000.5,"), plain);
    assertTrue(
        // Jackson escapes a surrogate pair unless told to combine it (its default).
        plain.contains("\"remarks\":\"Caf\u00e9 \\\"A\\\\B\\\" \\u0001 \\uD83C\\uDFE1 <b>\""),
        plain);
    assertTrue(plain.contains("\"bedrooms\":3,"), plain);
    assertTrue(plain.contains("\"lat\":29.76,\"lng\":-95.37"), plain);
    assertTrue(plain.contains("\"internetAddressDisplay\":false"), plain);
    assertTrue(plain.contains("\"privateRemarks\":null"), plain);

    // With both blocks moved to where they are spliced back, the bytes are exactly Jackson's own
    // serialisation of the tree.
    ObjectNode moved = ((ObjectNode) listing.tree()).deepCopy();
    ObjectNode property = (ObjectNode) moved.get("property");
    property.set("rooms", property.remove("rooms"));
    moved.set("compliance", moved.remove("compliance"));
    assertEquals(
        new String(JSON.writeValueAsBytes(moved), StandardCharsets.UTF_8),
        new String(source.toBytes(true, true), StandardCharsets.UTF_8));
  }

  @Test
  void mirroredPhotosAreWrittenAtTheEndAsTheRequestsUrlsAndStoredByReference() throws Exception {
    String a = "a".repeat(40);
    String b = "0123456789abcdef0123456789abcdef01234567";
    ListingRecord listing =
        ListingRecord.parse(
                json(
                    "{'listingId':'P1','photos':['keybox-media:"
                        + a
                        + "','keybox-media:"
                        + b
                        + "'],'property':{'rooms':[{'type':'Den'}]},'compliance':{'mlsRule':'7'}}"))
            .withMlsId(11);
    ListingSource source = ListingSource.render(listing.tree(), JSON);
    assertEquals(List.of(a, b), source.mirroredPhotos());
    PhotoUrls urls = PhotoUrls.of("https://idx.example", "houston", 800);

    ByteArrayOutputStream out = new ByteArrayOutputStream();
    source.writeTo(out, false, false, urls);
    String plain = out.toString(StandardCharsets.UTF_8);
    assertTrue(
        plain.endsWith(
            ",\"photos\":[\"https://idx.example/media/houston/"
                + a
                + "/800.jpg\",\"https://idx.example/media/houston/"
                + b
                + "/800.jpg\"]}"),
        plain);
    assertEquals(1, plain.split("\"photos\"", -1).length - 1, "photos once: " + plain);

    out.reset();
    source.writeTo(out, true, true, urls);
    JsonNode full = JSON.readTree(out.toByteArray());
    assertEquals(
        "https://idx.example/media/houston/" + a + "/800.jpg", full.at("/photos/0").asText());
    assertEquals("Den", full.at("/property/rooms/0/type").asText());
    assertEquals("7", full.at("/compliance/mlsRule").asText());

    // Read back as stored, the listing is the tree it was made from: photos by reference.
    JsonNode stored = JSON.readTree(source.toBytes(true, true));
    assertEquals("keybox-media:" + a, stored.at("/photos/0").asText());
    assertEquals("keybox-media:" + b, stored.at("/photos/1").asText());

    // Hot-linked URLs stay where they were, as they were.
    ListingSource linked =
        ListingSource.render(
            ListingRecord.parse(json("{'listingId':'P2','photos':['https://mls.example/1.jpg']}"))
                .withMlsId(12)
                .tree(),
            JSON);
    out.reset();
    linked.writeTo(out, false, false, urls);
    assertEquals(
        "https://mls.example/1.jpg", JSON.readTree(out.toByteArray()).at("/photos/0").asText());
    assertEquals(List.of(), linked.mirroredPhotos());
  }

  @Test
  void photoUrlsEscapeTheirBaseAndNameTheVariantsLikeTheirFiles() {
    assertEquals(
        "ab/" + "ab" + "c".repeat(38) + "/400.jpg",
        PhotoUrls.variantPath("ab" + "c".repeat(38), 400));
    assertThrows(IllegalArgumentException.class, () -> PhotoUrls.variantPath("../x", 400));
    assertTrue(PhotoUrls.isDigest("0".repeat(40)));
    assertTrue(!PhotoUrls.isDigest("A".repeat(40)) && !PhotoUrls.isDigest("0".repeat(39)));
    assertEquals(PhotoUrls.of("http://h", "v", 400), PhotoUrls.of("http://h", "v", 400));
    assertTrue(!PhotoUrls.of("http://h", "v", 400).equals(PhotoUrls.of("http://g", "v", 400)));
  }
}

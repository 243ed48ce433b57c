package io.keybox.schema.openhouse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.schema.ClassIndex;
import io.keybox.schema.SchemaVersion;
import io.keybox.schema.listing.IdxRule;
import io.keybox.schema.listing.ListingDocuments;
import io.keybox.schema.listing.ListingFields;
import io.keybox.schema.listing.ListingQueries;
import io.keybox.schema.listing.ListingRecord;
import io.keybox.schema.listing.ListingSource;
import io.keybox.schema.shape.InvalidRecordException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.Sort;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Open house documents next to listing documents in one index: listing filters apply to the open
 * house through its listing, listing queries never see open houses, and the stored JSON embeds the
 * listing with its optional blocks.
 */
class OpenHouseRoundTripTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  // Listing 7: Katy RES 300000 with a room; listing 8: Houston RNT 1500, listing display false.
  private static final String LISTING_7 =
      "{'mlsId':7,'listingId':'K-7','listPrice':300000,'property':{'type':'RES','bedrooms':3,"
          + "'rooms':[{'type':'Kitchen'}]},'address':{'city':'Katy'},'mls':{'status':'Active'}}";
  private static final String LISTING_8 =
      "{'mlsId':8,'listingId':'H-8','listPrice':1500,'internetEntireListingDisplay':false,"
          + "'property':{'type':'RNT'},'address':{'city':'Houston'},'mls':{'status':'Active'}}";

  @RegisterExtension
  static final ClassIndex index = ClassIndex.sortedAsVendorIndexes(OpenHouseRoundTripTest::write);

  private static JsonNode json(String singleQuoted) throws IOException {
    return JSON.readTree(singleQuoted.replace('\'', '"'));
  }

  private static void write(IndexWriter writer) throws Exception {
    ListingRecord seven = ListingRecord.parse(json(LISTING_7));
    ListingRecord eight = ListingRecord.parse(json(LISTING_8));
    OpenHouseDocuments openHouses = new OpenHouseDocuments(JSON);
    ListingDocuments listings = new ListingDocuments(JSON);
    writer.addDocument(listings.toDocument(seven));
    writer.addDocument(listings.toDocument(eight));
    writer.addDocument(
        openHouses.toDocument(
            OpenHouseRecord.parse(
                    json(
                        "{'openHouseId':'OH1','startTime':'2026-11-08T18:00:00Z',"
                            + "'type':'Public','listing':{'listingId':'K-7'}}"))
                .withKey(30),
            seven));
    writer.addDocument(
        openHouses.toDocument(
            OpenHouseRecord.parse(
                    json(
                        "{'openHouseId':'OH2','startTime':'2026-11-07T18:00:00Z',"
                            + "'listing':{'mlsId':8}}"))
                .withKey(10),
            eight));
    writer.addDocument(
        openHouses.toDocument(
            OpenHouseRecord.parse(
                    json("{'openHouseId':'OH3','startTime':'2026-11-09','listing':{'mlsId':7}}"))
                .withKey(20),
            seven));
  }

  private static List<Long> keys(Query condition, Sort sort) throws IOException {
    return keys(index.searcher().search(openHouses(condition), 10, sort).scoreDocs);
  }

  private static Query openHouses(Query condition) {
    return ClassIndex.allOf(OpenHouseQueries.allOpenHouses(), condition);
  }

  private static List<Long> keys(ScoreDoc[] hits) throws IOException {
    List<Long> keys = new ArrayList<>();
    for (ScoreDoc hit : hits) {
      byte[] bytes =
          OpenHouseSource.load(index.searcher().storedFields(), hit.doc, false, false)
              .toBytes(false, false);
      keys.add(JSON.readTree(bytes).get("openHouseKey").asLong());
    }
    return keys;
  }

  @Test
  void listingFiltersApplyThroughTheListing() throws IOException {
    Query all = OpenHouseQueries.allOpenHouses();
    assertEquals(List.of(10L, 20L, 30L), keys(all, OpenHouseSort.BY_KEY));
    assertEquals(List.of(20L, 30L), keys(ListingFields.CITY.is("KATY"), OpenHouseSort.BY_KEY));
    assertEquals(
        List.of(20L, 30L),
        keys(ListingFields.LIST_PRICE.range(2000.0, null), OpenHouseSort.BY_KEY));
    assertEquals(
        List.of(20L, 30L), keys(IdxRule.NULL.filter().orElseThrow(), OpenHouseSort.BY_KEY));
    assertEquals(List.of(10L), keys(OpenHouseQueries.byKey(10), OpenHouseSort.BY_KEY));
    assertEquals(
        2,
        index.searcher().count(ListingQueries.allListings()),
        "listing queries see listings only");
  }

  @Test
  void sortsByStartTimeAndListingFieldsTieBrokenByKey() throws IOException {
    Query all = OpenHouseQueries.allOpenHouses();
    // Starts: 10 on 11-07, 30 on 11-08, 20 on 11-09 (a bare date: its start in UTC).
    assertEquals(List.of(10L, 30L, 20L), keys(all, OpenHouseSort.STARTTIME.sort(false)));
    assertEquals(List.of(20L, 30L, 10L), keys(all, OpenHouseSort.STARTTIME.sort(true)));
    // Prices: 10 = 1500, 20 and 30 = 300000 (same listing): the tie goes by key.
    assertEquals(List.of(20L, 30L, 10L), keys(all, OpenHouseSort.LISTPRICE.sort(true)));
    assertEquals(
        List.of("starttime", "-starttime"), OpenHouseSort.parameterValues().subList(8, 10));
  }

  @Test
  void storedJsonEmbedsTheListingWithItsOptionalBlocks() throws IOException {
    ScoreDoc hit = index.searcher().search(OpenHouseQueries.byKey(30), 1).scoreDocs[0];
    JsonNode plain =
        JSON.readTree(
            OpenHouseSource.load(index.searcher().storedFields(), hit.doc, false, false)
                .toBytes(false, false));
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
        iterable(plain));
    assertEquals("2026-11-08T18:00:00Z", plain.get("startTime").asText());
    assertTrue(plain.get("endTime").isNull());
    assertEquals(7, plain.at("/listing/mlsId").asLong());
    assertTrue(plain.at("/listing/property/rooms").isMissingNode());
    JsonNode full =
        JSON.readTree(
            OpenHouseSource.load(index.searcher().storedFields(), hit.doc, true, true)
                .toBytes(true, true));
    assertEquals("Kitchen", full.at("/listing/property/rooms/0/type").asText());
    assertEquals("{}", full.get("listing").get("compliance").toString(), "an object, never null");
  }

  @Test
  void aListingIsFoundByItsMlsIdAndItsOpenHousesAreNot() throws Exception {
    // Listing 7 has two open houses, which carry its fields, its mlsId among them.
    assertEquals(2, index.searcher().count(OpenHouseQueries.ofListing(7)));
    for (int schemaVersion : new int[] {SchemaVersion.CURRENT, 2, SchemaVersion.UNRECORDED}) {
      ScoreDoc[] hits =
          index.searcher().search(ListingQueries.byMlsId(7, schemaVersion), 10).scoreDocs;
      assertEquals(1, hits.length, "schema " + schemaVersion);
      assertEquals(
          7,
          new ListingDocuments(JSON)
              .stored(index.searcher().storedFields(), hits[0].doc)
              .mlsId()
              .getAsLong());
      assertEquals(0, index.searcher().count(ListingQueries.byMlsId(9, schemaVersion)));
    }
  }

  @Test
  void anIndexOfAnEarlierSchemaHasNoKeyTermsButItsListingsAreFoundByPoint() throws Exception {
    try (ByteBuffersDirectory earlier = new ByteBuffersDirectory()) {
      try (IndexWriter writer = new IndexWriter(earlier, new IndexWriterConfig())) {
        Document doc = new ListingDocuments(JSON).toDocument(ListingRecord.parse(json(LISTING_7)));
        doc.removeFields("listingMlsId"); // as version 2 wrote it
        writer.addDocument(doc);
      }
      try (DirectoryReader old = DirectoryReader.open(earlier)) {
        IndexSearcher oldSearcher = new IndexSearcher(old);
        assertEquals(1, oldSearcher.count(ListingQueries.byMlsId(7, 2)));
        assertEquals(0, oldSearcher.count(ListingQueries.byMlsId(7, SchemaVersion.CURRENT)));
      }
    }
  }

  @Test
  void theKeyOfAListingReplacesOrRemovesItAloneNotItsOpenHouses() throws Exception {
    try (ByteBuffersDirectory copy = new ByteBuffersDirectory()) {
      try (IndexWriter writer = new IndexWriter(copy, new IndexWriterConfig())) {
        writer.addIndexes(index.directory());
        writer.updateDocument(
            ListingDocuments.key(7),
            new ListingDocuments(JSON)
                .toDocument(
                    ListingRecord.parse(
                        json(LISTING_7.replace("'listPrice':300000", "'listPrice':1")))));
        writer.deleteDocuments(ListingDocuments.key(8));
      }
      try (DirectoryReader after = DirectoryReader.open(copy)) {
        IndexSearcher afterSearcher = new IndexSearcher(after);
        ScoreDoc[] seven = afterSearcher.search(ListingQueries.byMlsId(7), 10).scoreDocs;
        assertEquals(1, seven.length);
        assertEquals(
            1,
            new ListingDocuments(JSON)
                .stored(afterSearcher.storedFields(), seven[0].doc)
                .tree()
                .get("listPrice")
                .asLong());
        assertEquals(0, afterSearcher.count(ListingQueries.byMlsId(8)));
        assertEquals(2, afterSearcher.count(OpenHouseQueries.ofListing(7)));
      }
    }
  }

  @Test
  void aStoredListingReadsBackAsTheRecordItWasMadeFrom() throws Exception {
    ScoreDoc hit = index.searcher().search(ListingQueries.byMlsId(7), 1).scoreDocs[0];
    ListingRecord stored =
        new ListingDocuments(JSON).stored(index.searcher().storedFields(), hit.doc);
    assertEquals(7, stored.mlsId().getAsLong());
    assertEquals("K-7", stored.listingId());
    assertEquals("Kitchen", stored.tree().at("/property/rooms/0/type").asText());
    // Rendered again, byte for byte what the index holds, rooms and compliance included.
    assertEquals(
        new String(
            ListingSource.load(index.searcher().storedFields(), hit.doc, true, true)
                .toBytes(true, true),
            java.nio.charset.StandardCharsets.UTF_8),
        new String(
            ListingSource.render(stored.tree(), JSON).toBytes(true, true),
            java.nio.charset.StandardCharsets.UTF_8));
  }

  @Test
  void theOpenHousesOfAListingAreFoundByItsMlsId() throws IOException {
    assertEquals(List.of(20L, 30L), keys(OpenHouseQueries.ofListing(7), OpenHouseSort.BY_KEY));
    assertEquals(List.of(10L), keys(OpenHouseQueries.ofListing(8), OpenHouseSort.BY_KEY));
    assertEquals(List.of(), keys(OpenHouseQueries.ofListing(9), OpenHouseSort.BY_KEY));
  }

  @Test
  void aRejoinedOpenHouseKeepsItsOwnMembersAndTakesTheNewListing() throws Exception {
    ScoreDoc hit = index.searcher().search(OpenHouseQueries.byKey(30), 1).scoreDocs[0];
    ListingRecord newSeven =
        ListingRecord.parse(
            json(
                "{'mlsId':7,'listingId':'K-7','listPrice':250000,'property':{'type':'RES'},"
                    + "'address':{'city':'Fulshear'},'mls':{'status':'Pending'}}"));
    try (ByteBuffersDirectory rejoined = new ByteBuffersDirectory()) {
      try (IndexWriter writer = new IndexWriter(rejoined, new IndexWriterConfig())) {
        writer.addDocument(
            new OpenHouseDocuments(JSON)
                .rejoin(index.searcher().storedFields(), hit.doc, newSeven));
      }
      try (DirectoryReader again = DirectoryReader.open(rejoined)) {
        IndexSearcher search = new IndexSearcher(again);
        assertEquals(1, search.count(OpenHouseQueries.byKey(30)));
        assertEquals(0, search.count(ListingFields.CITY.is("KATY")));
        assertEquals(1, search.count(ListingFields.CITY.is("FULSHEAR")));
        assertEquals(1, search.count(ListingFields.LIST_PRICE.range(250000.0, 250000.0)));
        String stored =
            new String(
                OpenHouseSource.load(search.storedFields(), 0, false, false).toBytes(false, false),
                java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(
            stored.startsWith(
                "{\"openHouseKey\":30,\"openHouseId\":\"OH1\","
                    + "\"startTime\":\"2026-11-08T18:00:00Z\",\"endTime\":null,"
                    + "\"type\":\"Public\",\"description\":null,\"refreshments\":null,"
                    + "\"listing\":{\"mlsId\":7,\"listingId\":\"K-7\",\"listPrice\":250000"),
            stored);
        assertEquals("Pending", JSON.readTree(stored).at("/listing/mls/status").asText());
      }
    }
  }

  @Test
  void theListingIsAReferenceOrAFullListing() throws Exception {
    assertEquals(
        new ListingLink.Reference(OptionalLong.of(4), Optional.of("X-4")),
        OpenHouseRecord.parse(
                json("{'openHouseId':'a','listing':{'mlsId':'4','listingId':' X-4'}}"))
            .link());
    ListingLink full =
        OpenHouseRecord.parse(
                json("{'openHouseId':'a','listing':{'listingId':'X-5','listPrice':100}}"))
            .link();
    assertEquals("X-5", assertInstanceOf(ListingLink.Embedded.class, full).listing().listingId());
  }

  @Test
  void badRecordsNameThePath() {
    assertEquals("openHouseId: required", reason("{'listing':{'mlsId':1}}"));
    assertEquals(
        "listing: required: a Listing, {\"mlsId\": ...} or {\"listingId\": \"...\"}",
        reason("{'openHouseId':'a'}"));
    assertEquals(
        "listing: a reference needs an mlsId or a listingId",
        reason("{'openHouseId':'a','listing':{'mlsId':null}}"));
    assertEquals(
        "listing.mlsId: must be 1..9007199254740991 (got: 0)",
        reason("{'openHouseId':'a','listing':{'mlsId':0}}"));
    assertEquals(
        "listing.listPrice: expected a number, got 'x'",
        reason("{'openHouseId':'a','listing':{'listingId':'L','listPrice':'x'}}"));
    assertEquals(
        "startTime: expected an ISO-8601 date or date-time, got 'soon'",
        reason("{'openHouseId':'a','startTime':'soon','listing':{'mlsId':1}}"));
    assertEquals(
        "openHouseKey: must be 1..9007199254740991 (got: -3)",
        reason("{'openHouseId':'a','openHouseKey':-3,'listing':{'mlsId':1}}"));
  }

  private static String reason(String record) {
    return assertThrows(InvalidRecordException.class, () -> OpenHouseRecord.parse(json(record)))
        .getMessage();
  }

  private static List<String> iterable(JsonNode node) {
    List<String> keys = new ArrayList<>();
    node.fieldNames().forEachRemaining(keys::add);
    return keys;
  }
}

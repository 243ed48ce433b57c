package io.keybox.indexer.reso;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.indexer.build.BuildReport;
import io.keybox.indexer.build.FeedDumps;
import io.keybox.indexer.build.PublishedIndex;
import io.keybox.indexer.build.Reject;
import io.keybox.indexer.build.VendorIndexBuilder;
import io.keybox.indexer.build.VendorLayout;
import io.keybox.indexer.feed.FeedFormat;
import io.keybox.schema.RecordKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real-shaped RESO records (src/test/resources/reso-samples), hand-written from the RESO Data
 * Dictionary's field names and types the way MLS replications deliver them: a pretty-printed JSON
 * array of Property records with Decimal amounts in cents, repeated ListingKeys, a listing without
 * a type and one MLS Grid withdraws ({@code MlgCanView: false}); pretty-printed OpenHouse records
 * that name their listing by ListingKey and repeat an OpenHouseId; Member records without a
 * MemberMlsId. Every expected value below is worked out by hand from the sample files.
 */
class ResoSamplesTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path SAMPLES = Path.of("src", "test", "resources", "reso-samples");

  @TempDir Path dir;

  private VendorLayout layout;
  private BuildReport full;

  private static VendorIndexBuilder builder() {
    return new VendorIndexBuilder(JSON, Clock.fixed(Instant.EPOCH, ZoneOffset.UTC), 2);
  }

  @BeforeEach
  void indexTheFullDump() throws IOException {
    layout = new VendorLayout(dir, "mred");
    full =
        builder()
            .rebuild(
                layout,
                new FeedDumps(
                    SAMPLES.resolve("Property.json"),
                    Optional.of(SAMPLES.resolve("OpenHouse.json")),
                    Optional.of(SAMPLES.resolve("Member.json"))),
                FeedFormat.RESO,
                false);
  }

  /** listingId → the served listing JSON of the vendor's current commit. */
  private Map<String, JsonNode> listings() throws IOException {
    Map<String, JsonNode> listings = new TreeMap<>();
    for (JsonNode listing : records(RecordKind.LISTING)) {
      listings.put(listing.get("listingId").asText(), listing);
    }
    return listings;
  }

  private List<JsonNode> records(RecordKind kind) throws IOException {
    return switch (kind) {
      case LISTING -> PublishedIndex.listings(layout, false);
      case OPEN_HOUSE -> PublishedIndex.openHouses(layout, kind.query());
      case AGENT -> PublishedIndex.agents(layout);
    };
  }

  @Test
  void theFullDumpIsReadAsAJsonArrayWithTheLineEachRecordStartsOn() {
    assertTrue(full.published(), full.refusal());
    // 8 records: the 8th (line 107) has a price of "call agent".
    assertEquals(8, full.read());
    assertEquals(
        List.of(new Reject(107, "listPrice: expected a number, got 'call agent'")),
        full.rejects().stream().filter(r -> r.dump().equals(Reject.LISTINGS)).toList());
  }

  @Test
  void decimalAmountsWithCentsAreRoundedHalfUp() throws IOException {
    JsonNode house = listings().get("MRD11890021");
    assertEquals(2419, house.at("/property/area").asLong(), "LivingArea 2418.6");
    assertEquals(3, house.at("/property/parking/spaces").asLong(), "ParkingTotal 2.5");
    assertEquals(8296, house.at("/tax/taxAnnualAmount").asLong(), "TaxAnnualAmount 8295.87");
    assertEquals(42, house.at("/association/fee").asLong(), "AssociationFee 41.67");
    assertEquals(
        301251, listings().get("MRD11890455").at("/sales/closePrice").asLong(), "301250.5");
  }

  @Test
  void theLatestCopyOfARepeatedListingWinsAndTheOthersAreSuperseded() throws IOException {
    assertEquals(2, full.superseded(), "the older copy of ...021 and the first of ...1000");
    Map<String, JsonNode> listings = listings();
    assertEquals(489900, listings.get("MRD11890021").get("listPrice").asLong(), "newer first");
    assertEquals(245000, listings.get("MRD11891000").get("listPrice").asLong(), "newer later");
    assertEquals(
        List.of("MRD11890021", "MRD11890455", "MRD11891000", "MRD11892222"),
        new ArrayList<>(listings.keySet()));
    assertEquals(4, full.listings());
    assertEquals(1, listings.get("MRD11890021").get("mlsId").asLong());
    assertEquals(2, listings.get("MRD11890455").get("mlsId").asLong());
    assertEquals(3, listings.get("MRD11891000").get("mlsId").asLong());
    assertEquals(4, listings.get("MRD11892222").get("mlsId").asLong());
  }

  @Test
  void aListingWithoutATypeIsCountedAndAWithdrawnOneIsSkipped() throws IOException {
    assertEquals(1, full.untyped(), "MRD11892222 has no PropertyType");
    assertTrue(listings().get("MRD11892222").at("/property/type").isNull());
    assertEquals(1, full.hidden(), "MRD11893333 has MlgCanView: false");
    assertFalse(listings().containsKey("MRD11893333"));
  }

  @Test
  void agentsOfEveryRoleAreMappedWithNamesSplitFromTheFullName() throws IOException {
    JsonNode house = listings().get("MRD11890021");
    assertEquals("MRD-44120", house.at("/agent/id").asText());
    assertEquals("Jennifer", house.at("/agent/firstName").asText());
    assertEquals("Okafor", house.at("/agent/lastName").asText());
    assertEquals("630-555-0142", house.at("/agent/contact/office").asText(), "direct line first");
    assertEquals("630-555-0199", house.at("/agent/contact/cell").asText());
    assertEquals("MRD-OF7", house.at("/agent/officeMlsId").asText());
    assertEquals("MRD-52011", house.at("/coAgent/id").asText());
    assertEquals("Tomasz", house.at("/coAgent/firstName").asText());
    assertEquals("Nowak", house.at("/coAgent/lastName").asText());
    assertEquals("tnowak@prairie.example", house.at("/coAgent/contact/email").asText());
    assertEquals("Prairie Path Realty", house.at("/office/name").asText(), "trimmed");
    assertEquals("630-555-0100", house.at("/office/contact/office").asText());

    JsonNode sold = listings().get("MRD11890455");
    assertEquals("Ana", sold.at("/sales/agent/firstName").asText(), "first and last win");
    assertEquals("Lopez", sold.at("/sales/agent/lastName").asText());
    assertEquals("MRD-70001", sold.at("/sales/agent/id").asText());
    assertEquals("ana@lakeshore.example", sold.at("/sales/agent/contact/email").asText());
    assertEquals("312-555-0177", sold.at("/sales/agent/contact/cell").asText());
    assertEquals("Lakeshore Homes", sold.at("/sales/office/name").asText());
    assertEquals("MRD-OF9", sold.at("/sales/office/brokerid").asText());
    assertEquals("312-555-0150", sold.at("/sales/office/contact/office").asText());
    assertEquals("desk@lakeshore.example", sold.at("/sales/office/contact/email").asText());
    assertEquals("2026-09-30T00:00:00Z", sold.at("/sales/closeDate").asText());
    assertEquals("CND", sold.at("/property/type").asText());
  }

  @Test
  void datesLotSizeMediaAndAddressesAreMapped() throws IOException {
    JsonNode house = listings().get("MRD11890021");
    assertEquals("2026-10-03T00:00:00Z", house.get("listDate").asText(), "OnMarketDate");
    assertEquals(
        "2026-08-01T00:00:00Z",
        listings().get("MRD11890455").get("listDate").asText(),
        "ListingContractDate before OnMarketDate");
    assertEquals(0.25, house.at("/property/acres").asDouble(), "10,890 sq ft");
    assertEquals(10890, house.at("/property/lotSizeArea").asLong());
    assertEquals("Square Feet", house.at("/property/lotSizeAreaUnits").asText());
    assertEquals(
        "[\"https://media.example/11890021/1.jpg\",\"https://media.example/11890021/2.jpg\","
            + "\"https://media.example/11890021/3.jpg\"]",
        house.get("photos").toString());
    assertEquals("1520 N Wolcott Ave", house.at("/address/full").asText());
    assertEquals("Naperville", house.at("/address/city").asText());
    assertEquals("2026-10-20T14:02:11.120Z", house.get("modified").asText());
  }

  @Test
  void openHousesJoinByListingKeyAndAreKeptByTheirOpenHouseKey() throws IOException {
    assertEquals(2, full.openHouses());
    assertEquals(
        List.of(
            new Reject(
                Reject.OPEN_HOUSES, 18, "OpenHouseKey: duplicate 'OHK-9001' (first at line 1)")),
        full.rejects().stream().filter(r -> r.dump().equals(Reject.OPEN_HOUSES)).toList());
    Map<Long, JsonNode> byKey = new TreeMap<>();
    for (JsonNode openHouse : records(RecordKind.OPEN_HOUSE)) {
      byKey.put(openHouse.get("openHouseKey").asLong(), openHouse);
    }
    assertEquals(List.of(1L, 2L), new ArrayList<>(byKey.keySet()));
    // Only a ListingKey: joined with the listing whose ListingKey it is, not by listingId.
    assertEquals("OH-1", byKey.get(1L).get("openHouseId").asText());
    assertEquals("MRD11890021", byKey.get(1L).at("/listing/listingId").asText());
    assertEquals(1, byKey.get(1L).at("/listing/mlsId").asLong());
    // The same OpenHouseId, another OpenHouseKey: another open house.
    assertEquals("OH-1", byKey.get(2L).get("openHouseId").asText());
    assertEquals(3, byKey.get(2L).at("/listing/mlsId").asLong());
    assertEquals(245000, byKey.get(2L).at("/listing/listPrice").asLong(), "the winning copy");
  }

  @Test
  void aMemberWithoutAnMlsIdIsKeptByItsMemberKey() throws IOException {
    assertEquals(2, full.agents());
    Map<String, JsonNode> agents = new TreeMap<>();
    for (JsonNode agent : records(RecordKind.AGENT)) {
      agents.put(agent.get("id").asText(), agent);
    }
    assertEquals(List.of("MK-2", "MRD-44120"), new ArrayList<>(agents.keySet()));
    assertEquals("Nowak", agents.get("MK-2").get("lastName").asText());
  }

  @Test
  void anIncrementalRunRemovesWithdrawnListingsAndJoinsOpenHousesOfTheIndexByListingKey()
      throws IOException {
    BuildReport changes =
        builder()
            .update(
                layout,
                new FeedDumps(
                    SAMPLES.resolve("Property-changes.ndjson"),
                    Optional.of(SAMPLES.resolve("OpenHouse-changes.ndjson")),
                    Optional.empty()),
                FeedFormat.RESO);
    assertTrue(changes.published(), changes.refusal());
    assertEquals(2, changes.read());
    assertEquals(1, changes.listings(), "MRD11892222, now with a type");
    assertEquals(1, changes.deleted(), "MRD11890455: MlgCanView false");
    assertEquals(0, changes.untyped());
    assertEquals(List.of(), changes.rejects());
    Map<String, JsonNode> listings = listings();
    assertEquals(
        List.of("MRD11890021", "MRD11891000", "MRD11892222"), new ArrayList<>(listings.keySet()));
    assertEquals("RES", listings.get("MRD11892222").at("/property/type").asText());
    assertEquals(169000, listings.get("MRD11892222").get("listPrice").asLong());

    // OHK-9003 names by ListingKey a listing only the index holds.
    JsonNode added =
        records(RecordKind.OPEN_HOUSE).stream()
            .filter(o -> o.get("openHouseId").asText().equals("OH-3"))
            .findFirst()
            .orElseThrow();
    assertEquals(1, added.at("/listing/mlsId").asLong());
    assertEquals("MRD11890021", added.at("/listing/listingId").asText());
  }

  @Test
  void aRunThatPublishesNothingLeavesItsOwnRejectsFileNotThePreviousOne() throws IOException {
    assertEquals(2, Files.readAllLines(layout.rejects()).size(), "the full run's two rejects");
    Path cut = dir.resolve("cut.json");
    String whole = Files.readString(SAMPLES.resolve("Property.json"));
    Files.writeString(cut, whole.substring(0, whole.length() / 2));
    try {
      builder().rebuild(layout, FeedDumps.listingsOnly(cut), FeedFormat.RESO, false);
    } catch (io.keybox.indexer.build.UnreadableDumpException expected) {
      // the dump is cut short: nothing is published
    }
    assertEquals(List.of(), Files.readAllLines(layout.rejects()));
    assertEquals(4, listings().size(), "the previous commit still serves");
  }
}

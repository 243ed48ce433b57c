package io.keybox.indexer.reso;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.indexer.build.BuildReport;
import io.keybox.indexer.build.PublishedIndex;
import io.keybox.indexer.build.Reject;
import io.keybox.indexer.build.VendorIndexBuilder;
import io.keybox.indexer.build.VendorLayout;
import io.keybox.indexer.feed.FeedFormat;
import io.keybox.schema.reso.ResoField;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** RESO import over the hand-written data/fixtures/reso, expected values read off the fixture. */
class ResoImportTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path FIXTURE = Path.of("..", "data", "fixtures", "reso");

  @TempDir Path dir;

  private BuildReport index(VendorLayout layout, Path dump) throws IOException {
    return new VendorIndexBuilder(JSON, Clock.fixed(Instant.EPOCH, ZoneOffset.UTC), 2)
        .rebuild(
            layout, io.keybox.indexer.build.FeedDumps.listingsOnly(dump), FeedFormat.RESO, true);
  }

  /** listingId → the served listing JSON (with rooms) of the vendor's current commit. */
  private static Map<String, JsonNode> published(VendorLayout layout) throws IOException {
    return PublishedIndex.byMember(PublishedIndex.listings(layout, true), "listingId");
  }

  @Test
  void ndjsonRecordsAreMappedOntoTheListingShape() throws IOException {
    VendorLayout layout = new VendorLayout(dir, "reso");
    BuildReport report = index(layout, FIXTURE.resolve("property.ndjson"));
    assertEquals(
        List.of(
            new Reject(4, "not valid JSON"),
            new Reject(5, "listPrice: expected a number, got 'cheap'")),
        report.rejects());
    Map<String, JsonNode> listings = published(layout);
    assertEquals(
        List.of("HAR-5001", "HAR-5002", "HAR-5003", "K-6"), new ArrayList<>(listings.keySet()));

    JsonNode first = listings.get("HAR-5001");
    assertEquals(1, first.get("mlsId").asLong());
    assertEquals("Active", first.at("/mls/status").asText());
    assertEquals("RES", first.at("/property/type").asText());
    assertEquals("SingleFamilyResidence", first.at("/property/subType").asText());
    assertEquals(325000, first.get("listPrice").asLong());
    assertEquals(3, first.at("/property/bedrooms").asInt());
    assertEquals(2, first.at("/property/bathsFull").asInt());
    assertEquals(1, first.at("/property/bathsHalf").asInt());
    assertEquals(1850, first.at("/property/area").asInt());
    assertEquals(0.21, first.at("/property/acres").asDouble());
    assertEquals("High Ceiling, Wet Bar", first.at("/property/interiorFeatures").asText());
    assertEquals("Heights", first.at("/property/subdivision").asText());
    assertEquals("W Oak Dr", first.at("/address/streetName").asText());
    assertEquals(1204, first.at("/address/streetNumber").asInt());
    assertEquals("1204 W Oak Dr", first.at("/address/full").asText());
    assertEquals("77008", first.at("/address/postalCode").asText());
    assertEquals(29.7851, first.at("/geo/lat").asDouble());
    assertEquals("Harris", first.at("/geo/county").asText());
    assertEquals("Heights/Greater Heights", first.at("/mls/area").asText());
    assertEquals("AG100", first.at("/agent/id").asText());
    assertEquals("Reyes", first.at("/agent/lastName").asText());
    assertEquals("Bayou Realty", first.at("/office/name").asText());
    assertEquals("OF10", first.at("/office/brokerid").asText());
    assertEquals(true, first.get("internetAddressDisplay").asBoolean());
    assertEquals(false, first.get("internetEntireListingDisplay").asBoolean());
    assertEquals("2026-10-01T00:00:00Z", first.get("listDate").asText());
    assertEquals("2026-10-20T15:30:00Z", first.get("modified").asText());
    assertEquals(
        "[\"https://m.example/1.jpg\",\"https://m.example/2.jpg\"]",
        first.get("photos").toString());
    assertEquals("Kitchen", first.at("/property/rooms/0/type").asText());
    assertEquals(1, first.at("/property/rooms/0/level").intValue(), "RoomLevel First is floor 1");
    assertTrue(first.at("/property/rooms/0/level").isInt());
    assertEquals("Island", first.at("/property/rooms/0/features").asText());

    JsonNode condo = listings.get("HAR-5002");
    assertEquals("Withdrawn", condo.at("/mls/status").asText(), "RESO Canceled");
    assertEquals("Canceled", condo.at("/mls/statusText").asText(), "without MlsStatus: as given");
    assertEquals("CND", condo.at("/property/type").asText());
    assertEquals(2, condo.at("/property/bathrooms").asInt());
    assertEquals("3333 Allen Pkwy #1204", condo.at("/address/full").asText());

    JsonNode lease = listings.get("HAR-5003");
    assertEquals("Closed", lease.at("/mls/status").asText());
    assertEquals("RNT", lease.at("/property/type").asText());
    assertEquals("2026-09-15T00:00:00Z", lease.at("/sales/closeDate").asText());
    assertEquals(2350, lease.at("/sales/closePrice").asInt());
    assertEquals("AG200", lease.at("/sales/agent/id").asText());

    JsonNode farm = listings.get("K-6");
    assertEquals("FRM", farm.at("/property/type").asText());
    assertEquals(80.5, farm.at("/property/acres").asDouble());
  }

  @Test
  void odataPagesAreStreamedWithTheLineWhereEachRecordStarts() throws IOException {
    VendorLayout layout = new VendorLayout(dir, "pages");
    BuildReport report = index(layout, FIXTURE.resolve("property-pages.json"));
    assertEquals(
        List.of(new Reject(13, "geo.lat: out of range -90.0..90.0, got 500")), report.rejects());
    Map<String, JsonNode> listings = published(layout);
    assertEquals(List.of("HAR-6001", "HAR-6003"), new ArrayList<>(listings.keySet()));
    assertEquals("MLF", listings.get("HAR-6001").at("/property/type").asText());
    assertEquals("Pending", listings.get("HAR-6001").at("/mls/status").asText());
    assertEquals("MBL", listings.get("HAR-6003").at("/property/type").asText());
    assertEquals("ComingSoon", listings.get("HAR-6003").at("/mls/status").asText());
  }

  @Test
  void idsFollowTheListingKeyEvenWhenTheMlsNumberChanges() throws IOException {
    VendorLayout layout = new VendorLayout(dir, "stable");
    index(layout, FIXTURE.resolve("property.ndjson"));
    Path second = dir.resolve("second.ndjson");
    Files.writeString(
        second,
        "{\"ListingKey\":\"K-9\",\"ListingId\":\"HAR-9009\",\"StandardStatus\":\"Active\"}\n"
            + "{\"ListingKey\":\"K-1\",\"ListingId\":\"HAR-7777\",\"StandardStatus\":\"Active\"}\n");
    index(layout, second);
    Map<String, JsonNode> listings = published(layout);
    assertEquals(1, listings.get("HAR-7777").get("mlsId").asLong(), "K-1 keeps mlsId 1");
    assertEquals(5, listings.get("HAR-9009").get("mlsId").asLong(), "after K-1, K-2, K-3, K-6");
  }

  @Test
  void openHousesAndMembersAreMappedAndJoinedWithTheListings() throws IOException {
    VendorLayout layout = new VendorLayout(dir, "full");
    BuildReport report =
        new VendorIndexBuilder(JSON, Clock.fixed(Instant.EPOCH, ZoneOffset.UTC), 2)
            .rebuild(
                layout,
                new io.keybox.indexer.build.FeedDumps(
                    FIXTURE.resolve("property.ndjson"),
                    java.util.Optional.of(FIXTURE.resolve("openhouse.ndjson")),
                    java.util.Optional.of(FIXTURE.resolve("member.json"))),
                FeedFormat.RESO,
                true);
    assertEquals(2, report.openHouses());
    assertEquals(2, report.agents(), "M2 has no MemberMlsId: its id is its MemberKey");
    List<Reject> rejects =
        report.rejects().stream().filter(r -> !r.dump().equals(Reject.LISTINGS)).toList();
    assertEquals(1, rejects.size(), rejects.toString());
    assertEquals(Reject.OPEN_HOUSES, rejects.get(0).dump());
    assertEquals(3, rejects.get(0).line(), "OH-X names HAR-0000, which the dump lacks");

    Map<String, JsonNode> openHouses =
        PublishedIndex.byMember(
            PublishedIndex.openHouses(layout, io.keybox.schema.RecordKind.OPEN_HOUSE.query()),
            "openHouseId");
    List<JsonNode> agents = PublishedIndex.agents(layout);
    assertEquals(2, agents.size());
    Map<String, JsonNode> byId = PublishedIndex.byMember(agents, "id");
    assertEquals(List.of("AG100", "M2"), new ArrayList<>(byId.keySet()));
    assertEquals("Id", byId.get("M2").get("lastName").asText());
    JsonNode agent = byId.get("AG100");
    assertEquals(List.of("OH-5001-A", "OHK-2"), new ArrayList<>(openHouses.keySet()));
    JsonNode first = openHouses.get("OH-5001-A");
    assertEquals("2026-11-07T19:00:00Z", first.get("startTime").asText());
    assertEquals("2026-11-07T21:00:00Z", first.get("endTime").asText());
    assertEquals("Public", first.get("type").asText());
    assertEquals("Meet the agent", first.get("description").asText());
    assertEquals("Lemonade", first.get("refreshments").asText());
    assertEquals("HAR-5001", first.at("/listing/listingId").asText());
    assertEquals(1, first.at("/listing/mlsId").asLong());
    assertEquals("K-6", openHouses.get("OHK-2").at("/listing/listingId").asText());
    assertEquals("Broker", openHouses.get("OHK-2").get("type").asText());

    assertEquals("AG100", agent.get("id").asText());
    assertEquals("Reyes", agent.get("lastName").asText());
    assertEquals("OF10", agent.get("officeMlsId").asText());
    assertEquals("dana@bayou.example", agent.at("/contact/email").asText());
    assertEquals("713-555-0101", agent.at("/contact/cell").asText());
    assertEquals("Houston", agent.at("/address/city").asText());
    assertEquals("1 Bayou Pl", agent.at("/address/full").asText());
  }

  @Test
  void theDocumentedTableIsTheTableInCode() throws IOException {
    String doc = Files.readString(Path.of("..", "docs", "reso-mapping.md"));
    Matcher row = Pattern.compile("(?m)^\\| `([^`]+)` \\| `([^`]+)` \\| (\\w+) \\|").matcher(doc);
    List<String> documented = new ArrayList<>();
    while (row.find()) {
      documented.add(row.group(1) + " -> " + row.group(2) + " (" + row.group(3) + ")");
    }
    List<String> coded = new ArrayList<>();
    List<ResoField> tables = new ArrayList<>(ResoListingMapping.FIELDS);
    tables.addAll(ResoOpenHouseMapping.FIELDS);
    tables.addAll(ResoMemberMapping.FIELDS);
    for (ResoField field : tables) {
      coded.add(
          field.reso()
              + " -> "
              + field.listingPath()
              + " ("
              + field.conversion().name().toLowerCase(java.util.Locale.ROOT)
              + ")");
    }
    assertTrue(documented.size() > 100, "the doc's table was found");
    assertEquals(coded, documented);
  }
}

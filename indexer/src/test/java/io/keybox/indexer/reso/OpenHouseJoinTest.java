package io.keybox.indexer.reso;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A RESO open house joins its listing by ListingKey first, RESO's foreign key that names it
 * exactly; its ListingId (a display number, which may name no listing or another one) only when it
 * has no key or its key names no listing. A full run and an incremental run that finds the listing
 * in the index.
 */
final class OpenHouseJoinTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  private static final String LISTINGS =
      """
      {"ListingKey":"K-1","ListingId":"MLS-1","StandardStatus":"Active","PropertyType":"Residential","ListPrice":100000}
      {"ListingKey":"K-2","ListingId":"MLS-2","StandardStatus":"Active","PropertyType":"Residential","ListPrice":200000}
      """;

  private static final String OPEN_HOUSES =
      """
      {"OpenHouseKey":"OHK-1","ListingKey":"K-1","ListingId":"77001","OpenHouseStartTime":"2026-12-05T18:00:00Z","OpenHouseEndTime":"2026-12-05T20:00:00Z"}
      {"OpenHouseKey":"OHK-2","ListingKey":"K-1","ListingId":"MLS-2","OpenHouseStartTime":"2026-12-05T18:00:00Z","OpenHouseEndTime":"2026-12-05T20:00:00Z"}
      {"OpenHouseKey":"OHK-3","ListingId":"MLS-2","OpenHouseStartTime":"2026-12-05T18:00:00Z","OpenHouseEndTime":"2026-12-05T20:00:00Z"}
      {"OpenHouseKey":"OHK-4","ListingKey":"K-404","ListingId":"MLS-2","OpenHouseStartTime":"2026-12-05T18:00:00Z","OpenHouseEndTime":"2026-12-05T20:00:00Z"}
      {"OpenHouseKey":"OHK-5","ListingKey":"K-404","ListingId":"MLS-404","OpenHouseStartTime":"2026-12-05T18:00:00Z","OpenHouseEndTime":"2026-12-05T20:00:00Z"}
      """;

  private static VendorIndexBuilder builder() {
    return new VendorIndexBuilder(JSON, Clock.fixed(Instant.EPOCH, ZoneOffset.UTC), 2);
  }

  @Test
  void theListingKeyJoinsFirstAndTheListingIdOnlyWithoutAKeyThatJoins() throws IOException {
    VendorLayout layout = new VendorLayout(dir, "v");
    Path listings = Files.writeString(dir.resolve("Property.ndjson"), LISTINGS);

    BuildReport report =
        builder().rebuild(layout, withTheOpenHouses(listings), FeedFormat.RESO, false);

    assertEquals(4, report.openHouses(), report.rejects().toString());
    assertAllButOhk5Joined(report, layout, "the listings dump");
  }

  @Test
  void anIncrementalRunJoinsByTheKeyOfAListingOnlyTheIndexHolds() throws IOException {
    VendorLayout layout = new VendorLayout(dir, "v");
    Path listings = Files.writeString(dir.resolve("Property.ndjson"), LISTINGS);
    builder().rebuild(layout, FeedDumps.listingsOnly(listings), FeedFormat.RESO, false);
    Path none = Files.writeString(dir.resolve("none.ndjson"), "");

    BuildReport report = builder().update(layout, withTheOpenHouses(none), FeedFormat.RESO);

    assertAllButOhk5Joined(report, layout, "the listings dump or the index");
  }

  /**
   * OPEN_HOUSES as a run joins them: OHK-1 and OHK-2 by ListingKey K-1, OHK-3 by listingId alone,
   * OHK-4 by listingId after its ListingKey K-404 joined nothing; OHK-5 joins nothing and is the
   * one reject, found nowhere in {@code where}.
   */
  private static void assertAllButOhk5Joined(BuildReport report, VendorLayout layout, String where)
      throws IOException {
    assertEquals(
        List.of(
            new Reject(
                Reject.OPEN_HOUSES,
                5,
                "listing: no listing with ListingKey 'K-404' or listingId 'MLS-404' in " + where)),
        report.rejects());
    assertEquals(
        Map.of("OHK-1", "MLS-1", "OHK-2", "MLS-1", "OHK-3", "MLS-2", "OHK-4", "MLS-2"),
        openHouseListings(layout));
  }

  /** The RESO dumps {@code listings} and OPEN_HOUSES (written to OpenHouse.ndjson), no members. */
  private FeedDumps withTheOpenHouses(Path listings) throws IOException {
    Path openHouses = Files.writeString(dir.resolve("OpenHouse.ndjson"), OPEN_HOUSES);
    return new FeedDumps(listings, Optional.of(openHouses), Optional.empty());
  }

  /** openHouseId → the listingId of the listing embedded in it. */
  private static Map<String, String> openHouseListings(VendorLayout layout) throws IOException {
    Map<String, String> listingOf = new TreeMap<>();
    for (JsonNode openHouse : PublishedIndex.openHouses(layout, RecordKind.OPEN_HOUSE.query())) {
      listingOf.put(
          openHouse.get("openHouseId").asText(), openHouse.at("/listing/listingId").asText());
    }
    return listingOf;
  }
}

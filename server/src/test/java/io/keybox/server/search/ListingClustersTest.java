package io.keybox.server.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.keybox.schema.listing.ListingDocuments;
import io.keybox.schema.listing.ListingFilters;
import io.keybox.schema.listing.ListingRecord;
import io.keybox.server.index.TestSnapshots;
import io.keybox.server.query.FilterParser;
import io.keybox.server.query.FilterValues;
import io.keybox.server.query.Params;
import io.keybox.server.search.ListingClusters.Bounds;
import io.keybox.server.search.ListingClusters.Cluster;
import io.keybox.server.search.ListingClusters.Request;
import io.keybox.server.search.ListingClusters.Result;
import java.util.List;
import java.util.OptionalLong;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.junit.jupiter.api.Test;

/**
 * {@link ListingClusters} over a small index whose tiles were worked out by hand (the XYZ formula
 * at zooms 8 to 12): at zoom 10 + 2, listings 1 and 2 share tile (962, 1693), 3 and 4 share (960,
 * 1690), 5, 6 and 7 share (964, 1695); at zoom 10 they are three tiles, at zoom 9 one. Listings 4
 * and 6 may not show their address; 8 lies outside the box, 9 has no position. Each answer is
 * computed both ways, visiting every listing and from a snapshot's fine tiles, and must agree.
 */
class ListingClustersTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String HOUSTON = "bbox=-96,29,-95,30.5";

  /** idx=listing: listings whose address is hidden match (the default idx rule leaves them out). */
  private static final String HOUSTON_IDX_LISTING = HOUSTON + "&idx=listing";

  private static ObjectNode listing(long mlsId, Double lat, Double lng, long price) {
    ObjectNode listing = JSON.createObjectNode();
    listing.put("mlsId", mlsId).put("listingId", "L-" + mlsId).put("listPrice", price);
    listing.putObject("property").put("type", "RES");
    listing.putObject("mls").put("status", "Active");
    if (lat != null) {
      listing.putObject("geo").put("lat", lat).put("lng", lng);
    }
    return listing;
  }

  private static Result clusters(String query, Request request) throws Exception {
    List<ObjectNode> listings =
        List.of(
            listing(1, 29.76, -95.37, 300_000),
            listing(2, 29.7601, -95.3701, 500_000),
            listing(3, 29.95, -95.55, 400_000),
            listing(4, 29.9501, -95.5501, 450_000).put("internetAddressDisplay", false),
            listing(5, 29.60, -95.20, 200_000),
            listing(6, 29.6001, -95.2001, 250_000).put("internetAddressDisplay", false),
            listing(7, 29.6002, -95.2002, 350_000),
            listing(8, 40.0, -74.0, 900_000),
            listing(9, null, null, 100_000));
    try (ByteBuffersDirectory dir = new ByteBuffersDirectory()) {
      ListingDocuments documents = new ListingDocuments(JSON);
      try (IndexWriter writer = new IndexWriter(dir, new IndexWriterConfig())) {
        for (ObjectNode listing : listings) {
          writer.addDocument(documents.toDocument(ListingRecord.parse(listing)));
          if (listing.get("mlsId").asLong() == 4) {
            writer.commit(); // two segments
          }
        }
      }
      try (DirectoryReader reader = DirectoryReader.open(dir)) {
        FilterValues filter = FilterParser.parse(ListingFilters.TABLE, Params.parse(query));
        Result everyListing =
            new ListingClusters().compute(new IndexSearcher(reader), filter, request);
        Result fineTiles =
            new ListingClusters().compute(TestSnapshots.of("test", reader), filter, request);
        ClusterResults.assertSame(everyListing, fineTiles);
        return fineTiles;
      }
    }
  }

  @Test
  void listingsAreGroupedByTileAndAHiddenAddressCountsOnlyInClustersOfThree() throws Exception {
    Result result = clusters(HOUSTON_IDX_LISTING, new Request(10, 2, 200));

    assertEquals(10, result.zoom());
    assertEquals(6, result.totalCount(), "4 is left out of its cluster of two");
    assertEquals(3, result.clusters().size());
    Cluster pearland = result.clusters().get(0);
    assertEquals(3, pearland.count(), "6, hidden, counts in a cluster of three");
    assertEquals(29.6001, pearland.lat(), 1e-6);
    assertEquals(-95.2001, pearland.lng(), 1e-6);
    assertEquals(200_000, pearland.minPrice());
    assertEquals(350_000, pearland.maxPrice());
    assertEquals(OptionalLong.empty(), pearland.mlsId());
    Cluster downtown = result.clusters().get(1);
    assertEquals(2, downtown.count());
    assertEquals(29.76005, downtown.lat(), 1e-6);
    assertEquals(-95.37005, downtown.lng(), 1e-6);
    assertEquals(new Bounds(29.76, -95.3701, 29.7601, -95.37), round(downtown.bounds()));
    assertEquals(300_000, downtown.minPrice());
    assertEquals(500_000, downtown.maxPrice());
    Cluster single = result.clusters().get(2);
    assertEquals(1, single.count());
    assertEquals(OptionalLong.of(3), single.mlsId(), "only 3 is placed: 4 may not be");
    assertEquals(400_000, single.maxPrice());
  }

  @Test
  void tooManyTilesAreMergedIntoTheirParentsUntilFewEnough() throws Exception {
    // Three tiles at zoom 10 are more than two: at zoom 9 they are one.
    Result result = clusters(HOUSTON_IDX_LISTING, new Request(10, 2, 2));

    assertEquals(1, result.clusters().size());
    Cluster all = result.clusters().get(0);
    assertEquals(7, all.count(), "4 and 6 count in a cluster of seven");
    assertEquals(200_000, all.minPrice());
    assertEquals(500_000, all.maxPrice());
    assertEquals(
        (29.76 + 29.7601 + 29.95 + 29.9501 + 29.60 + 29.6001 + 29.6002) / 7, all.lat(), 1e-6);
  }

  @Test
  void theOtherFiltersApply() throws Exception {
    // The default idx rule leaves 4 and 6 out; up to 300000: 1 and 5, each alone in its tile.
    Result result = clusters(HOUSTON + "&maxprice=300000", new Request(10, 2, 200));
    assertEquals(2, result.totalCount());
    assertEquals(
        List.of(OptionalLong.of(1), OptionalLong.of(5)),
        result.clusters().stream()
            .map(Cluster::mlsId)
            .sorted(java.util.Comparator.comparingLong(OptionalLong::getAsLong))
            .toList());
  }

  @Test
  void zoomPrecisionAndMaxClustersAreChecked() {
    assertThrows(IllegalArgumentException.class, () -> new Request(23, 2, 200));
    assertThrows(IllegalArgumentException.class, () -> new Request(10, 9, 200));
    assertThrows(IllegalArgumentException.class, () -> new Request(10, 2, 0));
  }

  private static Bounds round(Bounds b) {
    return new Bounds(r(b.minLat()), r(b.minLng()), r(b.maxLat()), r(b.maxLng()));
  }

  private static double r(double v) {
    return Math.round(v * 1e6) / 1e6;
  }
}

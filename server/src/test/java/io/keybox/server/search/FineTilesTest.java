package io.keybox.server.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.keybox.schema.listing.ListingDocuments;
import io.keybox.schema.listing.ListingFilters;
import io.keybox.schema.listing.ListingRecord;
import io.keybox.server.index.Snapshot;
import io.keybox.server.index.TestSnapshots;
import io.keybox.server.query.FilterParser;
import io.keybox.server.query.FilterValues;
import io.keybox.server.query.Params;
import io.keybox.server.search.ListingClusters.Request;
import io.keybox.server.search.ListingClusters.Result;
import io.keybox.server.search.exec.EncodedTiles;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.apache.lucene.geo.GeoEncodingUtils;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.internal.hppc.LongObjectHashMap;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A snapshot's clusters from its {@link FineTiles} against the same clusters from every listing in
 * the box, over 3,000 listings of three segments and 400 viewports: listings and box edges on the
 * fine tiles' own edges, hidden addresses, listings without a position or a price, other filters,
 * every zoom a map uses, and boxes too thin to hold a whole fine tile.
 */
class FineTilesTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final EncodedTiles FINE = new EncodedTiles(FineTiles.ZOOM);
  private static ByteBuffersDirectory dir;
  private static DirectoryReader reader;
  // Counted as the listings are made: those with a position whose address may be shown.
  private static int placedAndShown;

  @BeforeAll
  static void index() throws Exception {
    Random random = new Random(34);
    dir = new ByteBuffersDirectory();
    ListingDocuments documents = new ListingDocuments(JSON);
    try (IndexWriter writer = new IndexWriter(dir, new IndexWriterConfig())) {
      for (int i = 1; i <= 3000; i++) {
        ObjectNode listing = JSON.createObjectNode();
        listing.put("mlsId", i).put("listingId", "L-" + i);
        if (random.nextInt(20) != 0) {
          listing.put("listPrice", 100_000 + random.nextInt(900_000));
        }
        listing.putObject("property").put("type", "RES");
        listing.putObject("mls").put("status", "Active");
        boolean hidden = random.nextInt(10) == 0;
        if (hidden) {
          listing.put("internetAddressDisplay", false);
        }
        if (random.nextInt(30) != 0) {
          placedAndShown += hidden ? 0 : 1;
          double[] point = point(random, 29.5, 30.1, -95.8, -95.1);
          listing.putObject("geo").put("lat", point[0]).put("lng", point[1]);
        }
        writer.addDocument(documents.toDocument(ListingRecord.parse(listing)));
        if (i % 1000 == 0) {
          writer.commit(); // three segments
        }
      }
    }
    reader = DirectoryReader.open(dir);
  }

  @AfterAll
  static void close() throws Exception {
    reader.close();
    dir.close();
  }

  /** A point in the box; one in four on (or one step off) the edge of a fine tile. */
  private static double[] point(
      Random random, double minLat, double maxLat, double minLng, double maxLng) {
    int lat = GeoEncodingUtils.encodeLatitude(minLat + random.nextDouble() * (maxLat - minLat));
    int lng = GeoEncodingUtils.encodeLongitude(minLng + random.nextDouble() * (maxLng - minLng));
    if (random.nextInt(4) == 0) {
      int[] row = FINE.rowLats(lat);
      lat = (random.nextBoolean() ? row[0] : row[1]) + random.nextInt(3) - 1;
      long column = FINE.column(lng);
      lng =
          (random.nextBoolean() ? FINE.firstLng(column) : FINE.lastLng(column))
              + random.nextInt(3)
              - 1;
    }
    return new double[] {
      GeoEncodingUtils.decodeLatitude(lat), GeoEncodingUtils.decodeLongitude(lng)
    };
  }

  @Test
  void everyViewAgreesWithAVisitOfEveryListingInIt() throws Exception {
    Random random = new Random(16);
    Snapshot snapshot = TestSnapshots.of("test", reader);
    IndexSearcher searcher = new IndexSearcher(reader);
    String[] others = {"", "&idx=listing", "&maxprice=500000", "&minprice=300000&idx=listing"};
    int[] maxClusters = {1, 5, 50, 200, 2000};
    for (int i = 0; i < 400; i++) {
      double height = Math.pow(10, -3 + random.nextDouble() * 3); // 0.001° to 1°
      double width = Math.pow(10, -3 + random.nextDouble() * 3);
      double[] corner = point(random, 29.4, 30.2 - height, -95.9, -95.0 - width);
      double[] far =
          point(
              random, corner[0] + height, corner[0] + height, corner[1] + width, corner[1] + width);
      far[0] = Math.max(far[0], corner[0]); // a snap to a tile's edge may cross the corner
      far[1] = Math.max(far[1], corner[1]);
      String query =
          String.format(Locale.ROOT, "bbox=%s,%s,%s,%s", corner[1], corner[0], far[1], far[0])
              + others[random.nextInt(others.length)];
      FilterValues filter = FilterParser.parse(ListingFilters.TABLE, Params.parse(query));
      Request request =
          new Request(
              random.nextInt(15),
              random.nextInt(3),
              maxClusters[random.nextInt(maxClusters.length)]);
      Result everyListing = new ListingClusters().compute(searcher, filter, request);
      Result fineTiles = new ListingClusters().compute(snapshot, filter, request);
      try {
        ClusterResults.assertSame(everyListing, fineTiles);
      } catch (AssertionError e) {
        throw new AssertionError(query + " " + request + ": " + e.getMessage(), e);
      }
    }
  }

  @Test
  void viewsToTheEdgesOfTheWorldCountEveryListingOnce() throws Exception {
    Snapshot snapshot = TestSnapshots.of("test", reader);
    IndexSearcher searcher = new IndexSearcher(reader);
    ListingClusters.warmUp(snapshot);
    for (String box :
        List.of(
            "-180,-85,180,85",
            "-180,-90,180,90",
            "-96,29,180,31",
            "-180,29,-95.5,31",
            "-95.6,29.7,-95.4,90",
            "-95.6,-90,-95.4,29.8")) {
      FilterValues filter = FilterParser.parse(ListingFilters.TABLE, Params.parse("bbox=" + box));
      Request request = new Request(3, 2, 200);
      Result fineTiles = new ListingClusters().compute(snapshot, filter, request);
      ClusterResults.assertSame(
          new ListingClusters().compute(searcher, filter, request), fineTiles);
      if (box.startsWith("-180,-")) {
        assertEquals(placedAndShown, fineTiles.totalCount(), box + ": every listing once");
      }
    }
  }

  @Test
  void theTilesOfAFilterAreComputedTheSecondTimeAndTheLeastRecentlyUsedDropped() throws Exception {
    Snapshot snapshot = TestSnapshots.of("test", reader);
    FineTiles tiles = snapshot.derived(FineTiles.OF_SNAPSHOT);
    IndexSearcher searcher = snapshot.searcher();
    FilterValues first = filter("");
    assertNull(tiles.ofRepeated(first, searcher), "seen once: remembered, not computed");
    var kept = tiles.ofRepeated(filter(""), searcher);
    assertEquals(placedAndShown, count(kept), "the default idx rule leaves hidden addresses out");
    assertSame(kept, tiles.ofRepeated(filter(""), searcher), "an equal filter finds them");
    for (int i = 1; i <= FineTiles.FILTERS; i++) {
      tiles.of(filter("&minprice=" + i), searcher);
    }
    assertNull(tiles.ofRepeated(first, searcher), "dropped after four other filters");
    assertNotSame(kept, tiles.ofRepeated(first, searcher), "computed again");
  }

  @Test
  void theWarmUpComputesTheTilesOfAMapWithoutFilters() throws Exception {
    Snapshot snapshot = TestSnapshots.of("test", reader);
    ListingClusters.warmUp(snapshot);
    FineTiles tiles = snapshot.derived(FineTiles.OF_SNAPSHOT);
    var warmed = tiles.of(FilterParser.parse(ListingFilters.TABLE, Params.parse("")), null);
    FilterValues map =
        FilterParser.parse(ListingFilters.TABLE, Params.parse("bbox=-96,29,-95,30.5&zoom=10"));
    // A null searcher: computing them again would fail; they are found.
    assertSame(warmed, tiles.of(ListingClusters.withoutBox(map), null));
  }

  private static FilterValues filter(String others) {
    return FilterParser.parse(ListingFilters.TABLE, Params.parse("status=Active" + others));
  }

  private static long count(LongObjectHashMap<ClusterTile> tiles) {
    long count = 0;
    for (var tile : tiles) {
      count += tile.value.count();
    }
    return count;
  }
}

package io.keybox.bench.lucene;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.keybox.schema.listing.ListingDocuments;
import io.keybox.schema.listing.ListingQueries;
import io.keybox.schema.listing.ListingRecord;
import java.util.Arrays;
import java.util.Map;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.junit.jupiter.api.Test;

class LuceneAnalyticsTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * Listing k (1..1,100): price 1,000·k; area 100 sq ft except every 10th listing, which has none;
   * 2 bedrooms when k is odd, 4 when even; 1 full bath; lot 0.5; built in 2000 + k % 2; 7 days on
   * market; Active, in Houston.
   */
  private static ObjectNode listing(int k) {
    ObjectNode listing = JSON.createObjectNode();
    listing.put("mlsId", k).put("listingId", "L" + k).put("listPrice", 1000.0 * k);
    ObjectNode property = listing.putObject("property");
    property.put("type", "RES").put("bedrooms", k % 2 == 1 ? 2 : 4).put("bathsFull", 1);
    property.put("lotSizeArea", 0.5).put("yearBuilt", 2000 + k % 2);
    if (k % 10 != 0) {
      property.put("area", 100);
    }
    listing.putObject("address").put("city", "Houston");
    listing.putObject("mls").put("status", "Active").put("daysOnMarket", 7);
    return listing;
  }

  @Test
  void statisticsOverMatchesInBlocksAndSegments() throws Exception {
    try (ByteBuffersDirectory dir = new ByteBuffersDirectory()) {
      ListingDocuments documents = new ListingDocuments(JSON);
      try (IndexWriter writer =
          new IndexWriter(dir, new IndexWriterConfig().setIndexSort(ListingDocuments.INDEX_SORT))) {
        for (int k = 1; k <= 1100; k++) {
          writer.addDocument(documents.toDocument(ListingRecord.parse(listing(k))));
          if (k == 1050) {
            writer.commit(); // a segment of 1,050 (more than one block of 1,024) and one of 50
          }
        }
      }
      try (DirectoryReader reader = DirectoryReader.open(dir)) {
        assertEquals(2, reader.leaves().size());
        LuceneAnalytics.Result result =
            LuceneAnalytics.compute(new IndexSearcher(reader), ListingQueries.allListings());
        assertEquals(1100, result.totalCount());
        assertEquals(550_500.0, result.avgPrice()); // 1,000 × (1 + 1,100) / 2
        assertEquals(1_000.0, result.minPrice());
        assertEquals(1_100_000.0, result.maxPrice());
        assertEquals(550_500.0, result.medianPrice()); // (550,000 + 551,000) / 2
        assertEquals(100.0, result.avgLivingArea());
        // Price per sq ft is 10·k over the 990 listings with an area: k's mean there is
        // (605,550 − 10 × 6,105) / 990 = 550.
        assertEquals(5_500.0, result.avgPricePerSqFt());
        assertEquals(3.0, result.avgBedrooms());
        assertEquals(1.0, result.avgFullBaths());
        assertEquals(0.5, result.avgLotSize());
        assertEquals(2000.5, result.avgYearBuilt());
        assertEquals(7.0, result.avgDaysOnMarket());
        assertEquals(Map.of("Houston", 1100L), result.cityDistribution());
        assertEquals(Map.of("Active", 1100L), result.statusDistribution());
        long[] histogram = result.priceHistogram();
        assertEquals(10, histogram.length);
        assertEquals(1100, Arrays.stream(histogram).sum());
      }
    }
  }
}

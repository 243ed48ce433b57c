package io.keybox.server.search;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.keybox.schema.listing.ListingFields;
import java.util.List;
import org.apache.lucene.document.Document;
import org.apache.lucene.facet.FacetsCollector;
import org.apache.lucene.facet.FacetsCollectorManager;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.junit.jupiter.api.Test;

class MatchScanTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void readsEveryMatchOfEverySegmentAcrossBlocks() throws Exception {
    // Two segments of 1,500 and 1,000 listings (more than one block of 1,024 each way). Listing k
    // has list price k; bedrooms k % 5, except every 10th listing, which has none.
    try (ByteBuffersDirectory dir = new ByteBuffersDirectory()) {
      try (IndexWriter writer = new IndexWriter(dir, new IndexWriterConfig())) {
        for (int k = 0; k < 2500; k++) {
          ObjectNode listing = JSON.createObjectNode().put("listPrice", (double) k);
          if (k % 10 != 0) {
            listing.putObject("property").put("bedrooms", k % 5);
          }
          Document doc = new Document();
          ListingFields.LIST_PRICE.addTo(doc, listing);
          ListingFields.BEDS.addTo(doc, listing);
          writer.addDocument(doc);
          if (k == 1499) {
            writer.commit();
          }
        }
      }
      try (DirectoryReader reader = DirectoryReader.open(dir)) {
        assertEquals(2, reader.leaves().size());
        FacetsCollector matches =
            new IndexSearcher(reader).search(new MatchAllDocsQuery(), new FacetsCollectorManager());
        double[] priceSum = {0};
        long[] rows = {0};
        long[] withoutBeds = {0};
        double[] bedSum = {0};
        MatchScan.scan(
            matches,
            List.of(ListingFields.LIST_PRICE, ListingFields.BEDS),
            row -> {
              rows[0]++;
              priceSum[0] += row[0];
              if (Double.isNaN(row[1])) {
                withoutBeds[0]++;
              } else {
                bedSum[0] += row[1];
              }
            });
        assertEquals(2500, rows[0]);
        assertEquals(2500, MatchScan.count(matches));
        assertEquals(3_123_750.0, priceSum[0]); // 0 + 1 + ... + 2499
        assertEquals(250, withoutBeds[0]);
        // Over k = 0..2499, k % 5 sums to 500 · (0+1+2+3+4) = 5,000; the 250 multiples of 10
        // left out all have k % 5 = 0.
        assertEquals(5_000.0, bedSum[0]);
      }
    }
  }
}

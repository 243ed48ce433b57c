package io.keybox.server.search.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.keybox.schema.field.LongValueField;
import java.io.IOException;
import java.util.List;
import org.apache.lucene.search.FieldDoc;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.TotalHits;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@link TopHits} on an index sorted by id, 6,000 records in three segments: the hits of Lucene's
 * own sorted search, without its exact count of the first 1,000 matches.
 */
class TopHitsTest {
  private static final LongValueField ID = new LongValueField("id", r -> r.path("id").asLong());

  /** id = 1000a + b (b < 1000) has price 10b + a: every price distinct, the top ones known. */
  private static final LongValueField PRICE =
      new LongValueField(
          "price", r -> 10 * (r.path("id").asLong() % 1000) + r.path("id").asLong() / 1000);

  private static KeyedRecords index;
  private static IndexSearcher searcher;

  @BeforeAll
  static void index() throws IOException {
    index = new KeyedRecords(ID, 6_000, 2_000, id -> KeyedRecords.record("id", id), PRICE);
    searcher = index.searcher();
    assertEquals(3, index.segments());
  }

  @AfterAll
  static void close() throws IOException {
    index.close();
  }

  private static List<Long> ids(TopDocs hits) throws IOException {
    return index.keys(hits.scoreDocs);
  }

  @Test
  void theHighestPricesComeFirstAsInLucenesOwnSearch() throws IOException {
    Sort byPrice = new Sort(PRICE.sort(true));
    Query all = MatchAllDocsQuery.INSTANCE;
    // Prices 9995 (id 5999), 9994 (4999), 9993 (3999), 9992 (2999), 9991 (1999), 9990 (999).
    TopDocs first = TopHits.first(searcher, all, 3, byPrice);
    assertEquals(List.of(5999L, 4999L, 3999L), ids(first));
    assertEquals(ids(searcher.search(all, 3, byPrice)), ids(first));
    FieldDoc second = (FieldDoc) first.scoreDocs[1];
    assertEquals(9994L, second.fields[0]);
    assertEquals(
        List.of(3999L, 2999L, 1999L, 999L), ids(TopHits.after(searcher, second, all, 4, byPrice)));
  }

  @Test
  void aSearchInTheIndexOrderStopsInEachSegmentOnceThePageIsFull() throws IOException {
    Sort byId = new Sort(ID.sort(false));
    Query above = ID.range(1_500L, null);
    TopDocs hits = TopHits.first(searcher, above, 3, byId);
    assertEquals(List.of(1_500L, 1_501L, 1_502L), ids(hits));
    // Lucene's own search collects 1,000 matches of the 4,501 before it may stop; this one a few
    // in each of the three segments.
    TopDocs lucenes = searcher.search(above, 3, byId);
    assertEquals(ids(lucenes), ids(hits));
    assertTrue(lucenes.totalHits.value() >= 1_000, "Lucene's: " + lucenes.totalHits);
    assertEquals(TotalHits.Relation.GREATER_THAN_OR_EQUAL_TO, hits.totalHits.relation());
    assertTrue(hits.totalHits.value() <= 9, "matches collected: " + hits.totalHits);
  }

  @Test
  void aPageLargerThanTheIndexHoldsEveryMatch() throws IOException {
    Query fewest = ID.range(5_998L, null);
    assertEquals(
        List.of(5_998L, 5_999L, 6_000L),
        ids(TopHits.first(searcher, fewest, 100_000, new Sort(ID.sort(false)))));
  }
}

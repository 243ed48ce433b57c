package io.keybox.server.search.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.keybox.schema.field.LongValueField;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.LongStream;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.TopDocs;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * First pages found in windows of the leading field's values, on an index sorted by key {@code k}
 * (as listings are by mlsId), in three segments: records k 1 to 6,000 with {@code t = k} and {@code
 * tens = k / 10} and {@code top} (100 above k 1,000, else k / 100), and k 6,001 to 6,100 with none.
 * A window that holds the page gives the page of the whole match set; one that does not gives
 * nothing, and the caller searches the whole set.
 */
class LeadingWindowsTest {
  private static final LongValueField K = new LongValueField("k", number("k"));
  private static final LongValueField T = new LongValueField("t", number("t"));
  private static final LongValueField TENS = new LongValueField("tens", number("tens"));
  private static final LongValueField TOP_HEAVY = new LongValueField("top", number("top"));

  private static KeyedRecords index;
  private static IndexSearcher searcher;

  private static Function<JsonNode, Long> number(String name) {
    return record -> record.has(name) ? record.get(name).asLong() : null;
  }

  @BeforeAll
  static void index() throws IOException {
    index =
        new KeyedRecords(
            K,
            6_100,
            2_500,
            k ->
                k > 6_000
                    ? KeyedRecords.record("k", k)
                    : KeyedRecords.record("k", k)
                        .put("t", k)
                        .put("tens", k / 10)
                        .put("top", k > 1_000 ? 100 : k / 100),
            T,
            TENS,
            TOP_HEAVY);
    searcher = index.searcher();
    assertEquals(3, index.segments());
  }

  @AfterAll
  static void close() throws IOException {
    index.close();
  }

  private static List<Long> keys(ScoreDoc[] hits) throws IOException {
    return index.keys(hits);
  }

  /** The keys of the first page the windows found, or empty; each checked against Lucene's. */
  private static Optional<List<Long>> first(
      LongValueField field, boolean descending, Query query, int n) throws IOException {
    Sort sort = new Sort(field.sort(descending), K.sort(false));
    Optional<TopDocs> found = new LeadingWindows(field, descending).first(searcher, query, sort, n);
    if (found.isPresent()) {
      assertEquals(keys(searcher.search(query, n, sort).scoreDocs), keys(found.get().scoreDocs));
    }
    return found.isPresent() ? Optional.of(keys(found.get().scoreDocs)) : Optional.empty();
  }

  @Test
  void theNewestRecordsAreInTheFirstWindow() throws IOException {
    assertEquals(
        Optional.of(List.of(6_000L, 5_999L, 5_998L, 5_997L, 5_996L)),
        first(T, true, MatchAllDocsQuery.INSTANCE, 5));
  }

  @Test
  void theLowestRecordsAscending() throws IOException {
    assertEquals(Optional.of(List.of(100L, 101L, 102L)), first(T, false, K.range(100L, null), 3));
  }

  @Test
  void aWindowWithTooFewMatchesWidensByTheShareThatMatched() throws IOException {
    // One record in a hundred matches: the first window (about the newest 512) holds five or so.
    Query everyHundredth = K.anyOf(LongStream.rangeClosed(1, 60).map(i -> 100 * i).toArray());
    assertEquals(
        Optional.of(
            List.of(
                6_000L, 5_900L, 5_800L, 5_700L, 5_600L, 5_500L, 5_400L, 5_300L, 5_200L, 5_100L,
                5_000L, 4_900L)),
        first(T, true, everyHundredth, 12));
  }

  @Test
  void tiesOfTheLeadingValueAreOrderedByKey() throws IOException {
    // tens 600: k 6,000 alone; tens 599: k 5,990 to 5,999.
    assertEquals(
        Optional.of(List.of(6_000L, 5_990L, 5_991L, 5_992L, 5_993L)),
        first(TENS, true, MatchAllDocsQuery.INSTANCE, 5));
  }

  @Test
  void aSelectiveSearchWhoseNewestRecordsDoNotMatchIsLeftToTheWholeSearch() throws IOException {
    assertEquals(Optional.empty(), first(T, true, K.anyOf(10, 20, 30), 2));
    // Records without the field are never in a window.
    assertEquals(Optional.empty(), first(T, true, K.range(6_001L, null), 2));
  }

  @Test
  void aFieldWhoseFirstValueHoldsMostRecordsIsLeftToTheWholeSearch() throws IOException {
    // top 100 is 5,000 records: no window of it is near the 512 records it would be fitted to.
    assertEquals(Optional.empty(), first(TOP_HEAVY, true, MatchAllDocsQuery.INSTANCE, 3));
    SortOrder order =
        SortOrder.missingLast(TOP_HEAVY.sort(true), TOP_HEAVY.hasValue(), K.sort(false))
            .withWindows(new LeadingWindows(TOP_HEAVY, true));
    assertEquals(
        List.of(1_001L, 1_002L, 1_003L), keys(order.top(searcher, MatchAllDocsQuery.INSTANCE, 3)));
  }

  @Test
  void aMissingLastOrderFallsBackToTheWholeSearchAndItsRecordsWithoutTheKey() throws IOException {
    SortOrder order =
        SortOrder.missingLast(T.sort(true), T.hasValue(), K.sort(false))
            .withWindows(new LeadingWindows(T, true));
    // The windows hold the page.
    assertEquals(
        List.of(6_000L, 5_999L, 5_998L), keys(order.top(searcher, MatchAllDocsQuery.INSTANCE, 3)));
    // They do not: the whole search, then the records without t by key.
    Query few = K.anyOf(10, 20, 6_050, 6_060);
    assertEquals(List.of(20L, 10L, 6_050L, 6_060L), keys(order.top(searcher, few, 10)));
    assertEquals(
        keys(searcher.search(few, 10, order.sort()).scoreDocs), keys(order.top(searcher, few, 10)));
  }

  @Test
  void aLongPageStartsWithAWindowOfTwiceItsRecords() throws IOException {
    // 600 hits: the first window holds about the newest 1,200 records (t 4,800 to 6,000).
    Optional<List<Long>> page = first(T, true, K.range(null, 5_900L), 600);
    assertTrue(page.isPresent());
    assertEquals(600, page.get().size());
    assertEquals(5_900L, page.get().get(0));
    assertEquals(5_301L, page.get().get(599));
  }
}

package io.keybox.server.reso;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.keybox.schema.field.LongValueField;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.search.FieldDoc;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.junit.jupiter.api.Test;

/**
 * A walk of pages after keyset cursors, in an order led by a whole-number field {@code t} then the
 * key {@code k}: the pages are the same whether the window next to the cursor holds them, has to
 * widen, or reaches past the last value; records without {@code t} come last.
 */
class PageOrderTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final LongValueField T = new LongValueField("t", number("t"));
  private static final LongValueField K = new LongValueField("k", number("k"));

  private static Function<JsonNode, Long> number(String name) {
    return record -> record.has(name) ? record.get(name).asLong() : null;
  }

  @Test
  void aSkewedFieldWalksInOrderAscending() throws Exception {
    // k -> t: two ties at 100 and 102, an outlier far past the rest, one without t, and k 10
    // outside the query.
    long[][] records = {
      {1, 100},
      {2, 100},
      {3, 101},
      {4, 102},
      {5, 102},
      {6, 103},
      {7, 104},
      {8, 1_000_000},
      {9, -1},
      {10, 105}
    };
    assertEquals(
        List.of(List.of(1L, 2L), List.of(3L, 4L), List.of(5L, 6L), List.of(7L, 8L), List.of(9L)),
        walk(records, K.range(1L, 9L), false, 2));
  }

  @Test
  void aSkewedFieldWalksInOrderDescending() throws Exception {
    long[][] records = {
      {1, 100}, {2, 100}, {3, 101}, {4, 102}, {5, 102}, {6, 103}, {7, 104}, {8, 1_000_000}, {9, -1}
    };
    assertEquals(
        List.of(List.of(8L, 7L, 6L), List.of(4L, 5L, 3L), List.of(1L, 2L, 9L)),
        walk(records, new MatchAllDocsQuery(), true, 3));
  }

  @Test
  void aDenseFieldWalksInWindowsWithTiesAcrossPages() throws Exception {
    // Enough records for several blocks of points, which the window is fitted to.
    long[][] records = new long[3000][];
    for (int k = 1; k <= 3000; k++) {
      records[k - 1] = new long[] {k, k / 2}; // t 0 to 1500, two records a value
    }
    List<List<Long>> pages = walk(records, new MatchAllDocsQuery(), false, 3);
    assertEquals(1000, pages.size());
    assertEquals(List.of(1L, 2L, 3L), pages.get(0));
    assertEquals(List.of(22L, 23L, 24L), pages.get(7)); // t 11, 11, 12: after k 21 (t 10)
    assertEquals(List.of(2998L, 2999L, 3000L), pages.get(999));
  }

  @Test
  void aSparseQueryWidensTheWindowPastTheCursor() throws Exception {
    long[][] records = new long[3000][];
    for (int k = 1; k <= 3000; k++) {
      records[k - 1] = new long[] {k, k};
    }
    Query few = K.anyOf(10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 150, 200, 2500, 3000);
    assertEquals(
        List.of(
            List.of(10L, 20L, 30L, 40L),
            List.of(50L, 60L, 70L, 80L),
            List.of(90L, 100L, 150L, 200L),
            List.of(2500L, 3000L)),
        walk(records, few, false, 4));
  }

  /**
   * The keys of each page of {@code size} of the records ({@code {k, t}}, t -1: none) {@code query}
   * matches, ordered by t ({@code descending} or not) then k, each page after the last one's cursor
   * as the server makes it (the sort values, on the reader's last document).
   */
  private static List<List<Long>> walk(long[][] records, Query query, boolean descending, int size)
      throws IOException {
    try (ByteBuffersDirectory directory = new ByteBuffersDirectory()) {
      try (IndexWriter writer = new IndexWriter(directory, new IndexWriterConfig())) {
        for (long[] record : records) {
          ObjectNode json = JSON.createObjectNode().put("k", record[0]);
          if (record[1] >= 0) {
            json.put("t", record[1]);
          }
          Document doc = new Document();
          K.addTo(doc, json);
          T.addTo(doc, json);
          writer.addDocument(doc);
        }
      }
      try (DirectoryReader reader = DirectoryReader.open(directory)) {
        IndexSearcher searcher = new IndexSearcher(reader);
        PageOrder order =
            PageOrder.ledBy(new Sort(T.sort(descending), K.sort(false)), T, descending);
        List<List<Long>> pages = new ArrayList<>();
        FieldDoc after = null;
        while (true) {
          TopDocs page = order.page(searcher, query, after, size);
          if (page.scoreDocs.length == 0) {
            return pages;
          }
          List<Long> keys = new ArrayList<>();
          for (ScoreDoc hit : page.scoreDocs) {
            keys.add(K.valueOf(reader, hit.doc).orElseThrow());
          }
          pages.add(keys);
          FieldDoc last = (FieldDoc) page.scoreDocs[page.scoreDocs.length - 1];
          after = new FieldDoc(reader.maxDoc() - 1, Float.NaN, last.fields);
        }
      }
    }
  }
}

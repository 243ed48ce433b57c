package io.keybox.server.search.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.schema.field.DoubleValueField;
import io.keybox.schema.field.LongValueField;
import io.keybox.schema.field.SortableField;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.NoMergePolicy;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.Sort;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@link SortOrder#top} on an index sorted by id, in three segments, where some records lack the
 * sort key: the hits must be those of the one-sort search, in its order, for every page size.
 */
class SortOrderTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final LongValueField ID = new LongValueField("id", r -> r.path("id").asLong());
  private static final LongValueField PRICE =
      new LongValueField("price", r -> r.has("price") ? r.get("price").asLong() : null);
  private static final DoubleValueField RATE =
      new DoubleValueField("rate", r -> r.has("price") ? r.get("price").asLong() / -8.0 : null);
  private static final LongValueField GROUP =
      new LongValueField("group", r -> r.path("group").asLong());

  private static Directory dir;
  private static DirectoryReader reader;
  private static IndexSearcher searcher;

  @BeforeAll
  static void index() throws IOException {
    dir = new ByteBuffersDirectory();
    IndexWriterConfig config =
        new IndexWriterConfig()
            .setIndexSort(new Sort(ID.sort(false)))
            .setMergePolicy(NoMergePolicy.INSTANCE);
    // id: price (none: no price), group. Added out of id order, a commit after each line, so
    // each segment mixes ids and the records without a price are spread over all three.
    String[][] segments = {
      {"7:500:1", "2:none:1", "9:100:2"},
      {"4:none:2", "1:300:1", "8:none:1"},
      {"3:300:2", "6:none:2", "5:200:1"}
    };
    try (IndexWriter writer = new IndexWriter(dir, config)) {
      for (String[] segment : segments) {
        for (String record : segment) {
          String[] parts = record.split(":");
          var json = JSON.createObjectNode();
          json.put("id", Long.parseLong(parts[0])).put("group", Long.parseLong(parts[2]));
          if (!parts[1].equals("none")) {
            json.put("price", Long.parseLong(parts[1]));
          }
          writer.addDocument(document(json));
        }
        writer.commit();
      }
    }
    reader = DirectoryReader.open(dir);
    searcher = new IndexSearcher(reader);
    assertEquals(3, reader.leaves().size());
  }

  private static Document document(JsonNode record) {
    Document doc = new Document();
    ID.addTo(doc, record);
    PRICE.addTo(doc, record);
    RATE.addTo(doc, record);
    GROUP.addTo(doc, record);
    return doc;
  }

  @AfterAll
  static void close() throws IOException {
    reader.close();
    dir.close();
  }

  private static List<Long> ids(ScoreDoc[] hits) throws IOException {
    List<Long> ids = new ArrayList<>();
    for (ScoreDoc hit : hits) {
      ids.add(ID.valueOf(reader, hit.doc).orElseThrow());
    }
    return ids;
  }

  private static List<Long> top(SortOrder order, Query query, int n) throws IOException {
    List<Long> ids = ids(order.top(searcher, query, n));
    assertEquals(ids(searcher.search(query, n, order.sort()).scoreDocs), ids, "vs. one sort");
    return ids;
  }

  @Test
  void ascendingPutsRecordsWithoutTheKeyLastByTieBreak() throws IOException {
    SortOrder order = SortOrder.missingLast(PRICE.sort(false), PRICE.hasValue(), ID.sort(false));
    Query all = MatchAllDocsQuery.INSTANCE;
    // Prices: 9=100, 5=200, 1=300, 3=300 (tie: by id), 7=500; then 2, 4, 6, 8 without one.
    assertEquals(List.of(9L, 5L, 1L), top(order, all, 3));
    assertEquals(List.of(9L, 5L, 1L, 3L, 7L), top(order, all, 5));
    assertEquals(List.of(9L, 5L, 1L, 3L, 7L, 2L, 4L), top(order, all, 7));
    assertEquals(List.of(9L, 5L, 1L, 3L, 7L, 2L, 4L, 6L, 8L), top(order, all, 20));
  }

  @Test
  void descendingStillPutsRecordsWithoutTheKeyLast() throws IOException {
    SortOrder order = SortOrder.missingLast(PRICE.sort(true), PRICE.hasValue(), ID.sort(false));
    assertEquals(
        List.of(7L, 1L, 3L, 5L, 9L, 2L, 4L, 6L), top(order, MatchAllDocsQuery.INSTANCE, 8));
  }

  @Test
  void aQueryWhoseMatchesAllLackTheKeyIsPagedByTieBreak() throws IOException {
    SortOrder order = SortOrder.missingLast(PRICE.sort(false), PRICE.hasValue(), ID.sort(false));
    Query withoutPrice =
        new BooleanQuery.Builder()
            .add(MatchAllDocsQuery.INSTANCE, Occur.FILTER)
            .add(PRICE.hasValue(), Occur.MUST_NOT)
            .build();
    assertEquals(List.of(2L, 4L), top(order, withoutPrice, 2));
    // Group 1: 7=500, 1=300, 5=200 with a price; 2 and 8 without.
    assertEquals(List.of(5L, 1L, 7L, 2L), top(order, GROUP.exact(1), 4));
    assertEquals(List.of(), top(order, GROUP.exact(3), 5));
  }

  private static List<Long> page(SortOrder order, Query query, int offset, int count)
      throws IOException {
    List<Long> deep = ids(order.page(searcher, query, offset, count, 0));
    assertEquals(
        ids(order.page(searcher, query, offset, count, Integer.MAX_VALUE)),
        deep,
        "deep page vs. the first hits sliced, offset " + offset + ", count " + count);
    return deep;
  }

  @Test
  void deepPagesStartAtTheOffsetsValueAndItsTies() throws IOException {
    SortOrder order = SortOrder.missingLast(PRICE.sort(false), PRICE.hasValue(), ID.sort(false));
    Query all = MatchAllDocsQuery.INSTANCE;
    // 9=100, 5=200, 1=300, 3=300, 7=500, then 2, 4, 6, 8 without a price.
    assertEquals(List.of(1L, 3L, 7L), page(order, all, 2, 3));
    assertEquals(List.of(3L), page(order, all, 3, 1)); // the second of a tie
    assertEquals(List.of(3L, 7L, 2L), page(order, all, 3, 3)); // into the records without one
    assertEquals(List.of(4L, 6L), page(order, all, 6, 2)); // among them only
    assertEquals(List.of(), page(order, all, 9, 2)); // past the end
    // Descending: 7=500, 1=300, 3=300, 5=200, 9=100, then 2, 4, 6, 8.
    SortOrder descending =
        SortOrder.missingLast(PRICE.sort(true), PRICE.hasValue(), ID.sort(false));
    assertEquals(List.of(3L, 5L), page(descending, all, 2, 2));
    assertEquals(List.of(9L, 2L, 4L), page(descending, all, 4, 3));
    // Group 1 descending: 7, 1, 5, then 2, 8.
    assertEquals(List.of(5L, 2L), page(descending, GROUP.exact(1), 2, 2));
  }

  @Test
  void deepPagesOfADoubleFieldInBothDirections() throws IOException {
    // rate = -price/8: 7=-62.5, 1 and 3=-37.5, 5=-25, 9=-12.5, then 2, 4, 6, 8 without one.
    Query all = MatchAllDocsQuery.INSTANCE;
    assertEquals(
        List.of(3L, 5L, 9L),
        page(SortOrder.missingLast(RATE.sort(false), RATE.hasValue(), ID.sort(false)), all, 2, 3));
    assertEquals(
        List.of(1L, 3L, 7L, 2L),
        page(SortOrder.missingLast(RATE.sort(true), RATE.hasValue(), ID.sort(false)), all, 2, 4));
  }

  @Test
  void everyPageOfEveryOrderMatchesTheSlicedFirstHits() throws IOException {
    for (SortableField field : List.of(PRICE, RATE, GROUP)) {
      for (boolean descending : new boolean[] {false, true}) {
        SortOrder order =
            SortOrder.missingLast(field.sort(descending), field.hasValue(), ID.sort(false));
        for (int offset = 0; offset <= 10; offset++) {
          for (int count = 1; count <= 4; count++) {
            page(order, MatchAllDocsQuery.INSTANCE, offset, count);
            page(order, GROUP.exact(2), offset, count);
          }
        }
      }
    }
  }

  @Test
  void aPlainOrderIsItsSort() throws IOException {
    SortOrder order = SortOrder.of(new Sort(GROUP.sort(true), ID.sort(false)));
    assertEquals(List.of(3L, 4L, 6L, 9L, 1L), top(order, MatchAllDocsQuery.INSTANCE, 5));
  }
}

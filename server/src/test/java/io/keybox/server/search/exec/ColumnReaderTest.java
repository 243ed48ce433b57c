package io.keybox.server.search.exec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.keybox.schema.field.DoubleValueField;
import io.keybox.schema.field.LongValueField;
import java.util.stream.IntStream;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.junit.jupiter.api.Test;

class ColumnReaderTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final LongValueField COUNT =
      new LongValueField("count", r -> r.has("count") ? r.get("count").asLong() : null);
  private static final DoubleValueField PRICE =
      new DoubleValueField("price", r -> r.has("price") ? r.get("price").asDouble() : null);

  /** Document k: count 10·k except for k = 3 and 7, price k + 0.5 for every k. */
  private static DirectoryReader tenDocuments(ByteBuffersDirectory dir) throws Exception {
    try (IndexWriter writer = new IndexWriter(dir, new IndexWriterConfig())) {
      for (int k = 0; k < 10; k++) {
        ObjectNode record = JSON.createObjectNode().put("price", k + 0.5);
        if (k != 3 && k != 7) {
          record.put("count", 10L * k);
        }
        writer.addDocument(document(record));
      }
    }
    return DirectoryReader.open(dir);
  }

  private static Document document(JsonNode record) {
    Document doc = new Document();
    COUNT.addTo(doc, record);
    PRICE.addTo(doc, record);
    return doc;
  }

  @Test
  void readsEveryDocumentWithNaNWhereTheColumnHasNoValue() throws Exception {
    try (ByteBuffersDirectory dir = new ByteBuffersDirectory();
        DirectoryReader reader = tenDocuments(dir)) {
      LeafReader leaf = reader.leaves().get(0).reader();
      int[] all = IntStream.range(0, 10).toArray();
      double[] counts = new double[10];
      ColumnReader.of(leaf, COUNT).read(all, 10, counts);
      assertArrayEquals(
          new double[] {0, 10, 20, Double.NaN, 40, 50, 60, Double.NaN, 80, 90}, counts);
      double[] prices = new double[10];
      ColumnReader.of(leaf, PRICE).read(all, 10, prices);
      assertArrayEquals(new double[] {0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5}, prices);
    }
  }

  @Test
  void readsScatteredDocumentsOverSeveralCalls() throws Exception {
    try (ByteBuffersDirectory dir = new ByteBuffersDirectory();
        DirectoryReader reader = tenDocuments(dir)) {
      LeafReader leaf = reader.leaves().get(0).reader();
      ColumnReader counts = ColumnReader.of(leaf, COUNT);
      ColumnReader prices = ColumnReader.of(leaf, PRICE);
      double[] into = new double[4];

      counts.read(new int[] {1, 3, 4}, 3, into);
      assertArrayEquals(new double[] {10, Double.NaN, 40, 0}, into);
      counts.read(new int[] {8, 9}, 2, into);
      assertArrayEquals(new double[] {80, 90, 40, 0}, into, "only the first size entries change");

      prices.read(new int[] {0, 2, 5, 9}, 4, into);
      assertArrayEquals(new double[] {0.5, 2.5, 5.5, 9.5}, into);
    }
  }

  @Test
  void readsASparseAndADenseColumnOfALargerSegment() throws Exception {
    // 5,000 documents, count 3·k, every 1,000th (k = 999, 1999, ...) without one; price k + 0.5
    // for all, so price is a dense column, read in bulk.
    try (ByteBuffersDirectory dir = new ByteBuffersDirectory()) {
      try (IndexWriter writer = new IndexWriter(dir, new IndexWriterConfig())) {
        for (int k = 0; k < 5000; k++) {
          ObjectNode record = JSON.createObjectNode().put("price", k + 0.5);
          if (k % 1000 != 999) {
            record.put("count", 3L * k);
          }
          writer.addDocument(document(record));
        }
        writer.forceMerge(1);
      }
      try (DirectoryReader reader = DirectoryReader.open(dir)) {
        LeafReader leaf = reader.leaves().get(0).reader();
        ColumnReader counts = ColumnReader.of(leaf, COUNT);
        int[] everyOther = IntStream.range(0, 2500).map(i -> 2 * i + 1).toArray();
        double[] into = new double[2500];
        counts.read(everyOther, 2500, into);
        assertEquals(3.0, into[0]); // doc 1
        assertEquals(2991.0, into[498]); // doc 997
        assertEquals(Double.NaN, into[499]); // doc 999
        assertEquals(3003.0, into[500]); // doc 1001
        assertEquals(Double.NaN, into[1999]); // doc 3999
        assertEquals(14991.0, into[2498]); // doc 4997
        assertEquals(Double.NaN, into[2499]); // doc 4999, the last
        assertEquals(5, IntStream.range(0, 2500).filter(i -> Double.isNaN(into[i])).count());
        ColumnReader prices = ColumnReader.of(leaf, PRICE);
        double[] block = new double[3];
        prices.read(new int[] {0, 1, 998}, 3, block);
        assertArrayEquals(new double[] {0.5, 1.5, 998.5}, block);
        prices.read(new int[] {999, 4999}, 2, block);
        assertArrayEquals(new double[] {999.5, 4999.5, 998.5}, block);
      }
    }
  }

  @Test
  void readsDenseWholeNumberColumnsInConsecutiveBlocks() throws Exception {
    // Every document has both: a constant, and multiples of 1,000 with few distinct values (the
    // encodings Lucene decodes in bulk for consecutive doc ids).
    LongValueField rooms =
        new LongValueField("rooms", r -> r.has("rooms") ? r.get("rooms").asLong() : null);
    LongValueField lot =
        new LongValueField("lot", r -> r.has("lot") ? r.get("lot").asLong() : null);
    try (ByteBuffersDirectory dir = new ByteBuffersDirectory()) {
      try (IndexWriter writer = new IndexWriter(dir, new IndexWriterConfig())) {
        for (int k = 0; k < 3000; k++) {
          ObjectNode record = JSON.createObjectNode().put("rooms", 3).put("lot", 1000L * (k % 7));
          Document doc = new Document();
          rooms.addTo(doc, record);
          lot.addTo(doc, record);
          writer.addDocument(doc);
        }
        writer.forceMerge(1);
      }
      try (DirectoryReader reader = DirectoryReader.open(dir)) {
        LeafReader leaf = reader.leaves().get(0).reader();
        ColumnReader roomsReader = ColumnReader.of(leaf, rooms);
        ColumnReader lotReader = ColumnReader.of(leaf, lot);
        double[] roomValues = new double[1024];
        double[] lotValues = new double[1024];
        for (int from = 0; from < 3000; from += 1024) {
          int size = Math.min(1024, 3000 - from);
          int[] docs = IntStream.range(from, from + size).toArray();
          roomsReader.read(docs, size, roomValues);
          lotReader.read(docs, size, lotValues);
          for (int i = 0; i < size; i++) {
            int k = from + i;
            assertEquals(3.0, roomValues[i], "rooms of " + k);
            assertEquals(1000.0 * (k % 7), lotValues[i], "lot of " + k);
          }
        }
      }
    }
  }
}

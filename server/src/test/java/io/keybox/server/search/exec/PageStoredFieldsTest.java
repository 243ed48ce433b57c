package io.keybox.server.search.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.NoMergePolicy;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@link PageStoredFields}: every document of a page reads the same whichever way it is read, and
 * the sequential read is taken only where a segment's part of the page is dense.
 */
class PageStoredFieldsTest {
  private static Directory dir;
  private static DirectoryReader reader;

  /** Three segments of 100 documents: doc ids 0-99, 100-199 and 200-299, in the order added. */
  @BeforeAll
  static void index() throws IOException {
    dir = new ByteBuffersDirectory();
    IndexWriterConfig config = new IndexWriterConfig().setMergePolicy(NoMergePolicy.INSTANCE);
    try (IndexWriter writer = new IndexWriter(dir, config)) {
      for (int doc = 0; doc < 300; doc++) {
        Document document = new Document();
        document.add(new StoredField("name", "r" + doc));
        // About 3 KB each, so a segment's documents span many compressed blocks.
        document.add(new StoredField("body", ("listing " + doc + " ").repeat(300)));
        writer.addDocument(document);
        if (doc % 100 == 99) {
          writer.commit();
        }
      }
    }
    reader = DirectoryReader.open(dir);
    assertEquals(3, reader.leaves().size());
  }

  @AfterAll
  static void close() throws IOException {
    reader.close();
    dir.close();
  }

  @Test
  void aDenseRunInEachOfTwoSegmentsReadsSequentially() throws IOException {
    // Segment 1 whole, backwards; every other document of segment 0, interleaved with it.
    List<Integer> page = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      page.add(199 - i);
      if (i % 2 == 0) {
        page.add(i);
      }
    }
    int[] docs = page.stream().mapToInt(Integer::intValue).toArray();
    StoredFields fields = PageStoredFields.of(reader, docs);
    assertInstanceOf(PageStoredFields.class, fields);
    assertReads(fields, docs);
  }

  @Test
  void aDenseRunBesideScatteredDocumentsReadsBoth() throws IOException {
    // 20 adjacent documents of segment 2, and three far apart in segment 0.
    int[] docs = IntStream.concat(IntStream.range(230, 250), IntStream.of(3, 50, 97)).toArray();
    StoredFields fields = PageStoredFields.of(reader, docs);
    assertInstanceOf(PageStoredFields.class, fields);
    assertReads(fields, docs);
  }

  @Test
  void scatteredOrFewDocumentsReadAsTheReaderDoes() throws IOException {
    // Too few: 4 documents.
    assertReadsAtRandom(new int[] {0, 1, 2, 3});
    // Enough documents, but each segment's few are spread out (10 over 300 doc ids).
    assertReadsAtRandom(IntStream.range(0, 10).map(i -> i * 30).toArray());
    // 8 documents in one segment, but over 30 doc ids: more than 3 per document read.
    assertReadsAtRandom(new int[] {100, 104, 108, 112, 116, 120, 124, 129});
  }

  @Test
  void eightDocumentsOverTwentyFourIdsAreDenseEnough() throws IOException {
    int[] docs = {100, 103, 106, 109, 112, 115, 118, 123};
    StoredFields fields = PageStoredFields.of(reader, docs);
    assertInstanceOf(PageStoredFields.class, fields);
    assertReads(fields, docs);
  }

  private static void assertReadsAtRandom(int[] docs) throws IOException {
    StoredFields fields = PageStoredFields.of(reader, docs);
    assertSame(reader.storedFields().getClass(), fields.getClass());
    assertReads(fields, docs);
  }

  private static void assertReads(StoredFields fields, int[] docs) throws IOException {
    for (int doc : docs) {
      Document document = fields.document(doc);
      assertEquals("r" + doc, document.get("name"));
      assertEquals(("listing " + doc + " ").repeat(300), document.get("body"));
    }
  }
}

package io.keybox.server.search.exec;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.keybox.schema.field.LongValueField;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongFunction;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.NoMergePolicy;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.Sort;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;

/**
 * A test index of records keyed 1 to N, kept in key order as listings are in mlsId order, in
 * segments of a given size (one commit each, never merged).
 */
final class KeyedRecords implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final LongValueField key;
  private final Directory dir;
  private final DirectoryReader reader;
  private final IndexSearcher searcher;

  /**
   * Records {@code 1..count} of {@code key}, each made by {@code record} from its key (which the
   * record must hold), indexed with {@code fields}.
   */
  KeyedRecords(
      LongValueField key,
      long count,
      long segment,
      LongFunction<ObjectNode> record,
      LongValueField... fields)
      throws IOException {
    this.key = key;
    this.dir = new ByteBuffersDirectory();
    IndexWriterConfig config =
        new IndexWriterConfig()
            .setIndexSort(new Sort(key.sort(false)))
            .setMergePolicy(NoMergePolicy.INSTANCE);
    try (IndexWriter writer = new IndexWriter(dir, config)) {
      for (long k = 1; k <= count; k++) {
        ObjectNode json = record.apply(k);
        Document doc = new Document();
        key.addTo(doc, json);
        for (LongValueField field : fields) {
          field.addTo(doc, json);
        }
        writer.addDocument(doc);
        if (k % segment == 0) {
          writer.commit();
        }
      }
    }
    this.reader = DirectoryReader.open(dir);
    this.searcher = new IndexSearcher(reader);
  }

  /** A record holding {@code name}: {@code value} and nothing else. */
  static ObjectNode record(String name, long value) {
    return JSON.createObjectNode().put(name, value);
  }

  IndexSearcher searcher() {
    return searcher;
  }

  int segments() {
    return reader.leaves().size();
  }

  /** The keys of {@code hits}, in order. */
  List<Long> keys(ScoreDoc[] hits) throws IOException {
    List<Long> keys = new ArrayList<>();
    for (ScoreDoc hit : hits) {
      keys.add(key.valueOf(reader, hit.doc).orElseThrow());
    }
    return keys;
  }

  @Override
  public void close() throws IOException {
    reader.close();
    dir.close();
  }
}

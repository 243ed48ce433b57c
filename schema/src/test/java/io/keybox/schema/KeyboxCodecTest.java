package io.keybox.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import org.apache.lucene.codecs.Codec;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.SegmentReader;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.junit.jupiter.api.Test;

class KeyboxCodecTest {
  @Test
  void theServiceLoaderFindsTheCodecByItsName() {
    assertEquals(KeyboxCodec.class, Codec.forName("Keybox1").getClass());
  }

  @Test
  void documentsWrittenWithItAreReadBackWhole() throws Exception {
    try (Directory dir = new ByteBuffersDirectory()) {
      try (IndexWriter writer =
          new IndexWriter(dir, new IndexWriterConfig().setCodec(new KeyboxCodec()))) {
        for (String json :
            new String[] {
              "{\"mlsId\":1}", "{\"mlsId\":2,\"x\":\"" + "é".repeat(5000) + "\"}", "{}"
            }) {
          Document doc = new Document();
          doc.add(new StoredField("source", json.getBytes(StandardCharsets.UTF_8)));
          writer.addDocument(doc);
        }
        writer.commit();
      }
      try (DirectoryReader reader = DirectoryReader.open(dir)) {
        SegmentReader segment = (SegmentReader) reader.leaves().get(0).reader();
        assertEquals("Keybox1", segment.getSegmentInfo().info.getCodec().getName());
        StoredFields stored = reader.storedFields();
        assertEquals("{\"mlsId\":1}", source(stored, 0));
        assertEquals("{\"mlsId\":2,\"x\":\"" + "é".repeat(5000) + "\"}", source(stored, 1));
        assertEquals("{}", source(stored, 2));
      }
    }
  }

  private static String source(StoredFields stored, int doc) throws Exception {
    return stored.document(doc).getBinaryValue("source").utf8ToString();
  }
}

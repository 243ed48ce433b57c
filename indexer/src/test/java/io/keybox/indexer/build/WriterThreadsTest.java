package io.keybox.indexer.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.junit.jupiter.api.Test;

class WriterThreadsTest {
  private static final List<Integer> ONE_TO_THOUSAND =
      IntStream.rangeClosed(1, 1000).boxed().toList();

  @Test
  void everyItemIsWrittenOnce() throws IOException {
    AtomicLong sum = new AtomicLong();
    AtomicLong count = new AtomicLong();
    try (WriterThreads threads = new WriterThreads(2)) {
      threads.writeAll(
          ONE_TO_THOUSAND,
          7,
          item -> {
            sum.addAndGet(item);
            count.incrementAndGet();
          });
    }
    assertEquals(1000, count.get());
    assertEquals(500_500, sum.get()); // 1 + 2 + ... + 1000
  }

  @Test
  void aFailedWriteFailsTheCall() {
    try (WriterThreads threads = new WriterThreads(2)) {
      IOException failure =
          assertThrows(
              IOException.class,
              () ->
                  threads.writeAll(
                      ONE_TO_THOUSAND,
                      64,
                      item -> {
                        if (item == 500) {
                          throw new IOException("disk full");
                        }
                      }));
      assertEquals("disk full", failure.getMessage());
    }
  }

  @Test
  void flushBuffersLeavesNothingBufferedAndLosesNothing() throws IOException {
    try (Directory dir = new ByteBuffersDirectory();
        IndexWriter writer = new IndexWriter(dir, new IndexWriterConfig());
        WriterThreads threads = new WriterThreads(2)) {
      threads.writeAll(
          ONE_TO_THOUSAND,
          50,
          item -> {
            Document doc = new Document();
            doc.add(new StringField("id", "doc" + item, StringField.Store.NO));
            writer.addDocument(doc);
          });
      assertEquals(1000, writer.numRamDocs());

      threads.flushBuffers(writer);

      assertEquals(0, writer.numRamDocs());
      writer.commit();
      try (DirectoryReader reader = DirectoryReader.open(dir)) {
        assertEquals(1000, reader.numDocs());
      }
    }
  }
}

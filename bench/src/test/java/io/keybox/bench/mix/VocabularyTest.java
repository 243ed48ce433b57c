package io.keybox.bench.mix;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.generator.FeedGenerator;
import io.keybox.generator.GeneratorConfig;
import io.keybox.schema.listing.ListingDocuments;
import io.keybox.schema.listing.ListingRecord;
import io.keybox.schema.shape.InvalidRecordException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.NoMergePolicy;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The query mix's vocabulary depends on the feed and the seed, not on how the index was laid out.
 */
class VocabularyTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void theSameFeedIndexedInAnotherOrderGivesTheSameVocabulary(@TempDir Path feed)
      throws IOException, InvalidRecordException {
    new FeedGenerator(GeneratorConfig.of(2_000)).writeDirectory(feed);
    ListingDocuments documents = new ListingDocuments(JSON);
    List<Document> docs = new ArrayList<>();
    try (BufferedReader lines =
        new BufferedReader(
            new InputStreamReader(
                new GZIPInputStream(
                    Files.newInputStream(feed.resolve(FeedGenerator.LISTINGS_FILE))),
                StandardCharsets.UTF_8))) {
      long mlsId = 1;
      for (String line = lines.readLine(); line != null; line = lines.readLine()) {
        docs.add(documents.toDocument(ListingRecord.parse(JSON.readTree(line)).withMlsId(mlsId++)));
      }
    }
    assertEquals(2_000, docs.size());
    List<Document> reversed = new ArrayList<>(docs);
    Collections.reverse(reversed);

    // One segment in feed order, against seven segments in reverse order: different doc ids.
    try (Directory one = index(docs, docs.size());
        Directory seven = index(reversed, 300);
        DirectoryReader a = DirectoryReader.open(one);
        DirectoryReader b = DirectoryReader.open(seven)) {
      assertEquals(1, a.leaves().size());
      assertEquals(7, b.leaves().size());
      Vocabulary first = Vocabulary.read(a, 42);
      Vocabulary second = Vocabulary.read(b, 42);
      assertTrue(first.keywords().size() > 100, "keywords: " + first.keywords().size());
      // assertTrue, not assertEquals: a failure would print thousands of keywords.
      assertTrue(first.keywords().equals(second.keywords()), "the keywords differ");
      assertTrue(first.listingIds().equals(second.listingIds()), "the listing ids differ");
      assertEquals(first.cities(), second.cities());
      assertEquals(first.defaultMatches(), second.defaultMatches());
      assertEquals(first.centers().size(), second.centers().size());
      for (int i = 0; i < first.centers().size(); i++) {
        assertArrayEquals(first.centers().get(i), second.centers().get(i));
      }
    }
  }

  private static Directory index(List<Document> docs, int perSegment) throws IOException {
    Directory dir = new ByteBuffersDirectory();
    IndexWriterConfig config = new IndexWriterConfig().setIndexSort(ListingDocuments.INDEX_SORT);
    config.setMergePolicy(NoMergePolicy.INSTANCE);
    try (IndexWriter writer = new IndexWriter(dir, config)) {
      for (int i = 0; i < docs.size(); i++) {
        writer.addDocument(docs.get(i));
        if ((i + 1) % perSegment == 0) {
          writer.commit();
        }
      }
    }
    return dir;
  }
}

package io.keybox.indexer.media;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.keybox.schema.listing.ListingDocuments;
import io.keybox.schema.listing.ListingRecord;
import io.keybox.schema.listing.PhotoUrls;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.NoMergePolicy;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.junit.jupiter.api.Test;

/**
 * Which photos a commit shows (what a publication uploads): each photo of a live listing that may
 * be displayed, once however many listings and segments show it; not a withheld listing's, nor a
 * deleted or replaced listing's.
 */
class CommitPhotosTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path BASIC = Path.of("..", "data", "fixtures", "basic", "listings.ndjson");
  private static final String A = "a".repeat(40);
  private static final String B = "b".repeat(40);
  private static final String C = "c".repeat(40);
  private static final String D = "d".repeat(40);
  private static final String E = "e".repeat(40);

  /** Fixture listing {@code line} (0-based) showing {@code digests}, withheld when asked. */
  private static ListingRecord listing(int line, boolean withheld, String... digests)
      throws Exception {
    ObjectNode tree = (ObjectNode) JSON.readTree(Files.readAllLines(BASIC).get(line));
    ArrayNode photos = tree.putArray("photos");
    for (String digest : digests) {
      photos.add(PhotoUrls.ref(digest));
    }
    if (withheld) {
      tree.put("internetEntireListingDisplay", false);
    }
    return ListingRecord.parse(tree);
  }

  @Test
  void thePhotosOfLiveDisplayableListingsEachOnce() throws Exception {
    ListingDocuments documents = new ListingDocuments(JSON);
    try (Directory dir = new ByteBuffersDirectory()) {
      IndexWriterConfig config = new IndexWriterConfig().setMergePolicy(NoMergePolicy.INSTANCE);
      try (IndexWriter writer = new IndexWriter(dir, config)) {
        writer.addDocument(documents.toDocument(listing(0, false, B, A)));
        writer.addDocument(documents.toDocument(listing(1, true, C)));
        writer.addDocument(documents.toDocument(listing(2, false, D)));
        writer.commit(); // a second segment follows
        writer.addDocument(documents.toDocument(listing(3, false, A)));
        ListingRecord replaced = listing(2, false, E);
        writer.updateDocument(
            ListingDocuments.key(replaced.mlsId().getAsLong()), documents.toDocument(replaced));
        writer.commit();
      }
      List<String> shown = new ArrayList<>();
      try (DirectoryReader commit = DirectoryReader.open(dir)) {
        CommitPhotos.each(commit, shown::add);
      }
      // A twice (two listings, two segments), C withheld, D replaced by E: in digest order.
      assertEquals(List.of(A, B, E), shown);
    }
  }

  @Test
  void anIndexWithoutMirroredPhotosShowsNone() throws Exception {
    try (Directory dir = new ByteBuffersDirectory()) {
      try (IndexWriter writer = new IndexWriter(dir, new IndexWriterConfig())) {
        writer.addDocument(new ListingDocuments(JSON).toDocument(listing(0, false)));
        writer.commit();
      }
      List<String> shown = new ArrayList<>();
      try (DirectoryReader commit = DirectoryReader.open(dir)) {
        CommitPhotos.each(commit, shown::add);
      }
      assertEquals(List.of(), shown);
    }
  }
}

package io.keybox.indexer.build;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.indexer.ids.IdMap;
import io.keybox.indexer.media.ListingPhotos;
import io.keybox.schema.CommitChanges;
import io.keybox.schema.CommitData;
import io.keybox.schema.listing.ListingDocuments;
import io.keybox.schema.listing.ListingQueries;
import io.keybox.schema.listing.ListingRecord;
import io.keybox.schema.listing.PhotoUrls;
import io.keybox.schema.reso.ResoPropertyRecord;
import io.keybox.schema.shape.InvalidRecordException;
import java.io.IOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig.OpenMode;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;

/**
 * Publishes the mirror's progress: the listings whose mirrored photos changed are written again
 * from their stored JSON with the photos {@link ListingPhotos} now shows (their open houses, which
 * embed them, follow), with one ordinary commit, so replicas, the response cache and every guard
 * see photos arrive exactly as they see any other change. The commit keeps the previous commit's
 * source and counts, with a new refresh time (what the listings show changed).
 */
public final class PhotoCommit {
  private final ObjectMapper mapper;
  private final ListingDocuments documents;
  private final Clock clock;

  public PhotoCommit(ObjectMapper mapper, Clock clock) {
    this.mapper = mapper;
    this.documents = ResoPropertyRecord.documents(mapper);
    this.clock = clock;
  }

  /**
   * Writes again those of {@code identities} (listings' identities in the feed) whose shown photos
   * differ from their indexed ones, and commits when any did.
   *
   * @return the listings written again
   * @throws IOException from the index
   */
  public long apply(VendorLayout layout, ListingPhotos photos, Collection<String> identities)
      throws IOException {
    if (identities.isEmpty()) {
      return 0;
    }
    IdMap ids = IdMap.load(layout.idMap());
    try (Directory dir = FSDirectory.open(layout.indexDir());
        StartingCommit start = StartingCommit.of(dir)) {
      if (start.searcher().isEmpty()) {
        return 0;
      }
      IndexSearcher searcher = start.searcher().get();
      CommitData previous =
          start
              .data()
              .orElseThrow(() -> new IOException(layout.indexDir() + " has no indexer commit"));
      StoredFields stored = searcher.storedFields();
      OpenHouseFollowers followers = new OpenHouseFollowers(start, mapper);
      long rewritten = 0;
      List<Long> changed = new ArrayList<>();
      try (IndexWriter writer =
          new IndexWriter(dir, VendorIndexBuilder.writerConfig().setOpenMode(OpenMode.APPEND))) {
        for (String identity : identities) {
          OptionalLong mlsId = ids.idOf(identity);
          if (mlsId.isEmpty()) {
            continue;
          }
          TopDocs hit = searcher.search(ListingQueries.byMlsId(mlsId.getAsLong()), 1);
          if (hit.scoreDocs.length == 0) {
            continue; // removed since: nothing shows its photos
          }
          ListingRecord indexed;
          try {
            indexed = documents.stored(stored, hit.scoreDocs[0].doc);
          } catch (InvalidRecordException e) {
            throw new IOException("listing " + mlsId.getAsLong() + " in " + layout.indexDir(), e);
          }
          ListingRecord shown = photos.shown(identity, indexed);
          if (PhotoUrls.digests(shown.tree()).equals(PhotoUrls.digests(indexed.tree()))) {
            continue;
          }
          followers.upserted(shown, 0, writer);
          writer.updateDocument(
              ListingDocuments.key(mlsId.getAsLong()), documents.toDocument(shown));
          rewritten++;
          changed.add(mlsId.getAsLong());
        }
        if (rewritten == 0) {
          writer.rollback();
          return 0;
        }
        CommitData data =
            new CommitData(
                clock.instant(), previous.source(), previous.listings(), previous.rejects());
        // Saved searches look at exactly these listings (their photos are no event of theirs).
        Map<String, String> userData = new HashMap<>(data.toUserData());
        userData.putAll(
            new CommitChanges(
                    start.generation(), changed.stream().mapToLong(Long::longValue).toArray())
                .toUserData());
        writer.setLiveCommitData(userData.entrySet());
        writer.commit();
      }
      return rewritten;
    }
  }
}

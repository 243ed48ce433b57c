package io.keybox.server.search;

import io.keybox.schema.listing.IdxRule;
import io.keybox.schema.listing.ListingQueries;
import io.keybox.server.error.NotFoundException;
import io.keybox.server.index.Snapshot;
import java.io.IOException;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;

/** One record found by its key, as a get and a listing's analytics find it. */
final class RecordLookup {
  private RecordLookup() {}

  /**
   * The top-level document of listing {@code mlsId} in {@code snapshot}, when {@code idx} admits
   * it.
   *
   * @throws NotFoundException when there is none, or {@code idx} hides it
   * @throws IOException from the index
   */
  static int listing(Snapshot snapshot, long mlsId, IdxRule idx) throws IOException {
    int doc = ListingQueries.findListing(snapshot.searcher(), mlsId, snapshot.schemaVersion(), idx);
    if (doc < 0) {
      throw new NotFoundException("listing " + mlsId + " not found");
    }
    return doc;
  }

  /**
   * The top-level document that {@code key} selects in {@code searcher}, when {@code idx} admits
   * it.
   *
   * @param record the record as the 404 names it, e.g. {@code listing 102}
   * @throws NotFoundException when there is none, or {@code idx} hides it
   * @throws IOException from the index
   */
  static int admitted(IndexSearcher searcher, Query key, IdxRule idx, String record)
      throws IOException {
    int doc = idx.first(searcher, key);
    if (doc < 0) {
      throw new NotFoundException(record + " not found");
    }
    return doc;
  }
}

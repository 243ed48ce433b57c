package io.keybox.server.search;

import io.keybox.schema.listing.IdxRule;
import io.keybox.schema.listing.ListingQueries;
import io.keybox.server.error.NotFoundException;
import io.keybox.server.index.Snapshot;
import java.io.IOException;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;

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
    if (ListingQueries.hasListingKeys(snapshot.schemaVersion())) {
      // The key term read directly: a query's rewrite, weights and scorers cost most of a lookup.
      int doc = ListingQueries.findListing(snapshot.searcher().getIndexReader(), mlsId, idx);
      if (doc < 0) {
        throw new NotFoundException("listing " + mlsId + " not found");
      }
      return doc;
    }
    return admitted(
        snapshot.searcher(),
        ListingQueries.byMlsId(mlsId, snapshot.schemaVersion()),
        idx,
        "listing " + mlsId);
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
    BooleanQuery.Builder query = new BooleanQuery.Builder();
    query.add(key, Occur.FILTER);
    idx.filter().ifPresent(rule -> query.add(rule, Occur.FILTER));
    ScoreDoc[] hits = searcher.search(query.build(), 1).scoreDocs;
    if (hits.length == 0) {
      throw new NotFoundException(record + " not found");
    }
    return hits[0].doc;
  }
}

package io.keybox.server.search;

import io.keybox.schema.listing.IdxRule;
import io.keybox.schema.listing.ListingFields;
import io.keybox.schema.listing.ListingSource;
import io.keybox.server.error.InvalidRequestException;
import io.keybox.server.error.NotFoundException;
import io.keybox.server.index.Snapshot;
import io.keybox.server.query.FilterQueryBuilder;
import io.keybox.server.query.Include;
import io.keybox.server.query.ListingSearchRequest;
import io.keybox.server.search.exec.PageStoredFields;
import io.keybox.server.search.exec.SortOrder;
import java.io.IOException;
import java.util.Optional;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.search.IndexSearcher;

/** Runs listing searches and lookups on a snapshot. Stateless; safe for concurrent use. */
public final class ListingSearcher {
  /**
   * Searches {@code snapshot}. One more hit than the page holds is fetched to know whether more
   * follow.
   *
   * @throws InvalidRequestException {@code offset too high} when a page past the first is empty
   */
  public ListingPage search(Snapshot snapshot, ListingSearchRequest request) throws IOException {
    IndexSearcher searcher = snapshot.searcher();
    PageHits hits =
        Pager.page(
            searcher,
            FilterQueryBuilder.build(request.filter()),
            SortOrder.missingLast(
                request.sort().sort(request.descending()), request.sort().hasKey()),
            Optional.of(ListingFields.MLS_ID),
            request.paging());
    StoredFields stored = PageStoredFields.of(searcher.getIndexReader(), hits.docs());
    return new ListingPage(
        RecordSources.of(stored, hits.docs(), request.include(), ListingSource::load), hits);
  }

  /**
   * The listing {@code mlsId}, if it exists and {@code idx} admits it.
   *
   * @throws NotFoundException otherwise
   */
  public ListingSource get(Snapshot snapshot, long mlsId, IdxRule idx, Include include)
      throws IOException {
    int doc = RecordLookup.listing(snapshot, mlsId, idx);
    return ListingSource.load(
        snapshot.searcher().storedFields(), doc, include.rooms(), include.compliance());
  }
}

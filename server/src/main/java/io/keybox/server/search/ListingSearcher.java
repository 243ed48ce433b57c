package io.keybox.server.search;

import io.keybox.schema.listing.IdxRule;
import io.keybox.schema.listing.ListingFields;
import io.keybox.schema.listing.ListingQueries;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;

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
    Include include = request.include();
    List<ListingSource> listings = new ArrayList<>(hits.docs().length);
    for (int doc : hits.docs()) {
      listings.add(ListingSource.load(stored, doc, include.rooms(), include.compliance()));
    }
    return new ListingPage(listings, hits);
  }

  /**
   * The listing {@code mlsId}, if it exists and {@code idx} admits it.
   *
   * @throws NotFoundException otherwise
   */
  public ListingSource get(Snapshot snapshot, long mlsId, IdxRule idx, Include include)
      throws IOException {
    BooleanQuery.Builder query = new BooleanQuery.Builder();
    query.add(ListingQueries.byMlsId(mlsId, snapshot.schemaVersion()), Occur.FILTER);
    idx.filter().ifPresent(rule -> query.add(rule, Occur.FILTER));
    IndexSearcher searcher = snapshot.searcher();
    ScoreDoc[] hits = searcher.search(query.build(), 1).scoreDocs;
    if (hits.length == 0) {
      throw new NotFoundException("listing " + mlsId + " not found");
    }
    return ListingSource.load(
        searcher.storedFields(), hits[0].doc, include.rooms(), include.compliance());
  }
}

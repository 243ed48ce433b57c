package io.keybox.server.search;

import io.keybox.schema.listing.IdxRule;
import io.keybox.schema.listing.ListingFields;
import io.keybox.schema.listing.ListingQueries;
import io.keybox.schema.listing.ListingSort;
import io.keybox.schema.listing.ListingSource;
import io.keybox.server.error.ApiException;
import io.keybox.server.index.Snapshot;
import io.keybox.server.query.Include;
import io.keybox.server.query.ListingQueryBuilder;
import io.keybox.server.query.ListingSearchRequest;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.FieldDoc;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.TopFieldDocs;

/** Runs listing searches and lookups on a snapshot. Stateless; safe for concurrent use. */
public final class ListingSearcher {
  /** The first window of {@link #previousCursor}, in mlsIds per listing of the page. */
  private static final long FIRST_WINDOW = 4;

  /** How much each further window of {@link #previousCursor} widens. */
  private static final long WINDOW_GROWTH = 8;

  /**
   * Searches {@code snapshot}. One more hit than the page holds is fetched to know whether more
   * follow.
   *
   * @throws ApiException 400 {@code offset too high} when a page past the first is empty
   */
  public ListingPage search(Snapshot snapshot, ListingSearchRequest request) throws IOException {
    IndexSearcher searcher = snapshot.searcher();
    Query query = ListingQueryBuilder.build(request.filter());
    ScoreDoc[] hits;
    int from;
    OptionalLong previousLastId = OptionalLong.empty();
    if (request.lastId().isPresent()) {
      previousLastId =
          previousCursor(searcher, query, request.lastId().getAsLong(), request.limit());
      // The index is sorted by mlsId, so this sort lets Lucene stop after limit + 1 hits.
      Query afterCursor =
          new BooleanQuery.Builder()
              .add(query, Occur.FILTER)
              .add(ListingFields.MLS_ID.after(request.lastId().getAsLong()), Occur.FILTER)
              .build();
      hits =
          searcher.search(afterCursor, request.limit() + 1, ListingSort.BY_MLS_ID, false).scoreDocs;
      from = 0;
    } else {
      Sort sort = request.sort().sort(request.descending());
      TopFieldDocs top =
          searcher.search(query, request.offset() + request.limit() + 1, sort, false);
      hits = top.scoreDocs;
      from = request.offset();
      if (from > 0 && hits.length <= from) {
        throw ApiException.badRequest(
            "offset too high: offset " + from + " is at or past the number of matches");
      }
    }
    int to = Math.min(hits.length, from + request.limit());
    List<ListingSource> listings = new ArrayList<>(Math.max(0, to - from));
    List<Long> ids = new ArrayList<>(Math.max(0, to - from));
    StoredFields stored = searcher.storedFields();
    Include include = request.include();
    for (int i = from; i < to; i++) {
      listings.add(ListingSource.load(stored, hits[i].doc, include.rooms(), include.compliance()));
      ids.add(mlsIdOf(searcher, hits[i]));
    }
    OptionalLong total =
        request.count() ? OptionalLong.of(searcher.count(query)) : OptionalLong.empty();
    return new ListingPage(listings, ids, hits.length > to, total, previousLastId);
  }

  /**
   * The {@code lastId} whose page is the one before the page after {@code lastId}: the previous
   * page holds the {@code limit} matches with the largest mlsIds at or below {@code lastId}, so its
   * cursor is the match just below those, or 0 when there is none. Empty when no match lies at or
   * below {@code lastId}, i.e. the current page starts at the beginning.
   *
   * <p>A descending mlsId sort over every match at or below the cursor cannot stop early on an
   * index sorted by mlsId ascending: on a 1M-listing walk it scored every match before the cursor
   * and cost five times the page itself. So it looks in a window of mlsIds just below the cursor
   * first ({@link #FIRST_WINDOW} per listing of the page), and widens the window ({@link
   * #WINDOW_GROWTH} times) only while the window holds no more than {@code limit} matches: every
   * match outside the window is smaller than every match inside it. With mlsIds assigned densely,
   * as the indexer does, one window is enough unless the filter admits under a quarter of the
   * listings.
   */
  private static OptionalLong previousCursor(
      IndexSearcher searcher, Query query, long lastId, int limit) throws IOException {
    if (lastId <= 0) {
      return OptionalLong.empty();
    }
    Sort descending = new Sort(ListingFields.MLS_ID.sort(true));
    long span = FIRST_WINDOW * (limit + 1L);
    while (true) {
      // The window is (lastId - span, lastId]; once it would reach below 1 it is open below.
      boolean open = span >= lastId;
      Query inWindow =
          new BooleanQuery.Builder()
              .add(query, Occur.FILTER)
              .add(
                  ListingFields.MLS_ID.range(open ? null : lastId - span + 1, lastId), Occur.FILTER)
              .build();
      ScoreDoc[] before = searcher.search(inWindow, limit + 1, descending, false).scoreDocs;
      if (before.length > limit) {
        return OptionalLong.of(mlsIdOf(searcher, before[limit]));
      }
      if (open) {
        return before.length == 0 ? OptionalLong.empty() : OptionalLong.of(0);
      }
      span = span > Long.MAX_VALUE / WINDOW_GROWTH ? Long.MAX_VALUE : span * WINDOW_GROWTH;
    }
  }

  /**
   * The listing {@code mlsId}, if it exists and {@code idx} admits it.
   *
   * @throws ApiException 404 otherwise
   */
  public ListingSource get(Snapshot snapshot, long mlsId, IdxRule idx, Include include)
      throws IOException {
    BooleanQuery.Builder query = new BooleanQuery.Builder();
    query.add(ListingQueries.byMlsId(mlsId), Occur.FILTER);
    idx.filter().ifPresent(rule -> query.add(rule, Occur.FILTER));
    IndexSearcher searcher = snapshot.searcher();
    ScoreDoc[] hits = searcher.search(query.build(), 1).scoreDocs;
    if (hits.length == 0) {
      throw ApiException.notFound("listing " + mlsId + " not found");
    }
    return ListingSource.load(
        searcher.storedFields(), hits[0].doc, include.rooms(), include.compliance());
  }

  /** The mlsId of a hit, from the sort values when the sort was by mlsId, else from doc values. */
  private static long mlsIdOf(IndexSearcher searcher, ScoreDoc hit) throws IOException {
    if (hit instanceof FieldDoc fieldDoc
        && fieldDoc.fields.length == 1
        && fieldDoc.fields[0] instanceof Long id) {
      return id;
    }
    return ListingFields.MLS_ID
        .valueOf(searcher.getIndexReader(), hit.doc)
        .orElseThrow(() -> new IllegalStateException("listing " + hit.doc + " has no mlsId"));
  }
}

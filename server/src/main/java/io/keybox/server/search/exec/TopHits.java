package io.keybox.server.search.exec;

import java.io.IOException;
import org.apache.lucene.search.FieldDoc;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.TopFieldCollectorManager;
import org.apache.lucene.search.TopFieldDocs;

/**
 * The first hits of a query in a sort's order: the hits {@code IndexSearcher.search(query, n,
 * sort)} finds, found with less work.
 *
 * <p>Lucene's own search counts the first 1,000 matches exactly before its sort may skip any match:
 * only past that count does the sort field's points skip the matches that cannot enter the page,
 * and a search in the index's own order (the mlsId) stop in a segment. No page here reads that
 * count (a total is a count of its own, {@code IndexSearcher.count}), so the skipping starts as
 * soon as the page's {@code n} hits are gathered. The hits are the same; {@code totalHits} is only
 * a lower bound.
 */
public final class TopHits {
  private TopHits() {}

  /**
   * The first {@code n} matches of {@code query} in {@code sort}'s order, each a {@link FieldDoc}
   * with its sort values.
   *
   * @param n at least 1
   */
  public static TopFieldDocs first(IndexSearcher searcher, Query query, int n, Sort sort)
      throws IOException {
    return after(searcher, null, query, n, sort);
  }

  /**
   * The first {@code n} matches of {@code query} in {@code sort}'s order that come after {@code
   * after} (null: from the first).
   *
   * @param n at least 1
   */
  public static TopFieldDocs after(
      IndexSearcher searcher, FieldDoc after, Query query, int n, Sort sort) throws IOException {
    // As IndexSearcher caps it: the queue is allocated whole, and never needs more than the index.
    int hits = Math.max(1, Math.min(n, searcher.getIndexReader().maxDoc()));
    boolean concurrent = searcher.getSlices().length > 1;
    return searcher.search(
        query, new TopFieldCollectorManager(sort.rewrite(searcher), hits, after, hits, concurrent));
  }
}

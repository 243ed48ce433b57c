package io.keybox.server.search.exec;

import java.io.IOException;
import java.util.Arrays;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.search.FieldDoc;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.TopFieldCollectorManager;
import org.apache.lucene.search.TopFieldDocs;

/**
 * The first hits of a query in a sort's order: the hits {@code IndexSearcher.search(query, n,
 * sort)} finds, and in the index's own order (the mlsId) found with less work.
 *
 * <p>Lucene's own search counts the first 1,000 matches exactly before it may cut a search short.
 * In the index's own order it could stop in each segment once the page is full, since every later
 * match sorts after it: a cursor page of 500 listings collected up to 1,000 in every segment. No
 * page here reads that count (a total is a count of its own, {@code IndexSearcher.count}), so in
 * that order a search stops as soon as its {@code n} hits are gathered. In any other order the
 * count stays: there Lucene skips with the sort field's points past it, and starting that from the
 * n-th hit made city searches at 1,000,000 listings a third slower (each new bottom of the page
 * re-estimated the points' count, hundreds of times a search, for little skipping).
 */
public final class TopHits {
  /** What {@code IndexSearcher.search(query, n, sort)} counts exactly before it skips. */
  static final int LUCENE_THRESHOLD = 1_000;

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
    int exactly = inIndexOrder(searcher.getIndexReader(), sort) ? hits : LUCENE_THRESHOLD;
    boolean concurrent = searcher.getSlices().length > 1;
    return searcher.search(
        query,
        new TopFieldCollectorManager(sort.rewrite(searcher), hits, after, exactly, concurrent));
  }

  /** Whether {@code sort} is the index's own order or the first fields of it. */
  static boolean inIndexOrder(IndexReader reader, Sort sort) {
    if (reader.leaves().isEmpty()) {
      return false;
    }
    Sort indexSort = reader.leaves().get(0).reader().getMetaData().sort();
    if (indexSort == null) {
      return false;
    }
    SortField[] fields = sort.getSort();
    SortField[] index = indexSort.getSort();
    return fields.length <= index.length
        && Arrays.equals(fields, Arrays.copyOf(index, fields.length));
  }
}

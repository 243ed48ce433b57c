package io.keybox.server.reso;

import io.keybox.schema.field.LongValueField;
import java.io.IOException;
import java.util.Optional;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.FieldDoc;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.TopFieldCollectorManager;

/**
 * The order of a read, and how the page after a keyset cursor is found in it.
 *
 * <p>Lucene finds a page by sorting the whole match set. On an index kept in mlsId order, a page of
 * a walk ordered by another field (a replica's {@code $orderby=ModificationTimestamp,ListingKey})
 * so visits every match until its queue is full and the points start pruning, and near the end of
 * the walk every match: at 200,000 listings that was half of a 500-record page's time, and it grows
 * with the index. So when the order is led by a whole-number field ({@link #ledBy}), the page after
 * a cursor is first looked for among the matches whose leading value lies in a window next to the
 * cursor's: every match outside the window has a leading value past all those inside it (or none,
 * and those sort last), so a window that holds a whole page holds the page the whole match set
 * gives.
 *
 * <p>The first window is fitted to hold about {@value #MARGIN} pages of records, matching or not,
 * as the points' index counts them ({@link #fit}); one short of a page is widened by what the share
 * of its records that matched asks for (at most {@value #GROWTH} times), and one that would reach
 * past the field's last value takes every value past the cursor. Only when that too is short of a
 * page (the records without a value come last) is the page searched without a window. Each window
 * is a fraction of the next, so the widening costs less than the search of all it replaces. The
 * first page, without a cursor, is searched as it is: a filtered search's first page ({@code
 * $top=20} of a few matches) would only widen windows.
 */
final class PageOrder {
  /** The first window, in pages of records (matching or not). */
  static final int MARGIN = 2;

  /** How much a window short of a page widens at most. */
  static final int GROWTH = 8;

  /** The most counts of the points' index that fit the first window. */
  private static final int FITTINGS = 12;

  private final Sort sort;
  private final Optional<LongValueField> leading;
  private final boolean descending;

  private PageOrder(Sort sort, Optional<LongValueField> leading, boolean descending) {
    this.sort = sort;
    this.leading = leading;
    this.descending = descending;
  }

  /** Pages in {@code sort}, searched as Lucene sorts them. */
  static PageOrder of(Sort sort) {
    return new PageOrder(sort, Optional.empty(), false);
  }

  /**
   * Pages in {@code sort}, whose first field orders by {@code field} ({@code descending} or not):
   * pages after a cursor are searched in windows of its values.
   */
  static PageOrder ledBy(Sort sort, LongValueField field, boolean descending) {
    return new PageOrder(sort, Optional.of(field), descending);
  }

  Sort sort() {
    return sort;
  }

  /**
   * The first {@code n} matches of {@code query} in this order, after {@code after} (null: from the
   * first); each hit a {@link FieldDoc} with its sort values.
   *
   * @throws IOException from the index
   */
  TopDocs page(IndexSearcher searcher, Query query, FieldDoc after, int n) throws IOException {
    if (after == null) {
      return searcher.search(query, n, sort, false);
    }
    Optional<LongValueField.Bounds> found =
        leading.isPresent() ? leading.get().bounds(searcher.getIndexReader()) : Optional.empty();
    if (found.isPresent() && after.fields[0] instanceof Long from) {
      LongValueField.Bounds bounds = found.get();
      double records = (double) n * MARGIN;
      double span = fit(searcher, bounds, from, records, 1);
      while (true) {
        // The last window is every value past the cursor: near the end of a walk the matches
        // before the cursor are most of them, and a search of all would visit each of them.
        boolean last = !inside(bounds, from, span);
        // Every match of the window is collected, without the points' pruning: a window holds a
        // few pages, and pruning it cost more than it saved (a fifth of the search).
        TopDocs hits =
            searcher.search(
                window(query, from, last ? Double.POSITIVE_INFINITY : span),
                new TopFieldCollectorManager(sort, n, after, Integer.MAX_VALUE));
        if (hits.scoreDocs.length >= n) {
          return hits;
        }
        if (last) {
          break; // the records without a value come last: only a search of all has them
        }
        // Short of a page: as many more records as the share of them that matched asks for.
        int matched = hits.scoreDocs.length;
        records *= matched == 0 ? GROWTH : Math.min(GROWTH, 1.25 * n / matched);
        span = fit(searcher, bounds, from, records, 2 * span);
      }
    }
    return searcher.searchAfter(after, query, n, sort, false);
  }

  /**
   * The span of values past {@code from} that about {@code records} records hold, {@code least} at
   * least: from the field's mean density, then fitted to the count the points' index gives. A
   * feed's values are anything but even: its modification times crowd into its last weeks, sixteen
   * times the mean density there in the bench's feed.
   */
  private double fit(
      IndexSearcher searcher, LongValueField.Bounds bounds, long from, double records, double least)
      throws IOException {
    double mean = records * (bounds.max() - (double) bounds.min() + 1) / bounds.count();
    double span = Math.max(least, mean);
    for (int i = 0; i < FITTINGS && inside(bounds, from, span); i++) {
      long[] range = range(from, span);
      double counted = leading.get().estimateCount(searcher.getIndexReader(), range[0], range[1]);
      if (counted >= records && counted <= 2 * records) {
        break;
      }
      double fitted =
          Math.max(least, span * Math.clamp(1.5 * records / Math.max(1, counted), 1.0 / 16, 16));
      if (fitted == span) {
        break; // as narrow as it may be (records sharing one value, or past a short window)
      }
      span = fitted;
    }
    return span;
  }

  /** Whether the window of {@code span} values past {@code from} ends before the last value. */
  private boolean inside(LongValueField.Bounds bounds, long from, double span) {
    return descending ? from - span > bounds.min() : from + span < bounds.max();
  }

  /**
   * The values from {@code from} to {@code span} past it (infinite: to the last value a field may
   * hold), in this order: lowest, highest.
   */
  private long[] range(long from, double span) {
    long end = (long) (descending ? from - span : from + span); // saturates at either end
    return descending ? new long[] {end, from} : new long[] {from, end};
  }

  /** {@code query} in the window of {@code span} values past {@code from}. */
  private Query window(Query query, long from, double span) {
    long[] range = range(from, span);
    return new BooleanQuery.Builder()
        .add(query, Occur.FILTER)
        .add(leading.get().range(range[0], range[1]), Occur.FILTER)
        .build();
  }
}

package io.keybox.server.search.exec;

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
 * Finds a page of an order led by a whole-number field (newest first, say) among the matches whose
 * leading value lies in a window of values, instead of among all of them.
 *
 * <p>Lucene finds a page by visiting every match of the query: a first page of the newest active
 * listings of a 1,000,000-listing index visits half a million of them, a page after a keyset cursor
 * every match past it. Its sort skips matches with the field's points only after it has counted
 * 1,000 of them, and only once they are eight times fewer than the query's matches. Here the page
 * is first looked for among the matches whose leading value lies in a window next to the start (the
 * first or last value, or the cursor's): every match outside the window has a leading value past
 * all those inside it, or none (those sort last), so a window that holds a whole page holds the
 * page the whole match set gives, in the same order.
 *
 * <p>The two kinds of page find their windows and give up differently (the caller then searches the
 * whole match set):
 *
 * <ul>
 *   <li>a <b>first page</b> ({@link #first}) takes the window of the first {@value #FIRST_RECORDS}
 *       records in the order (more for a long page), where it ends read from the field's first
 *       values ({@link ExtremeValues}, exact and read once per snapshot). One short of a page is
 *       widened by what the share of its records that matched asks for, at most {@value
 *       #FIRST_WINDOWS} windows in all, none after a window where nothing matched (a selective
 *       search, a keyword or a rare filter, costs little as it is, and would only widen windows),
 *       and none when one value's ties fill most of a window (bedrooms: the sort's own skipping
 *       does better there);
 *   <li>a <b>page after a cursor</b> ({@link #after}) starts with {@value #CURSOR_MARGIN} pages of
 *       records past the cursor, as the points' index estimates them ({@link #fit}), and widens, at
 *       most {@value #GROWTH} times a step, until a window reaches past the field's last value:
 *       near the end of a walk, the matches before the cursor are most of them, and a search of all
 *       would visit each.
 * </ul>
 *
 * <p>Every match of a window is collected, without the points' pruning: a window holds a few pages,
 * and pruning it cost more than it saved. Thread-safe; immutable.
 */
public final class LeadingWindows {
  /** The first window of a first page, in records (matching or not). */
  static final int FIRST_RECORDS = 512;

  /** The most windows a first page tries. */
  static final int FIRST_WINDOWS = 3;

  /** The first window of a page after a cursor, in pages of records. */
  static final int CURSOR_MARGIN = 2;

  /** How much a cursor's window short of a page widens at most. */
  static final int GROWTH = 8;

  /** How much a first page's window widens at most, once some of its records matched. */
  private static final int FIRST_GROWTH = 64;

  /** The most counts of the points' index that fit a cursor's window. */
  private static final int FITTINGS = 12;

  /**
   * How many times its records a first page's window may hold with the ties of its last value:
   * more, and the field's values are too coarse for windows.
   */
  private static final int COARSE = 8;

  private final LongValueField field;
  private final boolean descending;

  /** Windows of {@code field}'s values, for orders led by it in this direction. */
  public LeadingWindows(LongValueField field, boolean descending) {
    this.field = field;
    this.descending = descending;
  }

  /**
   * The first {@code n} matches of {@code query} in {@code sort}'s order, which must be led by this
   * field in this direction; empty when the windows tried did not hold them (search the whole match
   * set then).
   *
   * @throws IOException from the index
   */
  public Optional<TopDocs> first(IndexSearcher searcher, Query query, Sort sort, int n)
      throws IOException {
    // The first values in this order, so a window of the first R records ends at the R-th.
    long[] first = ExtremeValues.of(searcher.getIndexReader(), field, descending);
    double records = Math.max(FIRST_RECORDS, 2.0 * n);
    for (int tried = 1; tried <= FIRST_WINDOWS && records < first.length; tried++) {
      long last = first[(int) records - 1];
      if (through(first, last) >= Math.min(COARSE * records, first.length - 1)) {
        break; // the last value's ties are most of the window, or run past the values kept
      }
      long[] range = descending ? new long[] {last, first[0]} : new long[] {first[0], last};
      TopDocs hits = search(searcher, query, sort, null, range, n);
      int matched = hits.scoreDocs.length;
      if (matched >= n) {
        return Optional.of(hits);
      }
      if (matched == 0) {
        break;
      }
      records *= Math.clamp(1.5 * n / matched, 2.0, FIRST_GROWTH);
    }
    return Optional.empty();
  }

  /** The index of the last of {@code first}'s values equal to {@code value}, which it holds. */
  private int through(long[] first, long value) {
    int low = 0;
    int high = first.length - 1;
    while (low < high) { // the last index whose value is not past `value` in this order
      int middle = (low + high + 1) >>> 1;
      boolean past = descending ? first[middle] < value : first[middle] > value;
      if (past) {
        high = middle - 1;
      } else {
        low = middle;
      }
    }
    return low;
  }

  /**
   * The first {@code n} matches of {@code query} in {@code sort}'s order after {@code after}, whose
   * first sort value must be this field's; empty when the matches past the cursor that have a value
   * are fewer than {@code n} (the records without one come last: search the whole match set then).
   *
   * @throws IOException from the index
   */
  public Optional<TopDocs> after(
      IndexSearcher searcher, Query query, Sort sort, FieldDoc after, int n) throws IOException {
    Optional<LongValueField.Bounds> found = field.bounds(searcher.getIndexReader());
    if (found.isEmpty() || !(after.fields[0] instanceof Long from)) {
      return Optional.empty();
    }
    LongValueField.Bounds bounds = found.get();
    double records = (double) n * CURSOR_MARGIN;
    double span = fit(searcher, bounds, from, records, 1);
    while (true) {
      // The last window is every value past the cursor.
      boolean last = !inside(bounds, from, span);
      TopDocs hits =
          search(
              searcher, query, sort, after, range(from, last ? Double.POSITIVE_INFINITY : span), n);
      if (hits.scoreDocs.length >= n) {
        return Optional.of(hits);
      }
      if (last) {
        return Optional.empty();
      }
      // Short of a page: as many more records as the share of them that matched asks for.
      int matched = hits.scoreDocs.length;
      records *= matched == 0 ? GROWTH : Math.min(GROWTH, 1.25 * n / matched);
      span = fit(searcher, bounds, from, records, 2 * span);
    }
  }

  /**
   * The first {@code n} matches of {@code query} whose value is in {@code range}, after {@code
   * after}.
   */
  private TopDocs search(
      IndexSearcher searcher, Query query, Sort sort, FieldDoc after, long[] range, int n)
      throws IOException {
    Query window =
        new BooleanQuery.Builder()
            .add(query, Occur.FILTER)
            .add(field.range(range[0], range[1]), Occur.FILTER)
            .build();
    return searcher.search(
        window, new TopFieldCollectorManager(sort, n, after, Integer.MAX_VALUE, false));
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
      double counted = field.estimateCount(searcher.getIndexReader(), range[0], range[1]);
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
}

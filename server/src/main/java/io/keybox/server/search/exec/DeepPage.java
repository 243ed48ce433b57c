package io.keybox.server.search.exec;

import java.io.IOException;
import java.util.Collection;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.search.Collector;
import org.apache.lucene.search.CollectorManager;
import org.apache.lucene.search.FieldDoc;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.LeafCollector;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.Scorable;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.SortedNumericSelector;
import org.apache.lucene.search.SortedNumericSortField;
import org.apache.lucene.util.LongHeap;
import org.apache.lucene.util.NumericUtils;

/**
 * A deep page of a sort by a numeric field whose every match has a value, in two passes (see {@link
 * SortOrder}): the sort value at the offset from a heap of longs, then the hits from that value on
 * with {@code searchAfter}.
 */
final class DeepPage {
  private DeepPage() {}

  /**
   * Whether {@link #find} can page {@code sort}: by a long or double field, then by long fields
   * only (so that "before every tie" can be written as a sort value).
   */
  static boolean applies(Sort sort) {
    SortField[] fields = sort.getSort();
    if (!(fields[0] instanceof SortedNumericSortField key)
        || (key.getNumericType() != SortField.Type.LONG
            && key.getNumericType() != SortField.Type.DOUBLE)) {
      return false;
    }
    for (int i = 1; i < fields.length; i++) {
      if (!(fields[i] instanceof SortedNumericSortField tie)
          || tie.getNumericType() != SortField.Type.LONG) {
        return false;
      }
    }
    return true;
  }

  /**
   * The matches of {@code query} (each of which has a value of {@code sort}'s first field) from
   * {@code offset} on, at most {@code count} (fewer when the matches end inside the page), and how
   * many matches there are in all.
   */
  static Found find(IndexSearcher searcher, Query query, Sort sort, int offset, int count)
      throws IOException {
    SortedNumericSortField key = (SortedNumericSortField) sort.getSort()[0];
    ValueAtRank first = searcher.search(query, new ValueAtRank.Manager(key, offset + 1));
    if (first.matches() <= offset) {
      return new Found(new ScoreDoc[0], first.matches());
    }
    // Every hit from the offset's value on: the ties of that value come before it in the page
    // order only if they are among the `ahead` matches, so skip what the offset skips of them.
    int skip = offset - first.ahead();
    ScoreDoc[] hits =
        searcher.searchAfter(before(sort, key, first.value()), query, skip + count, sort, false)
            .scoreDocs;
    return new Found(SortOrder.from(hits, skip), first.matches());
  }

  /** The hits of a page, and the number of matches of its query. */
  record Found(ScoreDoc[] hits, long matches) {}

  /** A position just before the first record whose sort value is {@code raw}. */
  private static FieldDoc before(Sort sort, SortedNumericSortField key, long raw) {
    SortField[] fields = sort.getSort();
    Object[] values = new Object[fields.length];
    values[0] =
        key.getNumericType() == SortField.Type.DOUBLE
            ? (Object) NumericUtils.sortableLongToDouble(raw)
            : (Object) raw;
    for (int i = 1; i < fields.length; i++) {
      values[i] = fields[i].getReverse() ? Long.MAX_VALUE : Long.MIN_VALUE;
    }
    return new FieldDoc(-1, Float.NaN, values);
  }

  /**
   * The {@code rank}-th sort value of the matches (1 is the first in sort order), as a raw doc
   * value; how many matches sort strictly before it; and how many matches there are.
   */
  private record ValueAtRank(long value, int ahead, long matches) {

    /**
     * Keeps the best {@code rank} values of each slice in a min-heap of "goodness" (the raw value
     * for a descending sort, its complement for an ascending one), so the heap's top is the rank-th
     * value.
     */
    private record Manager(SortedNumericSortField key, int rank)
        implements CollectorManager<Best, ValueAtRank> {

      @Override
      public Best newCollector() {
        return new Best(key, new LongHeap(rank));
      }

      @Override
      public ValueAtRank reduce(Collection<Best> collectors) {
        LongHeap all = new LongHeap(rank);
        long matches = 0;
        for (Best best : collectors) {
          matches += best.matches;
          for (int i = 1; i <= best.heap.size(); i++) {
            all.insertWithOverflow(best.heap.get(i));
          }
        }
        if (all.size() < rank) {
          return new ValueAtRank(0, 0, matches);
        }
        long top = all.top();
        int ahead = 0;
        for (int i = 1; i <= all.size(); i++) {
          if (all.get(i) > top) {
            ahead++;
          }
        }
        return new ValueAtRank(key.getReverse() ? top : ~top, ahead, matches);
      }
    }
  }

  /** The best sort values of one slice's matches. */
  private static final class Best implements Collector {
    private final SortedNumericSortField key;
    private final LongHeap heap;
    private long matches;

    Best(SortedNumericSortField key, LongHeap heap) {
      this.key = key;
      this.heap = heap;
    }

    @Override
    public ScoreMode scoreMode() {
      return ScoreMode.COMPLETE_NO_SCORES;
    }

    @Override
    public LeafCollector getLeafCollector(LeafReaderContext context) throws IOException {
      // As LONG: the stored sortable encoding, in sort order for doubles too (wrapping as DOUBLE
      // would decode it to the double's bits, which do not sort).
      NumericDocValues values =
          SortedNumericSelector.wrap(
              DocValues.getSortedNumeric(context.reader(), key.getField()),
              key.getSelector(),
              SortField.Type.LONG);
      boolean reverse = key.getReverse();
      return new LeafCollector() {
        @Override
        public void setScorer(Scorable scorer) {}

        @Override
        public void collect(int doc) throws IOException {
          if (values.advanceExact(doc)) {
            long raw = values.longValue();
            heap.insertWithOverflow(reverse ? raw : ~raw);
            matches++;
          }
        }
      };
    }
  }
}

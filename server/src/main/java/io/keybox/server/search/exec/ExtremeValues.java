package io.keybox.server.search.exec;

import io.keybox.schema.field.LongValueField;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.SortedNumericDocValues;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.util.Bits;
import org.apache.lucene.util.IntroSelector;

/**
 * The first values of a whole-number field in an order (the largest, or the smallest), at most
 * {@value #KEPT} of them, read once per reader and kept until the reader closes: where the window
 * of the newest N records begins, without counting them on every search.
 *
 * <p>The points' index can only estimate how many records a range holds, to half a leaf of points
 * in each segment at each end: at 1,000,000 listings in twenty segments, to about 5,000 records,
 * ten times the window a first page wants. The values themselves say it exactly: reading a field's
 * doc values once and selecting the first {@value #KEPT} takes a few milliseconds at that size, the
 * first time a snapshot's search asks for them.
 */
final class ExtremeValues {
  /** The most values kept per field and direction: the largest window a first page may use. */
  static final int KEPT = 1 << 16;

  private static final Map<IndexReader.CacheKey, Map<String, long[]>> READERS =
      new ConcurrentHashMap<>();

  private ExtremeValues() {}

  /**
   * The first values of {@code field} in {@code reader} (the largest first when {@code descending},
   * else the smallest first), one a live record holding one; empty when the reader cannot say when
   * it closes (nothing is kept then).
   */
  static long[] of(IndexReader reader, LongValueField field, boolean descending) {
    IndexReader.CacheHelper helper = reader.getReaderCacheHelper();
    if (helper == null) {
      return new long[0];
    }
    Map<String, long[]> fields =
        READERS.computeIfAbsent(
            helper.getKey(),
            key -> {
              helper.addClosedListener(READERS::remove);
              return new ConcurrentHashMap<>();
            });
    return fields.computeIfAbsent(
        field.name() + (descending ? " desc" : " asc"), name -> read(reader, field, descending));
  }

  /** How many readers have values kept (for tests). */
  static int readersKept() {
    return READERS.size();
  }

  private static long[] read(IndexReader reader, LongValueField field, boolean descending) {
    try {
      long[] values = new long[reader.numDocs()];
      int count = 0;
      for (LeafReaderContext leaf : reader.leaves()) {
        SortedNumericDocValues docValues = DocValues.getSortedNumeric(leaf.reader(), field.name());
        Bits live = leaf.reader().getLiveDocs();
        for (int doc = docValues.nextDoc();
            doc != DocIdSetIterator.NO_MORE_DOCS;
            doc = docValues.nextDoc()) {
          if (live == null || live.get(doc)) {
            // The sort's own value: the smallest of a record's (SortedNumericSelector.Type.MIN).
            long value = docValues.nextValue();
            values[count++] = descending ? ~value : value; // ~ reverses the order, never overflows
          }
        }
      }
      int kept = Math.min(KEPT, count);
      if (kept < count) {
        select(values, count, kept);
      }
      long[] first = Arrays.copyOf(values, kept);
      Arrays.sort(first);
      if (descending) {
        for (int i = 0; i < kept; i++) {
          first[i] = ~first[i];
        }
      }
      return first;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Moves the {@code kept} smallest of {@code values[0, count)} to its front, in any order. */
  private static void select(long[] values, int count, int kept) {
    new IntroSelector() {
      private long pivot;

      @Override
      protected void swap(int i, int j) {
        long swapped = values[i];
        values[i] = values[j];
        values[j] = swapped;
      }

      @Override
      protected void setPivot(int i) {
        pivot = values[i];
      }

      @Override
      protected int comparePivot(int j) {
        return Long.compare(pivot, values[j]);
      }
    }.select(0, count, kept - 1);
  }
}

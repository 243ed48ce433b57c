package io.keybox.server.search.exec;

import java.io.IOException;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.SortedNumericDocValues;

/**
 * Reads one segment's geo points, as {@code LatLonDocValuesField} encodes them (latitude in the
 * high 32 bits, longitude in the low ones), for a block of documents at a time: through Lucene's
 * bulk read when every document of the segment has a point, one document at a time otherwise. Not
 * thread-safe; like every doc values iterator it only moves forward.
 */
public final class PointColumn {
  private final SortedNumericDocValues values;
  // The same values as a single-valued iterator when every document has exactly one, else null.
  private final NumericDocValues dense;

  private PointColumn(SortedNumericDocValues values, NumericDocValues dense) {
    this.values = values;
    this.dense = dense;
  }

  /**
   * The points of {@code field} in one segment.
   *
   * @throws IOException from the index
   */
  public static PointColumn of(LeafReader leaf, String field) throws IOException {
    SortedNumericDocValues values = DocValues.getSortedNumeric(leaf, field);
    NumericDocValues single = DocValues.unwrapSingleton(values);
    return new PointColumn(
        values, single != null && ColumnReader.everyDocumentHasOne(leaf, field) ? single : null);
  }

  /**
   * Reads the points of {@code docs[0..size)} into {@code into}, dropping the documents that have
   * none: afterwards {@code docs[i]} and {@code into[i]} for {@code i} below the returned count are
   * the documents with a point, still in ascending order, and their encoded points.
   *
   * @param docs segment doc ids, strictly ascending, and greater than those of any earlier call
   * @return how many of the documents have a point
   * @throws IOException from the index
   */
  public int read(int[] docs, int size, long[] into) throws IOException {
    if (dense != null) {
      dense.longValues(size, docs, into, 0L);
      return size;
    }
    int kept = 0;
    for (int i = 0; i < size; i++) {
      if (values.advanceExact(docs[i])) {
        docs[kept] = docs[i];
        into[kept++] = values.nextValue(); // a listing has one position
      }
    }
    return kept;
  }
}

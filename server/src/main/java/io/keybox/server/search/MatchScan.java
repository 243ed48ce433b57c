package io.keybox.server.search;

import io.keybox.schema.field.NumericColumn;
import java.io.IOException;
import java.util.List;
import org.apache.lucene.facet.FacetsCollector;
import org.apache.lucene.facet.FacetsCollector.MatchingDocs;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.DoubleValues;

/**
 * Reads numeric doc values of every collected match in one pass, segment by segment in doc order
 * (doc values only move forward). No stored document is loaded.
 */
final class MatchScan {
  /** Receives the values of one match: {@code row[i]} is column i's value, NaN when missing. */
  @FunctionalInterface
  interface Row {
    void accept(double[] row);
  }

  private MatchScan() {}

  /**
   * Hands the values of {@code columns} of every match in {@code matches} to {@code row}. The array
   * is reused between calls.
   *
   * @throws IOException from the index
   */
  static void scan(FacetsCollector matches, List<NumericColumn> columns, Row row)
      throws IOException {
    double[] values = new double[columns.size()];
    for (MatchingDocs segment : matches.getMatchingDocs()) {
      if (segment.totalHits() == 0 || segment.bits() == null) {
        continue;
      }
      DocIdSetIterator docs = segment.bits().iterator();
      if (docs == null) {
        continue;
      }
      DoubleValues[] readers = new DoubleValues[columns.size()];
      for (int i = 0; i < readers.length; i++) {
        readers[i] = columns.get(i).doubleValues(segment.context().reader());
      }
      for (int doc = docs.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = docs.nextDoc()) {
        for (int i = 0; i < readers.length; i++) {
          values[i] = readers[i].advanceExact(doc) ? readers[i].doubleValue() : Double.NaN;
        }
        row.accept(values);
      }
    }
  }

  /** The number of matches {@code matches} collected. */
  static long count(FacetsCollector matches) {
    long total = 0;
    for (MatchingDocs segment : matches.getMatchingDocs()) {
      total += segment.totalHits();
    }
    return total;
  }
}

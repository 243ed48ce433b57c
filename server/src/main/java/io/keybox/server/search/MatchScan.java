package io.keybox.server.search;

import io.keybox.schema.field.NumericColumn;
import io.keybox.server.search.exec.ColumnReader;
import java.io.IOException;
import java.util.List;
import org.apache.lucene.facet.FacetsCollector;
import org.apache.lucene.facet.FacetsCollector.MatchingDocs;
import org.apache.lucene.search.DocIdSetIterator;

/**
 * Reads numeric doc values of every collected match in one pass, segment by segment in doc order
 * (doc values only move forward), a block of matches per column at a time so that dense columns are
 * decoded in bulk ({@link ColumnReader}). No stored document is loaded.
 */
final class MatchScan {
  // Matches per block: enough to read each column for many matches per call, few enough to stay
  // in cache.
  private static final int BLOCK = 1024;

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
    int[] docs = new int[BLOCK];
    double[][] block = new double[columns.size()][BLOCK];
    double[] values = new double[columns.size()];
    for (MatchingDocs segment : matches.getMatchingDocs()) {
      if (segment.totalHits() == 0 || segment.bits() == null) {
        continue;
      }
      DocIdSetIterator matched = segment.bits().iterator();
      if (matched == null) {
        continue;
      }
      ColumnReader[] readers = new ColumnReader[columns.size()];
      for (int c = 0; c < readers.length; c++) {
        readers[c] = ColumnReader.of(segment.context().reader(), columns.get(c));
      }
      int doc = matched.nextDoc();
      while (doc != DocIdSetIterator.NO_MORE_DOCS) {
        int size = 0;
        for (; size < BLOCK && doc != DocIdSetIterator.NO_MORE_DOCS; doc = matched.nextDoc()) {
          docs[size++] = doc;
        }
        for (int c = 0; c < readers.length; c++) {
          readers[c].read(docs, size, block[c]);
        }
        for (int r = 0; r < size; r++) {
          for (int c = 0; c < values.length; c++) {
            values[c] = block[c][r];
          }
          row.accept(values);
        }
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

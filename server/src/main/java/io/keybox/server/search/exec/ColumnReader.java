package io.keybox.server.search.exec;

import io.keybox.schema.field.NumericColumn;
import java.io.IOException;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.SortedNumericDocValues;

/**
 * Reads one {@link NumericColumn} of one segment for a block of documents at a time, for scans over
 * many matches (analytics). A column that holds a value for every document of the segment is read
 * through Lucene's bulk {@link NumericDocValues#longValues(int, int[], int, long[], int, long)}:
 * Lucene 10.6 decodes a block of consecutive doc ids of a byte-aligned column in one call (a scan
 * over every listing) and otherwise reads one document at a time, as this class does for the other
 * columns. Not thread-safe; like every doc values iterator it only moves forward.
 *
 * <pre>{@code
 * ColumnReader prices = ColumnReader.of(leaf.reader(), ListingFields.LIST_PRICE);
 * prices.read(docs, size, into); // into[i]: the price of docs[i], NaN when it has none
 * }</pre>
 */
public final class ColumnReader {
  private final SortedNumericDocValues values;
  // The same values as a single-valued iterator when every document of the segment has exactly
  // one, else null.
  private final NumericDocValues dense;
  private final NumericColumn column;
  private long[] raw = new long[0];

  private ColumnReader(LeafReader leaf, NumericColumn column) throws IOException {
    this.values = DocValues.getSortedNumeric(leaf, column.name());
    NumericDocValues single = DocValues.unwrapSingleton(values);
    this.dense = single != null && everyDocumentHasOne(leaf, column.name()) ? single : null;
    this.column = column;
  }

  /**
   * The values of {@code column} in one segment, read a block of documents at a time. NOTE: like
   * every doc values iterator, it only moves forward: ask for documents in increasing order.
   *
   * @throws IOException from the index
   */
  public static ColumnReader of(LeafReader leaf, NumericColumn column) throws IOException {
    return new ColumnReader(leaf, column);
  }

  /**
   * Whether every document of {@code leaf} has a value: asked of a second iterator, by its first
   * run of documents with a value (not by {@code cost()}, which is only an estimate by contract; a
   * document without a value read in bulk would come back as 0, not as missing).
   */
  static boolean everyDocumentHasOne(LeafReader leaf, String field) throws IOException {
    SortedNumericDocValues probe = DocValues.getSortedNumeric(leaf, field);
    return leaf.maxDoc() > 0 && probe.nextDoc() == 0 && probe.docIDRunEnd() >= leaf.maxDoc();
  }

  /**
   * Sets {@code into[i]} to the value of document {@code docs[i]}, or NaN when it has none, for
   * every {@code i < size}.
   *
   * @param docs segment doc ids, strictly ascending, and greater than those of any earlier call
   * @throws IOException from the index
   */
  public void read(int[] docs, int size, double[] into) throws IOException {
    if (dense == null) {
      for (int i = 0; i < size; i++) {
        into[i] = values.advanceExact(docs[i]) ? column.decode(values.nextValue()) : Double.NaN;
      }
      return;
    }
    if (raw.length < size) {
      raw = new long[size];
    }
    dense.longValues(size, docs, 0, raw, 0, 0L);
    for (int i = 0; i < size; i++) {
      into[i] = column.decode(raw[i]);
    }
  }
}

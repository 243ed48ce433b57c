package io.keybox.schema.field;

import java.io.IOException;
import org.apache.lucene.index.LeafReader;

/**
 * A numeric field whose single value per record can be read back from doc values, as a double, for
 * aggregation over matches (sums, means, medians, histograms) without loading stored documents.
 *
 * <pre>{@code
 * ColumnReader prices = ListingFields.LIST_PRICE.columnReader(leaf.reader());
 * prices.read(docs, size, into); // into[i]: the price of docs[i], NaN when it has none
 * }</pre>
 */
public sealed interface NumericColumn permits LongValueField, DoubleValueField {
  /** The Lucene field name. */
  String name();

  /**
   * The values of one segment, read a block of documents at a time. NOTE: like every doc values
   * iterator, it only moves forward: ask for documents in increasing order.
   *
   * @throws IOException from the index
   */
  ColumnReader columnReader(LeafReader leaf) throws IOException;
}

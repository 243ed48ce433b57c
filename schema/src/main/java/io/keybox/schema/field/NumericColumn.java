package io.keybox.schema.field;

import java.io.IOException;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.search.DoubleValues;

/**
 * A numeric field whose single value per record can be read back from doc values, as a double, for
 * aggregation over matches (sums, means, medians, histograms) without loading stored documents.
 *
 * <pre>{@code
 * DoubleValues prices = ListingFields.LIST_PRICE.doubleValues(leaf.reader());
 * if (prices.advanceExact(doc)) {
 *   sum += prices.doubleValue();
 * }
 * }</pre>
 */
public sealed interface NumericColumn permits LongValueField, DoubleValueField {
  /** The Lucene field name. */
  String name();

  /**
   * The values of one segment. NOTE: like every doc values iterator, it only moves forward: ask for
   * documents in increasing order.
   *
   * @throws IOException from the index
   */
  DoubleValues doubleValues(LeafReader leaf) throws IOException;
}

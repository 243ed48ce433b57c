package io.keybox.schema.field;

/**
 * A numeric field whose single value per record is kept in doc values and read back as a double for
 * aggregation over matches (sums, means, medians, histograms) without loading stored documents. The
 * reading itself is search execution ({@code io.keybox.server.search.exec.ColumnReader}); a column
 * says where its values are and how to decode them.
 */
public sealed interface NumericColumn permits LongValueField, DoubleValueField {
  /** The Lucene field name; its sorted-numeric doc values hold the values. */
  String name();

  /** The value a raw doc value of this field stands for. */
  double decode(long docValue);
}

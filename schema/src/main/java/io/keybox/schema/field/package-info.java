/**
 * Field types: each one knows how one kind of value is held in Lucene and, from that, how it is
 * queried and sorted (the pattern of Lucene's {@code LatLonPoint.newPolygonQuery}: the field type
 * owns its queries).
 *
 * <p>A field definition is immutable and couples a name, an extractor that reads the value from a
 * canonical record, and the Lucene structures that hold it. {@link
 * io.keybox.schema.field.SortOrder} is how a page sorted by such fields is searched: records
 * without the key last, deep pages from the offset's sort value. {@link
 * io.keybox.schema.field.ColumnReader} reads a numeric field's doc values for many matches at a
 * time, and {@link io.keybox.schema.field.Median} takes the median of what it read: how such fields
 * are aggregated. Depends on Lucene core and Jackson only.
 */
package io.keybox.schema.field;

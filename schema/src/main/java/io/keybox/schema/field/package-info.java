/**
 * Field types: each one knows how one kind of value is held in Lucene and, from that, how it is
 * queried and sorted (the pattern of Lucene's {@code LatLonPoint.newPolygonQuery}: the field type
 * owns its queries).
 *
 * <p>A field definition is immutable and couples a name, an extractor that reads the value from a
 * canonical record, and the Lucene structures that hold it. Small capability interfaces say what a
 * field supports, and are what the filter tables and sorts take: {@link
 * io.keybox.schema.field.TermQueryable} (any of a set of values), {@link
 * io.keybox.schema.field.AllOfQueryable} (all of them), {@link
 * io.keybox.schema.field.RangeQueryable} (an inclusive range), {@link
 * io.keybox.schema.field.SortableField} (a sort, records without a value last) and {@link
 * io.keybox.schema.field.NumericColumn} (one number per record in doc values, for aggregation). How
 * a page is searched, stored fields and columns are read, and medians taken is search execution, in
 * the server ({@code io.keybox.server.search.exec}). Depends on Lucene core and Jackson only.
 */
package io.keybox.schema.field;

package io.keybox.schema.field;

import org.apache.lucene.search.FieldExistsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.SortField;

/** A field that pages can be sorted by, records without a value coming last. */
public interface SortableField {
  /** The Lucene field name. */
  String name();

  /** A sort on this field; records without the value come last in both directions. */
  SortField sort(boolean descending);

  /**
   * The records that have a value of this field: a sort reads doc values, so the field has them on
   * exactly those records.
   */
  default Query hasValue() {
    return new FieldExistsQuery(name());
  }
}

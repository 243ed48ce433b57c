package io.keybox.schema.field;

import org.apache.lucene.search.Query;

/**
 * A field of one ordered value per record, whose records can be matched by an inclusive range; a
 * record without the value never matches.
 *
 * @param <T> the value
 */
public interface RangeQueryable<T> {
  /** The Lucene field name. */
  String name();

  /** Inclusive range; a null bound is open. */
  Query range(T min, T max);
}

package io.keybox.schema.filter;

/** How a filter's values become a condition on its field. */
public enum FilterKind {
  /** The field holds any of the values (one clause, however many values). */
  ANY_OF,
  /** The field holds every one of the values (one clause per value). */
  ALL_OF,
  /** The field's value is at least this (with a {@link #MAX} of the same field: one range). */
  MIN,
  /** The field's value is at most this. */
  MAX,
  /** Every word of a text matches the field's words (one clause per word). */
  TEXT,
  /** A rule of its own: the row says how its values are read and what they match. */
  CUSTOM
}

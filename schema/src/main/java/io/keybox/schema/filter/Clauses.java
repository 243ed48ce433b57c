package io.keybox.schema.filter;

/**
 * How many Lucene clauses a filter's values become. Lucene refuses a query of more than 1,024
 * clauses in all, so the filters that grow with their input are capped per parameter.
 */
public enum Clauses {
  /** One clause whatever the number of values. */
  ONE,
  /** One clause per value. */
  PER_VALUE,
  /** One clause per word of each value (at least one per value). */
  PER_WORD
}

package io.keybox.server.query;

import io.keybox.schema.field.TokenField;
import io.keybox.schema.filter.Filter;
import io.keybox.server.error.InvalidRequestException;
import java.util.List;

/**
 * Caps the filters that become one Lucene clause per word or value ({@link Filter#clauses()}): the
 * words of {@code q} (one clause each, and at least one per value) and of an agent {@code name},
 * and the values of {@code features}, {@code exteriorFeatures} and {@code water}. Lucene refuses a
 * query of more than 1,024 clauses in all ({@code IndexSearcher.getMaxClauseCount()}), which would
 * be a failed search; with at most {@link #MAX} per parameter, all of them together stay well under
 * it, and too many is a 400 naming the parameter. The other filters are one clause whatever their
 * length.
 */
final class ClauseBudget {
  /** The most words or values one of these parameters may hold: far above what a form sends. */
  static final int MAX = 100;

  private ClauseBudget() {}

  /**
   * Checks the raw values of {@code row}.
   *
   * @throws InvalidRequestException when they make more than {@link #MAX} clauses (a text without
   *     words counts as one)
   */
  static void check(Filter<?> row, List<String> values) {
    switch (row.clauses()) {
      case ONE -> {}
      case PER_VALUE -> check(row.name(), values.size(), "values");
      case PER_WORD -> {
        int clauses = 0;
        for (String text : values) {
          clauses += Math.max(1, TokenField.words(text).size());
        }
        check(row.name(), clauses, "words");
      }
    }
  }

  private static void check(String name, int count, String what) {
    if (count > MAX) {
      throw new InvalidRequestException(
          name + ": at most " + MAX + " " + what + " per request (got " + count + ")");
    }
  }
}

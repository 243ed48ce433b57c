package io.keybox.server.query;

import io.keybox.schema.field.TokenField;
import io.keybox.server.error.InvalidRequestException;
import java.util.List;
import java.util.Optional;

/**
 * Caps the filters that become one Lucene clause per word or value: the words of {@code q} (one
 * clause each, and at least one per value) and of an agent {@code name}, and the values of {@code
 * features}, {@code exteriorFeatures} and {@code water}. Lucene refuses a query of more than 1,024
 * clauses in all ({@code IndexSearcher.getMaxClauseCount()}), which would be a failed search; with
 * at most {@link #MAX} per parameter, all of them together stay well under it, and too many is a
 * 400 naming the parameter. The other list filters are one clause whatever their length.
 */
final class ClauseBudget {
  /** The most words or values one of these parameters may hold: far above what a form sends. */
  static final int MAX = 100;

  private ClauseBudget() {}

  /**
   * The values of {@code name}, each one clause.
   *
   * @throws InvalidRequestException when there are more than {@link #MAX}
   */
  static List<String> values(Params params, String name) {
    List<String> values = params.values(name);
    check(name, values.size(), "values");
    return values;
  }

  /**
   * The texts of {@code name}, each matched word by word.
   *
   * @throws InvalidRequestException when they hold more than {@link #MAX} words (a text without
   *     words counts as one)
   */
  static List<String> texts(Params params, String name) {
    List<String> texts = params.values(name);
    int clauses = 0;
    for (String text : texts) {
      clauses += Math.max(1, TokenField.words(text).size());
    }
    check(name, clauses, "words");
    return texts;
  }

  /**
   * The first text of {@code name}, matched word by word.
   *
   * @throws InvalidRequestException when it holds more than {@link #MAX} words
   */
  static Optional<String> text(Params params, String name) {
    Optional<String> text = params.first(name);
    text.ifPresent(t -> check(name, TokenField.words(t).size(), "words"));
    return text;
  }

  private static void check(String name, int count, String what) {
    if (count > MAX) {
      throw new InvalidRequestException(
          name + ": at most " + MAX + " " + what + " per request (got " + count + ")");
    }
  }
}

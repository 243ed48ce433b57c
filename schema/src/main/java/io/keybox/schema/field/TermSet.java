package io.keybox.schema.field;

import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.automaton.Automata;
import org.apache.lucene.util.automaton.Automaton;
import org.apache.lucene.util.automaton.Operations;

/**
 * A set of values of a {@link KeywordField}, compared in its normal form: the condition one value
 * of a multi-valued field must meet (OData's {@code any} and {@code all} lambdas). Held as an
 * automaton over the UTF-8 bytes of the indexed terms, so sets combine ({@link #or}, {@link #and})
 * and complement ({@link #not}) exactly, whatever terms the index holds; a set of whole values also
 * keeps them as a list, which {@link KeywordField#anyValueIn} turns into a term lookup.
 *
 * <pre>{@code
 * TermSet patioOrPool = TermSet.of(List.of("Patio")).or(TermSet.of(List.of("Pool")));
 * Query onlyThose = ListingFields.EXTERIOR_FEATURES.everyValueIn(patioOrPool);
 * }</pre>
 *
 * <p>NOTE: {@link #not} and {@link #and} of prefix or substring sets determinize an automaton;
 * Lucene refuses one past {@link Operations#DEFAULT_DETERMINIZE_WORK_LIMIT} with a {@link
 * org.apache.lucene.util.automaton.TooComplexToDeterminizeException}, which callers report as a bad
 * request.
 */
public final class TermSet {
  private final Automaton automaton;
  private final Optional<List<String>> values;

  private TermSet(Automaton automaton, Optional<List<String>> values) {
    this.automaton = Operations.determinize(automaton, Operations.DEFAULT_DETERMINIZE_WORK_LIMIT);
    this.values = values;
  }

  /** The whole values {@code values}, each normalized as the field indexes it. */
  public static TermSet of(Collection<String> values) {
    TreeSet<BytesRef> terms = new TreeSet<>();
    values.forEach(v -> terms.add(new BytesRef(KeywordField.normalize(v))));
    return new TermSet(
        Automata.makeBinaryStringUnion(terms),
        Optional.of(terms.stream().map(BytesRef::utf8ToString).toList()));
  }

  /** The values that start with {@code prefix} (in normal form). */
  public static TermSet startingWith(String prefix) {
    return new TermSet(
        Operations.concatenate(
            Automata.makeBinary(new BytesRef(KeywordField.normalize(prefix))),
            Automata.makeAnyBinary()),
        Optional.empty());
  }

  /** The values that contain {@code text} (in normal form). */
  public static TermSet containing(String text) {
    return new TermSet(
        Operations.concatenate(
            List.of(
                Automata.makeAnyBinary(),
                Automata.makeBinary(new BytesRef(KeywordField.normalize(text))),
                Automata.makeAnyBinary())),
        Optional.empty());
  }

  /** The values in this set or in {@code other}. */
  public TermSet or(TermSet other) {
    Optional<List<String>> both =
        values.isPresent() && other.values.isPresent()
            ? Optional.of(
                Stream.concat(values.get().stream(), other.values.get().stream())
                    .distinct()
                    .toList())
            : Optional.empty();
    return new TermSet(Operations.union(automaton, other.automaton), both);
  }

  /** The values in this set and in {@code other}. */
  public TermSet and(TermSet other) {
    return new TermSet(Operations.intersection(automaton, other.automaton), Optional.empty());
  }

  /** Every value not in this set. */
  public TermSet not() {
    return new TermSet(
        Operations.minus(
            Automata.makeAnyBinary(), automaton, Operations.DEFAULT_DETERMINIZE_WORK_LIMIT),
        Optional.empty());
  }

  /** The deterministic automaton over UTF-8 bytes accepting the set's terms. */
  Automaton automaton() {
    return automaton;
  }

  /** The set's whole values in normal form, when it is a plain list of them. */
  Optional<List<String>> values() {
    return values;
  }
}

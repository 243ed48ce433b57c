package io.keybox.schema.filter;

import io.keybox.schema.field.AllOfQueryable;
import io.keybox.schema.field.RangeQueryable;
import io.keybox.schema.field.TermQueryable;
import io.keybox.schema.field.TokenField;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.apache.lucene.search.Query;

/**
 * One query parameter of a search: a row of a resource's {@link FilterTable}. A row says the
 * parameter's name, the field it filters and how ({@link #kind()}), how its values are parsed and
 * whether it may be repeated, and the one line that documents it (the OpenAPI document's
 * description of the parameter, checked against it). The server reads every row the same way: the
 * raw values become validated values (defaults applied, a refused value a 400 naming the
 * parameter), and those become one FILTER clause through the row's field type.
 *
 * <p>Values of one parameter are OR-ed, except for {@link AllOf}; different parameters are AND-ed.
 * A parameter that is absent (or only blank) does not filter, unless its row has a default.
 *
 * @param <V> the validated value of the parameter
 */
public sealed interface Filter<V>
    permits Filter.AnyOf, Filter.AllOf, Filter.Bound, Filter.Text, Filter.Custom {

  /** The parameter's name (case-sensitive, as clients send it). */
  String name();

  /** How the values become a condition. */
  FilterKind kind();

  /** Whether every value of a repeated parameter counts; else only the first. */
  boolean repeated();

  /** What one value is, as documented. */
  ValueType type();

  /** The values accepted, for a closed set; else empty. */
  List<String> allowed();

  /** How many clauses the values become, which caps how many a request may send. */
  Clauses clauses();

  /** The documentation of the parameter: its description in the OpenAPI document. */
  String doc();

  /** The names of {@code rows}, in order. */
  static List<String> names(List<? extends Filter<?>> rows) {
    return rows.stream().map(Filter::name).toList();
  }

  /**
   * Records whose field holds any of the values: repeated text compared as the field compares it.
   */
  static AnyOf<String> anyOf(String name, TermQueryable field, String doc) {
    return new AnyOf<>(name, field, true, ValueParsers.TEXT, List::of, List.of(), doc);
  }

  /** Records whose field holds every one of the values (repeated text). */
  static AllOf allOf(String name, AllOfQueryable field, String doc) {
    return new AllOf(name, field, doc);
  }

  /** Records whose field's value is at least the parameter's (inclusive). */
  static <T> Bound<T> min(String name, RangeQueryable<T> field, ValueParser<T> parser, String doc) {
    return new Bound<>(name, field, FilterKind.MIN, parser, doc);
  }

  /** Records whose field's value is at most the parameter's (inclusive). */
  static <T> Bound<T> max(String name, RangeQueryable<T> field, ValueParser<T> parser, String doc) {
    return new Bound<>(name, field, FilterKind.MAX, parser, doc);
  }

  /**
   * Records whose field holds any of the terms the values stand for.
   *
   * @param repeated whether every value counts; else only the first
   * @param parser parses one value
   * @param terms the field's values one parsed value stands for (a type code may stand for two)
   * @param defaults the values when the parameter is absent; empty: no filter then
   */
  record AnyOf<T>(
      String name,
      TermQueryable field,
      boolean repeated,
      ValueParser<T> parser,
      Function<T, Collection<String>> terms,
      List<T> defaults,
      String doc)
      implements Filter<List<T>> {
    public AnyOf {
      Objects.requireNonNull(name);
      Objects.requireNonNull(field);
      Objects.requireNonNull(parser);
      Objects.requireNonNull(terms);
      defaults = List.copyOf(defaults);
      Objects.requireNonNull(doc);
    }

    /** The distinct terms {@code values} stand for, in order. */
    public Set<String> termsOf(List<T> values) {
      Set<String> all = new LinkedHashSet<>();
      for (T value : values) {
        all.addAll(terms.apply(value));
      }
      return all;
    }

    /** The condition: the field holds any of the terms of {@code values}. */
    public Query query(List<T> values) {
      return field.anyOf(termsOf(values));
    }

    @Override
    public FilterKind kind() {
      return FilterKind.ANY_OF;
    }

    @Override
    public ValueType type() {
      return parser.type();
    }

    @Override
    public List<String> allowed() {
      return parser.allowed();
    }

    @Override
    public Clauses clauses() {
      return Clauses.ONE;
    }
  }

  /** Records whose field holds every one of the (repeated) values. */
  record AllOf(String name, AllOfQueryable field, String doc) implements Filter<List<String>> {
    public AllOf {
      Objects.requireNonNull(name);
      Objects.requireNonNull(field);
      Objects.requireNonNull(doc);
    }

    /** The condition: the field holds all of {@code values}. */
    public Query query(List<String> values) {
      return field.allOf(values);
    }

    @Override
    public FilterKind kind() {
      return FilterKind.ALL_OF;
    }

    @Override
    public boolean repeated() {
      return true;
    }

    @Override
    public ValueType type() {
      return ValueType.TEXT;
    }

    @Override
    public List<String> allowed() {
      return List.of();
    }

    @Override
    public Clauses clauses() {
      return Clauses.PER_VALUE;
    }
  }

  /**
   * One bound of an inclusive range on a field, from the first value. The {@link FilterKind#MIN}
   * and {@link FilterKind#MAX} rows of one field make one range together.
   */
  record Bound<T>(
      String name, RangeQueryable<T> field, FilterKind kind, ValueParser<T> parser, String doc)
      implements Filter<T> {
    public Bound {
      Objects.requireNonNull(name);
      Objects.requireNonNull(field);
      if (kind != FilterKind.MIN && kind != FilterKind.MAX) {
        throw new IllegalArgumentException("a bound is MIN or MAX (got: " + kind + ")");
      }
      Objects.requireNonNull(parser);
      Objects.requireNonNull(doc);
    }

    @Override
    public boolean repeated() {
      return false;
    }

    @Override
    public ValueType type() {
      return parser.type();
    }

    @Override
    public List<String> allowed() {
      return parser.allowed();
    }

    @Override
    public Clauses clauses() {
      return Clauses.ONE;
    }
  }

  /**
   * Records in which every word of a text matches a word of the field: the last word may be a
   * prefix, or with {@code everyWordPrefix} each word. Repeated, any of the texts matches.
   */
  record Text(String name, TokenField field, boolean repeated, boolean everyWordPrefix, String doc)
      implements Filter<List<String>> {
    public Text {
      Objects.requireNonNull(name);
      Objects.requireNonNull(field);
      Objects.requireNonNull(doc);
    }

    /** The condition of one text. */
    public Query match(String text) {
      return everyWordPrefix ? field.matchAllPrefixes(text) : field.matchAllWords(text);
    }

    @Override
    public FilterKind kind() {
      return FilterKind.TEXT;
    }

    @Override
    public ValueType type() {
      return ValueType.TEXT;
    }

    @Override
    public List<String> allowed() {
      return List.of();
    }

    @Override
    public Clauses clauses() {
      return Clauses.PER_WORD;
    }
  }

  /**
   * A rule of its own ({@code water}, {@code points}, {@code idx}...): how the values are read and
   * what they match are the row's.
   *
   * @param type what one value is, as documented
   * @param allowed the values accepted, for a closed set
   * @param reader the validated value of the raw values (trimmed, non-blank, at least one; only the
   *     first unless {@code repeated}); throws {@link InvalidValueException}
   * @param whenAbsent the value when the parameter is absent; empty: no filter then
   * @param query the condition of a value; empty: it admits every record
   */
  record Custom<V>(
      String name,
      boolean repeated,
      ValueType type,
      List<String> allowed,
      Clauses clauses,
      Function<List<String>, V> reader,
      Optional<V> whenAbsent,
      Function<V, Optional<Query>> query,
      String doc)
      implements Filter<V> {
    public Custom {
      Objects.requireNonNull(name);
      Objects.requireNonNull(type);
      allowed = List.copyOf(allowed);
      Objects.requireNonNull(clauses);
      Objects.requireNonNull(reader);
      Objects.requireNonNull(whenAbsent);
      Objects.requireNonNull(query);
      Objects.requireNonNull(doc);
    }

    @Override
    public FilterKind kind() {
      return FilterKind.CUSTOM;
    }
  }
}

package io.keybox.server.query;

import io.keybox.schema.field.RangeQueryable;
import io.keybox.schema.filter.Filter;
import io.keybox.schema.filter.FilterKind;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.Query;

/**
 * Validated filter values to one Lucene query: the records of the table's kind, and one FILTER
 * clause (no scoring) per filtering row, in row order, each made by the row's field type. The
 * {@link FilterKind#MIN} and {@link FilterKind#MAX} rows of one field make one range clause, where
 * the first of them is.
 */
public final class FilterQueryBuilder {
  private FilterQueryBuilder() {}

  /** The query matching exactly the records {@code filters} admit. */
  public static Query build(FilterValues filters) {
    BooleanQuery.Builder query = new BooleanQuery.Builder();
    query.add(filters.table().records().query(), Occur.FILTER);
    // The fields whose range is made, by identity: one clause for a MIN and MAX pair.
    Set<RangeQueryable<?>> ranged = Collections.newSetFromMap(new IdentityHashMap<>());
    for (Filter<?> row : filters.table().rows()) {
      clause(row, filters, ranged).ifPresent(clause -> query.add(clause, Occur.FILTER));
    }
    return query.build();
  }

  private static <V> Optional<Query> clause(
      Filter<V> row, FilterValues filters, Set<RangeQueryable<?>> ranged) {
    Optional<V> value = filters.get(row);
    if (value.isEmpty()) {
      return Optional.empty();
    }
    return switch (row) {
      case Filter.AnyOf<?> anyOf -> Optional.of(anyOf(anyOf, filters));
      case Filter.AllOf allOf -> Optional.of(allOf.query(filters.get(allOf).orElseThrow()));
      case Filter.Bound<?> bound ->
          ranged.add(bound.field()) ? Optional.of(range(bound, filters)) : Optional.empty();
      case Filter.Text text -> Optional.of(text(text, filters.get(text).orElseThrow()));
      case Filter.Custom<V> custom -> custom.query().apply(value.get());
    };
  }

  private static <T> Query anyOf(Filter.AnyOf<T> row, FilterValues filters) {
    return row.query(filters.get(row).orElseThrow());
  }

  /** Any of the texts of a repeated row; the one text of another. */
  private static Query text(Filter.Text row, List<String> texts) {
    if (!row.repeated()) {
      return row.match(texts.get(0));
    }
    BooleanQuery.Builder any = new BooleanQuery.Builder();
    texts.forEach(text -> any.add(row.match(text), Occur.SHOULD));
    return any.build();
  }

  /** The range of {@code bound}'s field, from its MIN and MAX rows' values. */
  @SuppressWarnings("unchecked") // rows of one field take values of its type
  private static <T> Query range(Filter.Bound<T> bound, FilterValues filters) {
    T min = null;
    T max = null;
    for (Filter<?> row : filters.table().rows()) {
      if (row instanceof Filter.Bound<?> other && other.field() == bound.field()) {
        T value = ((Optional<T>) filters.get(other)).orElse(null);
        if (value != null) {
          if (other.kind() == FilterKind.MIN) {
            min = value;
          } else {
            max = value;
          }
        }
      }
    }
    return bound.field().range(min, max);
  }
}

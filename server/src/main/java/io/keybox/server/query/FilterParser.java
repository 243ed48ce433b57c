package io.keybox.server.query;

import io.keybox.schema.filter.Filter;
import io.keybox.schema.filter.FilterTable;
import io.keybox.schema.filter.InvalidValueException;
import io.keybox.server.error.InvalidRequestException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Raw parameters to validated filter values, for any search, by the rows of its {@link
 * FilterTable}. A repeated row reads every non-blank value, another only the first; an absent row
 * takes its default, if it has one. Rows are read in table order, so of two bad values the first
 * row's is reported.
 *
 * <p>Every refusal is an {@link InvalidRequestException} naming the parameter and the bad value:
 * {@code minprice: invalid value 'abc'; allowed: a whole number (digits with an optional sign)};
 * too many values or words for one parameter is refused before any is parsed ({@link
 * ClauseBudget}). Unknown parameters are ignored.
 */
public final class FilterParser {
  private FilterParser() {}

  /**
   * The filters {@code params} ask for.
   *
   * @throws InvalidRequestException naming the first parameter whose value is refused
   */
  public static FilterValues parse(FilterTable table, Params params) {
    Map<Filter<?>, Object> values = new LinkedHashMap<>();
    for (Filter<?> row : table.rows()) {
      read(row, params).ifPresent(value -> values.put(row, value));
    }
    return new FilterValues(table, values);
  }

  /**
   * The value of one row in {@code params}, or its default; empty when it does not filter.
   *
   * @throws InvalidRequestException naming the parameter when its value is refused
   */
  public static <V> Optional<V> read(Filter<V> row, Params params) {
    List<String> raw =
        row.repeated()
            ? params.values(row.name())
            : params.first(row.name()).map(List::of).orElse(List.of());
    ClauseBudget.check(row, raw);
    try {
      return value(row, raw);
    } catch (InvalidValueException e) {
      throw new InvalidRequestException(e.forParameter(row.name()));
    }
  }

  @SuppressWarnings("unchecked") // each case returns the value type of its row's kind
  private static <V> Optional<V> value(Filter<V> row, List<String> raw) {
    Object value =
        switch (row) {
          case Filter.AnyOf<?> anyOf ->
              raw.isEmpty() ? nonEmpty(anyOf.defaults()) : parsed(anyOf, raw);
          case Filter.AllOf allOf -> nonEmpty(raw);
          case Filter.Bound<?> bound -> raw.isEmpty() ? null : bound.parser().parse(raw.get(0));
          case Filter.Text text -> nonEmpty(raw);
          case Filter.Custom<?> custom ->
              raw.isEmpty() ? custom.whenAbsent().orElse(null) : custom.reader().apply(raw);
        };
    return Optional.ofNullable((V) value);
  }

  private static <T> List<T> parsed(Filter.AnyOf<T> row, List<String> raw) {
    List<T> values = new ArrayList<>(raw.size());
    for (String value : raw) {
      values.add(row.parser().parse(value));
    }
    return List.copyOf(values);
  }

  private static <T> List<T> nonEmpty(List<T> values) {
    return values.isEmpty() ? null : List.copyOf(values);
  }
}

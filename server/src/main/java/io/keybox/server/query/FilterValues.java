package io.keybox.server.query;

import io.keybox.schema.filter.Filter;
import io.keybox.schema.filter.FilterTable;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The validated filters of one search ({@link FilterParser}): for each row of its table that
 * filters, the row's value (defaults applied). A row without a value does not filter.
 *
 * <pre>{@code
 * FilterValues filters = FilterParser.parse(ListingFilters.TABLE, params);
 * List<Status> statuses = filters.get(ListingFilters.STATUS).orElseThrow(); // [Active] by default
 * Query query = FilterQueryBuilder.build(filters);
 * }</pre>
 *
 * @param table the filters of the search
 * @param values each filtering row's value, in row order
 */
public record FilterValues(FilterTable table, Map<Filter<?>, Object> values) {
  public FilterValues {
    Objects.requireNonNull(table);
    for (Filter<?> row : values.keySet()) {
      if (!table.rows().contains(row)) {
        throw new IllegalArgumentException("parameter " + row.name() + " is not in the table");
      }
    }
    values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
  }

  /** The value of {@code row}; empty when it does not filter. */
  @SuppressWarnings("unchecked") // the parser puts a Filter<V>'s value of type V
  public <V> Optional<V> get(Filter<V> row) {
    return Optional.ofNullable((V) values.get(row));
  }
}

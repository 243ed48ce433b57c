package io.keybox.schema.filter;

import io.keybox.schema.RecordKind;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The filters of one search: the kind of record it finds, and one {@link Filter} row per query
 * parameter, in the order the conditions are checked and built (a request with two bad values is
 * refused for the first). The route's parameter list and the OpenAPI document's parameters are the
 * rows' names and docs.
 *
 * @param records the kind of record every match is
 * @param rows the filter parameters, names unique
 */
public record FilterTable(RecordKind records, List<Filter<?>> rows) {
  public FilterTable {
    Objects.requireNonNull(records);
    rows = List.copyOf(rows);
    Set<String> names = new HashSet<>();
    for (Filter<?> row : rows) {
      if (!names.add(row.name())) {
        throw new IllegalArgumentException("parameter " + row.name() + " is in the table twice");
      }
    }
  }

  /** The parameter names, in row order. */
  public List<String> names() {
    return Filter.names(rows);
  }

  /** The row of parameter {@code name}, if any. */
  public Optional<Filter<?>> row(String name) {
    return rows.stream().filter(r -> r.name().equals(name)).findFirst();
  }

  /** This table without {@code left} (an endpoint that ignores some of the parameters). */
  public FilterTable without(Set<? extends Filter<?>> left) {
    for (Filter<?> row : left) {
      if (!rows.contains(row)) {
        throw new IllegalArgumentException("parameter " + row.name() + " is not in the table");
      }
    }
    return new FilterTable(records, rows.stream().filter(r -> !left.contains(r)).toList());
  }
}

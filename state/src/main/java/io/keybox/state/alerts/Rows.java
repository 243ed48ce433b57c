package io.keybox.state.alerts;

import io.keybox.state.StateStore;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The one way this package's repositories read rows: a statement, its values, a row mapper. */
final class Rows {
  private Rows() {}

  /** Sets a statement's values. */
  @FunctionalInterface
  interface Values {
    void set(PreparedStatement statement) throws SQLException;
  }

  /** Reads the current row. */
  @FunctionalInterface
  interface Mapper<T> {
    T map(ResultSet row) throws SQLException;
  }

  /** Every row {@code sql} selects with {@code values}, mapped. */
  static <T> List<T> all(StateStore store, String sql, Values values, Mapper<T> mapper) {
    return store.read(
        c -> {
          try (PreparedStatement select = c.prepareStatement(sql)) {
            values.set(select);
            List<T> rows = new ArrayList<>();
            try (ResultSet row = select.executeQuery()) {
              while (row.next()) {
                rows.add(mapper.map(row));
              }
            }
            return rows;
          }
        });
  }

  /** The first row {@code sql} selects with {@code values}, if any. */
  static <T> Optional<T> first(StateStore store, String sql, Values values, Mapper<T> mapper) {
    List<T> rows = all(store, sql, values, mapper);
    return rows.isEmpty() ? Optional.empty() : Optional.of(rows.get(0));
  }
}

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

  /**
   * A page of the rows {@code sql} selects with its one value {@code owner}: {@code sql} ends in
   * its order, this adds the page's {@code LIMIT} and {@code OFFSET}.
   */
  static <T> List<T> page(
      StateStore store, String sql, String owner, int offset, int limit, Mapper<T> mapper) {
    return all(
        store,
        sql + " LIMIT ? OFFSET ?",
        select -> {
          select.setString(1, owner);
          select.setInt(2, limit);
          select.setInt(3, offset);
        },
        mapper);
  }

  /** The first row {@code sql} selects with {@code values}, if any. */
  static <T> Optional<T> first(StateStore store, String sql, Values values, Mapper<T> mapper) {
    List<T> rows = all(store, sql, values, mapper);
    return rows.isEmpty() ? Optional.empty() : Optional.of(rows.get(0));
  }
}

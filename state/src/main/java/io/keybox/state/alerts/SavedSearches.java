package io.keybox.state.alerts;

import io.keybox.state.StateStore;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The saved searches of every key. Each call names the owning key: a search of another key is
 * absent, so it can be neither seen nor changed through this class by the wrong key.
 */
public final class SavedSearches {
  private static final String COLUMNS =
      "id, api_key, vendor, name, query, webhook, events, enabled, disabled_reason, secret,"
          + " failed_in_row, created, updated";

  private final StateStore store;
  private final Clock clock;

  public SavedSearches(StateStore store, Clock clock) {
    this.store = Objects.requireNonNull(store, "store");
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  /**
   * Stores a new search, enabled, unless its key already has {@code maxPerKey} searches.
   *
   * @return the stored search, or empty when the key is at its limit
   */
  public Optional<SavedSearch> create(
      String id,
      String apiKey,
      String vendor,
      String name,
      String query,
      String webhook,
      List<String> events,
      String secret,
      int maxPerKey) {
    Instant now = clock.instant();
    SavedSearch search =
        new SavedSearch(
            id,
            apiKey,
            vendor,
            name,
            query,
            webhook,
            events,
            true,
            Optional.empty(),
            secret,
            0,
            now,
            now);
    return store.write(
        c -> {
          if (count(c, apiKey) >= maxPerKey) {
            return Optional.empty();
          }
          try (PreparedStatement insert =
              c.prepareStatement(
                  "INSERT INTO saved_search ("
                      + COLUMNS
                      + ") VALUES (?, ?, ?, ?, ?, ?, ?, 1, NULL, ?, 0, ?, ?)")) {
            insert.setString(1, id);
            insert.setString(2, apiKey);
            insert.setString(3, vendor);
            insert.setString(4, name);
            insert.setString(5, query);
            insert.setString(6, webhook);
            insert.setString(7, String.join(",", events));
            insert.setString(8, secret);
            insert.setString(9, now.toString());
            insert.setString(10, now.toString());
            insert.executeUpdate();
          }
          return Optional.of(search);
        });
  }

  /** How many searches {@code apiKey} has. */
  public int count(String apiKey) {
    return store.read(c -> count(c, apiKey));
  }

  /** The search {@code id} of {@code apiKey}, if it has one. */
  public Optional<SavedSearch> find(String apiKey, String id) {
    return Rows.first(
        store,
        "SELECT " + COLUMNS + " FROM saved_search WHERE id = ? AND api_key = ?",
        select -> {
          select.setString(1, id);
          select.setString(2, apiKey);
        },
        SavedSearches::search);
  }

  /** The search {@code id}, whoever owns it (the deliverer's view). */
  public Optional<SavedSearch> find(String id) {
    return Rows.first(
        store,
        "SELECT " + COLUMNS + " FROM saved_search WHERE id = ?",
        select -> select.setString(1, id),
        SavedSearches::search);
  }

  /** A page of {@code apiKey}'s searches, oldest first. */
  public List<SavedSearch> page(String apiKey, int offset, int limit) {
    return Rows.page(
        store,
        "SELECT " + COLUMNS + " FROM saved_search WHERE api_key = ? ORDER BY created, id",
        apiKey,
        offset,
        limit,
        SavedSearches::search);
  }

  /** The enabled searches of {@code vendor}, of every key. */
  public List<SavedSearch> enabled(String vendor) {
    return Rows.all(
        store,
        "SELECT " + COLUMNS + " FROM saved_search WHERE vendor = ? AND enabled = 1 ORDER BY id",
        select -> select.setString(1, vendor),
        SavedSearches::search);
  }

  /** How many searches there are, and how many of them are enabled: {@code [all, enabled]}. */
  public long[] totals() {
    return store.read(
        c -> {
          try (PreparedStatement select =
                  c.prepareStatement(
                      "SELECT count(*), coalesce(sum(enabled), 0) FROM saved_search");
              ResultSet row = select.executeQuery()) {
            return new long[] {row.getLong(1), row.getLong(2)};
          }
        });
  }

  /**
   * Applies {@code change} to {@code apiKey}'s search {@code id}.
   *
   * @return the changed search, or empty when the key has no such search
   */
  public Optional<SavedSearch> update(String apiKey, String id, SearchChange change) {
    return store
        .write(
            c -> {
              try (PreparedStatement update =
                  c.prepareStatement(
                      "UPDATE saved_search SET name = coalesce(?, name), query = coalesce(?, query),"
                          + " webhook = coalesce(?, webhook), events = coalesce(?, events),"
                          + " enabled = coalesce(?, enabled),"
                          + " disabled_reason = CASE WHEN ? = 1 THEN NULL ELSE disabled_reason END,"
                          + " failed_in_row = CASE WHEN ? = 1 THEN 0 ELSE failed_in_row END,"
                          + " updated = ? WHERE id = ? AND api_key = ?")) {
                boolean enabling = change.enabled().orElse(false);
                update.setString(1, change.name().orElse(null));
                update.setString(2, change.query().orElse(null));
                update.setString(3, change.webhook().orElse(null));
                update.setString(4, change.events().map(e -> String.join(",", e)).orElse(null));
                update.setObject(5, change.enabled().map(e -> e ? 1 : 0).orElse(null));
                update.setInt(6, enabling ? 1 : 0);
                update.setInt(7, enabling ? 1 : 0);
                update.setString(8, clock.instant().toString());
                update.setString(9, id);
                update.setString(10, apiKey);
                if (update.executeUpdate() == 0) {
                  return Optional.empty();
                }
              }
              if (change.query().isPresent()) {
                // What it told its receiver was about another query's matches.
                try (PreparedStatement forget =
                    c.prepareStatement("DELETE FROM search_listing WHERE search_id = ?")) {
                  forget.setString(1, id);
                  forget.executeUpdate();
                }
              }
              return Optional.of(1);
            })
        .flatMap(done -> find(apiKey, id));
  }

  /** Replaces the secret of {@code apiKey}'s search {@code id}; false when it has none such. */
  public boolean rotateSecret(String apiKey, String id, String secret) {
    return store.write(
        c -> {
          try (PreparedStatement update =
              c.prepareStatement(
                  "UPDATE saved_search SET secret = ?, updated = ? WHERE id = ? AND api_key = ?")) {
            update.setString(1, secret);
            update.setString(2, clock.instant().toString());
            update.setString(3, id);
            update.setString(4, apiKey);
            return update.executeUpdate() > 0;
          }
        });
  }

  /**
   * Deletes {@code apiKey}'s search {@code id} with its match memory and its deliveries, sent or
   * not; false when it has none such.
   */
  public boolean delete(String apiKey, String id) {
    return store.write(
        c -> {
          try (PreparedStatement delete =
              c.prepareStatement("DELETE FROM saved_search WHERE id = ? AND api_key = ?")) {
            delete.setString(1, id);
            delete.setString(2, apiKey);
            return delete.executeUpdate() > 0;
          }
        });
  }

  private static int count(Connection c, String apiKey) throws SQLException {
    try (PreparedStatement select =
        c.prepareStatement("SELECT count(*) FROM saved_search WHERE api_key = ?")) {
      select.setString(1, apiKey);
      try (ResultSet row = select.executeQuery()) {
        return row.getInt(1);
      }
    }
  }

  private static SavedSearch search(ResultSet row) throws SQLException {
    return new SavedSearch(
        row.getString(1),
        row.getString(2),
        row.getString(3),
        row.getString(4),
        row.getString(5),
        row.getString(6),
        Arrays.asList(row.getString(7).split(",")),
        row.getInt(8) == 1,
        Optional.ofNullable(row.getString(9)),
        row.getString(10),
        row.getInt(11),
        Instant.parse(row.getString(12)),
        Instant.parse(row.getString(13)));
  }
}

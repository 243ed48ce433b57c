package io.keybox.state.alerts;

import io.keybox.state.StateStore;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Clock;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * How far matching got for each vendor (the commit generation last matched) and what each saved
 * search last reported about each listing. A commit's matching is recorded search by search ({@link
 * #record}: a search's memory changes with its deliveries, in one transaction, a batch of searches
 * at a time), then the vendor's cursor ({@link #matched}). After a crash the commit is matched
 * again: the searches recorded already remember the commit's listings, so they find nothing new and
 * send nothing twice; the others are matched as if for the first time.
 */
public final class MatchLedger {
  /** Candidates asked about per statement, well under SQLite's limit on parameters. */
  private static final int CHUNK = 500;

  private final StateStore store;
  private final Clock clock;

  public MatchLedger(StateStore store, Clock clock) {
    this.store = Objects.requireNonNull(store, "store");
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  /** The generation of {@code vendor}'s commit matched last; empty before its first. */
  public OptionalLong cursor(String vendor) {
    return store.read(
        c -> {
          try (PreparedStatement select =
              c.prepareStatement("SELECT generation FROM alert_cursor WHERE vendor = ?")) {
            select.setString(1, vendor);
            try (ResultSet row = select.executeQuery()) {
              return row.next() ? OptionalLong.of(row.getLong(1)) : OptionalLong.empty();
            }
          }
        });
  }

  /**
   * What the searches of {@code vendor} remember of the listings {@code mlsIds}: search id to mlsId
   * to memory.
   */
  public Map<String, Map<Long, Remembered>> remembered(String vendor, long[] mlsIds) {
    return store.read(
        c -> {
          Map<String, Map<Long, Remembered>> found = new HashMap<>();
          for (int from = 0; from < mlsIds.length; from += CHUNK) {
            long[] chunk = Arrays.copyOfRange(mlsIds, from, Math.min(mlsIds.length, from + CHUNK));
            String marks = String.join(",", java.util.Collections.nCopies(chunk.length, "?"));
            try (PreparedStatement select =
                c.prepareStatement(
                    "SELECT m.search_id, m.mls_id, m.price, m.status, m.open_houses"
                        + " FROM search_listing m JOIN saved_search s ON s.id = m.search_id"
                        + " WHERE s.vendor = ? AND m.mls_id IN ("
                        + marks
                        + ")")) {
              select.setString(1, vendor);
              for (int i = 0; i < chunk.length; i++) {
                select.setLong(i + 2, chunk[i]);
              }
              try (ResultSet row = select.executeQuery()) {
                while (row.next()) {
                  double price = row.getDouble(3);
                  OptionalDouble p =
                      row.wasNull() ? OptionalDouble.empty() : OptionalDouble.of(price);
                  found
                      .computeIfAbsent(row.getString(1), k -> new HashMap<>())
                      .put(
                          row.getLong(2),
                          new Remembered(
                              row.getLong(2),
                              p,
                              row.getString(4),
                              Remembered.openHouses(row.getString(5))));
                }
              }
            }
          }
          return found;
        });
  }

  /** Every listing the searches of {@code vendor} remember, sorted. */
  public long[] rememberedIds(String vendor) {
    return store.read(
        c -> {
          try (PreparedStatement select =
              c.prepareStatement(
                  "SELECT DISTINCT m.mls_id FROM search_listing m"
                      + " JOIN saved_search s ON s.id = m.search_id WHERE s.vendor = ?"
                      + " ORDER BY m.mls_id")) {
            select.setString(1, vendor);
            java.util.stream.LongStream.Builder ids = java.util.stream.LongStream.builder();
            try (ResultSet row = select.executeQuery()) {
              while (row.next()) {
                ids.add(row.getLong(1));
              }
            }
            return ids.build().toArray();
          }
        });
  }

  /**
   * What one search now remembers of one listing: {@code now}, or nothing ({@code forget}) when the
   * listing no longer matches.
   */
  public record Change(String searchId, long mlsId, Remembered now, boolean forget) {
    public static Change remember(String searchId, Remembered now) {
      return new Change(searchId, now.mlsId(), now, false);
    }

    public static Change forget(String searchId, long mlsId) {
      return new Change(searchId, mlsId, null, true);
    }
  }

  /**
   * Records part of a commit's matching: the memory's changes and the deliveries (pending, due now)
   * of some searches, in one transaction. A search's changes and deliveries must be in the same
   * call: after a crash, a search either has both (and the commit's next matching finds nothing new
   * for it) or neither. With them go the {@code shared} listings the deliveries' slots name that no
   * earlier call of this commit's matching recorded (one recorded already is left as it is).
   */
  public void record(
      List<Change> changes, List<NewDelivery> deliveries, List<SharedListing> shared) {
    java.time.Instant at = clock.instant();
    store.write(
        c -> {
          writeChanges(c, changes);
          Outbox.insert(c, deliveries, shared, at);
          return null;
        });
  }

  /**
   * Records that {@code vendor}'s commit {@code generation} is matched, every search of it, and
   * removes the shared listings of the vendor's commits that no pending delivery carries any more
   * (the commit just matched included, when none of its deliveries is pending).
   */
  public void matched(String vendor, long generation) {
    String now = clock.instant().toString();
    store.write(
        c -> {
          DeliveryBodies.sweep(c, vendor);
          try (PreparedStatement cursor =
              c.prepareStatement(
                  "INSERT INTO alert_cursor (vendor, generation, matched) VALUES (?, ?, ?)"
                      + " ON CONFLICT (vendor) DO UPDATE SET generation = excluded.generation,"
                      + " matched = excluded.matched")) {
            cursor.setString(1, vendor);
            cursor.setLong(2, generation);
            cursor.setString(3, now);
            cursor.executeUpdate();
          }
          return null;
        });
  }

  private static void writeChanges(Connection c, List<Change> changes) throws SQLException {
    try (PreparedStatement upsert =
            c.prepareStatement(
                "INSERT INTO search_listing (search_id, mls_id, price, status, open_houses)"
                    + " SELECT ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM saved_search WHERE id = ?)"
                    + " ON CONFLICT (search_id, mls_id) DO UPDATE SET price = excluded.price,"
                    + " status = excluded.status, open_houses = excluded.open_houses");
        PreparedStatement delete =
            c.prepareStatement("DELETE FROM search_listing WHERE search_id = ? AND mls_id = ?")) {
      for (Change change : changes) {
        if (change.forget()) {
          delete.setString(1, change.searchId());
          delete.setLong(2, change.mlsId());
          delete.addBatch();
        } else {
          Remembered now = change.now();
          upsert.setString(1, change.searchId());
          upsert.setLong(2, now.mlsId());
          if (now.price().isPresent()) {
            upsert.setDouble(3, now.price().getAsDouble());
          } else {
            upsert.setNull(3, Types.REAL);
          }
          upsert.setString(4, now.status());
          upsert.setString(5, now.openHousesText());
          upsert.setString(6, change.searchId());
          upsert.addBatch();
        }
      }
      upsert.executeBatch();
      delete.executeBatch();
    }
  }
}

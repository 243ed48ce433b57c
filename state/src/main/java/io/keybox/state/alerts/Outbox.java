package io.keybox.state.alerts;

import io.keybox.state.StateStore;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The durable outbox of webhook deliveries. Matching puts deliveries in ({@link
 * MatchLedger#record}); the deliverer takes those due ({@link #due}) and records each attempt's
 * outcome ({@link #delivered}, {@link #retry}, {@link #failed}). A delivery stays pending until an
 * outcome is recorded, so one whose attempt a crash cut short is sent again, under its own id.
 */
public final class Outbox {
  private static final String COLUMNS =
      "id, search_id, vendor, generation, listings, body, created, state, attempts, next_attempt,"
          + " last_status, last_error, updated, slots";

  /** The columns for a list of deliveries without their bodies. */
  private static final String COLUMNS_BUT_BODY = COLUMNS.replace("body", "X''");

  private final StateStore store;
  private final Clock clock;

  public Outbox(StateStore store, Clock clock) {
    this.store = Objects.requireNonNull(store, "store");
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  /** Puts {@code deliveries} in, and the {@code shared} listings their slots name. */
  static void insert(
      Connection c, List<NewDelivery> deliveries, List<SharedListing> shared, Instant at)
      throws SQLException {
    DeliveryBodies.insert(c, shared);
    String now = at.toString();
    long nowMillis = at.toEpochMilli();
    try (PreparedStatement insert =
        c.prepareStatement(
            "INSERT INTO delivery (id, search_id, vendor, generation, listings, body, created,"
                + " state, attempts, next_attempt, updated, slots)"
                + " SELECT ?, ?, ?, ?, ?, ?, ?, 'pending', 0, ?, ?, ?"
                + " WHERE EXISTS (SELECT 1 FROM saved_search WHERE id = ?)")) {
      for (NewDelivery delivery : deliveries) {
        insert.setString(1, delivery.id());
        insert.setString(2, delivery.searchId());
        insert.setString(3, delivery.vendor());
        insert.setLong(4, delivery.generation());
        insert.setInt(5, delivery.listings());
        insert.setBytes(6, delivery.body());
        insert.setString(7, now);
        insert.setLong(8, nowMillis);
        insert.setString(9, now);
        insert.setString(10, DeliveryBodies.encode(delivery.slots()));
        insert.setString(11, delivery.searchId());
        insert.addBatch();
      }
      insert.executeBatch();
    }
  }

  /** Up to {@code limit} pending deliveries due at {@code now}, the longest due first. */
  public List<Delivery> due(Instant now, int limit) {
    return Rows.all(
        store,
        "SELECT "
            + COLUMNS
            + " FROM delivery WHERE state = 'pending' AND next_attempt <= ?"
            + " ORDER BY next_attempt, created, id LIMIT ?",
        select -> {
          select.setLong(1, now.toEpochMilli());
          select.setInt(2, limit);
        },
        Outbox::delivery);
  }

  /** When the next pending delivery is due, if any is pending. */
  public Optional<Instant> nextDue() {
    return store.read(
        c -> {
          try (PreparedStatement select =
                  c.prepareStatement(
                      "SELECT min(next_attempt) FROM delivery WHERE state = 'pending'");
              ResultSet row = select.executeQuery()) {
            long next = row.getLong(1);
            return row.wasNull() ? Optional.empty() : Optional.of(Instant.ofEpochMilli(next));
          }
        });
  }

  /**
   * The most recent deliveries of search {@code searchId}, newest first, each with an empty body:
   * the listings a delivered one carried are not kept after its commit's last delivery.
   */
  public List<Delivery> recent(String searchId, int offset, int limit) {
    return Rows.page(
        store,
        "SELECT "
            + COLUMNS_BUT_BODY
            + " FROM delivery WHERE search_id = ? ORDER BY created DESC, id DESC",
        searchId,
        offset,
        limit,
        row -> delivery(row, row.getBytes(6)));
  }

  /**
   * The delivery {@code id}, if the outbox holds it: with its body while it is pending, with an
   * empty one after (as {@link #recent} lists it).
   */
  public Optional<Delivery> find(String id) {
    return Rows.first(
        store,
        "SELECT " + COLUMNS + " FROM delivery WHERE id = ?",
        select -> select.setString(1, id),
        row ->
            Delivery.PENDING.equals(row.getString(8)) ? delivery(row) : delivery(row, new byte[0]));
  }

  /** Records a 2xx: the delivery is done and its search's run of failures is over. */
  public void delivered(Delivery delivery, int status) {
    // One transaction, one sync to disk: the outcome and the end of the search's failures.
    store.write(
        c -> {
          outcome(c, delivery, Delivery.DELIVERED, null, OptionalInt.of(status), null);
          try (PreparedStatement reset =
              c.prepareStatement("UPDATE saved_search SET failed_in_row = 0 WHERE id = ?")) {
            reset.setString(1, delivery.searchId());
            reset.executeUpdate();
          }
          return null;
        });
  }

  /** Records a failed attempt to be tried again {@code after} from now. */
  public void retry(Delivery delivery, OptionalInt status, String error, Duration after) {
    outcome(delivery, Delivery.PENDING, clock.instant().plus(after), status, error);
  }

  /**
   * Records a delivery failed for good; its search is disabled with {@code reason} when {@code
   * disable} is set, or after {@code maxFailedInRow} deliveries failed in a row.
   *
   * @return whether the search is disabled now
   */
  public boolean failed(
      Delivery delivery,
      OptionalInt status,
      String error,
      boolean disable,
      String reason,
      int maxFailedInRow) {
    return store.write(
        c -> {
          outcome(c, delivery, Delivery.FAILED, null, status, error);
          try (PreparedStatement count =
              c.prepareStatement(
                  "UPDATE saved_search SET failed_in_row = failed_in_row + 1 WHERE id = ?")) {
            count.setString(1, delivery.searchId());
            count.executeUpdate();
          }
          try (PreparedStatement off =
              c.prepareStatement(
                  "UPDATE saved_search SET enabled = 0, disabled_reason = ?, updated = ?"
                      + " WHERE id = ? AND enabled = 1 AND (? = 1 OR failed_in_row >= ?)")) {
            off.setString(1, reason);
            off.setString(2, clock.instant().toString());
            off.setString(3, delivery.searchId());
            off.setInt(4, disable ? 1 : 0);
            off.setInt(5, maxFailedInRow);
            return off.executeUpdate() > 0;
          }
        });
  }

  /** How many deliveries are in each state. */
  public Map<String, Long> countsByState() {
    return store.read(
        c -> {
          Map<String, Long> counts = new LinkedHashMap<>();
          counts.put(Delivery.PENDING, 0L);
          counts.put(Delivery.DELIVERED, 0L);
          counts.put(Delivery.FAILED, 0L);
          try (PreparedStatement select =
                  c.prepareStatement("SELECT state, count(*) FROM delivery GROUP BY state");
              ResultSet row = select.executeQuery()) {
            while (row.next()) {
              counts.put(row.getString(1), row.getLong(2));
            }
          }
          return counts;
        });
  }

  /** When the oldest pending delivery was made, if one is pending. */
  public Optional<Instant> oldestPending() {
    return store.read(
        c -> {
          try (PreparedStatement select =
                  c.prepareStatement("SELECT min(created) FROM delivery WHERE state = 'pending'");
              ResultSet row = select.executeQuery()) {
            String oldest = row.getString(1);
            return oldest == null ? Optional.empty() : Optional.of(Instant.parse(oldest));
          }
        });
  }

  private void outcome(
      Delivery delivery, String state, Instant next, OptionalInt status, String error) {
    store.write(
        c -> {
          outcome(c, delivery, state, next, status, error);
          return null;
        });
  }

  private void outcome(
      Connection c, Delivery delivery, String state, Instant next, OptionalInt status, String error)
      throws SQLException {
    try (PreparedStatement update =
        c.prepareStatement(
            "UPDATE delivery SET state = ?, attempts = attempts + 1, next_attempt = ?,"
                + " last_status = ?, last_error = ?, updated = ? WHERE id = ?")) {
      update.setString(1, state);
      update.setObject(2, next == null ? null : next.toEpochMilli());
      update.setObject(3, status.isPresent() ? status.getAsInt() : null);
      update.setString(4, error);
      update.setString(5, clock.instant().toString());
      update.setString(6, delivery.id());
      update.executeUpdate();
    }
  }

  /** The current row's delivery, its body filled with the shared listings its slots name. */
  private static Delivery delivery(ResultSet row) throws SQLException {
    return delivery(
        row,
        DeliveryBodies.fill(
            row.getStatement().getConnection(),
            row.getString(1),
            row.getString(3),
            row.getLong(4),
            row.getBytes(6),
            row.getString(14)));
  }

  private static Delivery delivery(ResultSet row, byte[] body) throws SQLException {
    long nextMillis = row.getLong(10);
    Optional<Instant> next =
        row.wasNull() ? Optional.empty() : Optional.of(Instant.ofEpochMilli(nextMillis));
    int status = row.getInt(11);
    OptionalInt lastStatus = row.wasNull() ? OptionalInt.empty() : OptionalInt.of(status);
    return new Delivery(
        row.getString(1),
        row.getString(2),
        row.getString(3),
        row.getLong(4),
        row.getInt(5),
        body,
        Instant.parse(row.getString(7)),
        row.getString(8),
        row.getInt(9),
        next,
        lastStatus,
        Optional.ofNullable(row.getString(12)),
        Instant.parse(row.getString(13)));
  }
}

package io.keybox.state.alerts;

import java.io.ByteArrayOutputStream;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The outbox's side of {@link SharedListing shared listings}: each delivery's {@link
 * NewDelivery.Slot slots} as one text column ({@code offset:key,offset:key}), the listings stored
 * once per commit, a body filled from them when the delivery is handed out, and the listings of
 * commits no pending delivery needs any more removed.
 */
final class DeliveryBodies {
  private DeliveryBodies() {}

  /** {@code slots} as stored: null for a whole body. */
  static String encode(List<NewDelivery.Slot> slots) {
    if (slots.isEmpty()) {
      return null;
    }
    StringBuilder text = new StringBuilder(slots.size() * 12);
    for (NewDelivery.Slot slot : slots) {
      if (!text.isEmpty()) {
        text.append(',');
      }
      text.append(slot.offset()).append(':').append(slot.key());
    }
    return text.toString();
  }

  /** The slots stored as {@code text} (null: none). */
  static List<NewDelivery.Slot> decode(String text) {
    List<NewDelivery.Slot> slots = new ArrayList<>();
    if (text == null) {
      return slots;
    }
    for (String slot : text.split(",")) {
      int colon = slot.indexOf(':');
      slots.add(
          new NewDelivery.Slot(
              Integer.parseInt(slot.substring(0, colon)), slot.substring(colon + 1)));
    }
    return slots;
  }

  /** Stores {@code listings}; one a commit holds already is left as it is. */
  static void insert(Connection c, List<SharedListing> listings) throws SQLException {
    try (PreparedStatement insert =
        c.prepareStatement(
            "INSERT INTO delivery_listing (vendor, generation, key, json) VALUES (?, ?, ?, ?)"
                + " ON CONFLICT DO NOTHING")) {
      for (SharedListing listing : listings) {
        insert.setString(1, listing.vendor());
        insert.setLong(2, listing.generation());
        insert.setString(3, listing.key());
        insert.setBytes(4, listing.json());
        insert.addBatch();
      }
      insert.executeBatch();
    }
  }

  /**
   * {@code body} with the listings of commit {@code generation} of {@code vendor} put into its
   * {@code slots} (stored as text; null: the body is whole).
   *
   * @throws SQLException also when a listing a slot names is not stored: the outbox lost what a
   *     pending delivery needs, which no sequence of its own writes leaves
   */
  static byte[] fill(
      Connection c, String deliveryId, String vendor, long generation, byte[] body, String slots)
      throws SQLException {
    if (slots == null) {
      return body;
    }
    ByteArrayOutputStream filled = new ByteArrayOutputStream(body.length * 8);
    int from = 0;
    try (PreparedStatement select =
        c.prepareStatement(
            "SELECT json FROM delivery_listing WHERE vendor = ? AND generation = ? AND key = ?")) {
      select.setString(1, vendor);
      select.setLong(2, generation);
      for (NewDelivery.Slot slot : decode(slots)) {
        filled.write(body, from, slot.offset() - from);
        from = slot.offset();
        select.setString(3, slot.key());
        try (ResultSet row = select.executeQuery()) {
          if (!row.next()) {
            throw new SQLException(
                "delivery "
                    + deliveryId
                    + ": the listing "
                    + slot.key()
                    + " of "
                    + vendor
                    + " generation "
                    + generation
                    + " it carries is not in the outbox");
          }
          filled.writeBytes(row.getBytes(1));
        }
      }
    }
    filled.write(body, from, body.length - from);
    return filled.toByteArray();
  }

  /**
   * Removes the shared listings of {@code vendor}'s commits that no pending delivery carries.
   * Called by matching only, between two commits of the vendor, so the commit being matched is
   * never one of them.
   */
  static int sweep(Connection c, String vendor) throws SQLException {
    try (PreparedStatement delete =
        c.prepareStatement(
            "DELETE FROM delivery_listing WHERE vendor = ?1 AND generation IN"
                + " (SELECT DISTINCT l.generation FROM delivery_listing l WHERE l.vendor = ?1"
                + " AND NOT EXISTS (SELECT 1 FROM delivery d WHERE d.vendor = ?1"
                + " AND d.generation = l.generation AND d.state = 'pending'))")) {
      delete.setString(1, vendor);
      return delete.executeUpdate();
    }
  }
}

package io.keybox.server.alerts;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.server.index.Snapshot;
import io.keybox.server.query.Include;
import io.keybox.state.alerts.NewDelivery;
import io.keybox.state.alerts.Remembered;
import io.keybox.state.alerts.SavedSearch;
import io.keybox.state.alerts.SharedListing;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * The bodies of one search's deliveries for one commit: at most {@value #MAX_LISTINGS} listings
 * each, every listing written with the stored bytes {@code /properties} sends for the search's
 * {@code include}, and its events and what the search was told before:
 *
 * <pre>
 * {"type": "listings.changed", "timestamp": "2026-11-28T05:00:00Z",
 *  "data": {"searchId": "ss_...", "searchName": "...", "vendor": "houston", "generation": 7,
 *           "part": 1, "parts": 1,
 *           "listings": [{"mlsId": 1005, "events": ["price"],
 *                         "previous": {"listPrice": 250000.0, "status": "Active"},
 *                         "listing": {... as /properties ...}}]}}
 * </pre>
 *
 * A deleted listing has {@code "deleted": true} and {@code "listing": null}. Each listing's bytes
 * are left out of the body as made here, in a {@link NewDelivery.Slot slot} the outbox fills from
 * the {@link SharedListing} it keeps once per commit, so the body sent is the one above.
 *
 * <p>Thread-safe: matching writes the bodies of several searches at once, each thread with its own
 * {@link ListingJson}.
 */
public final class DeliveryPayload {
  /** The most listings one delivery carries. */
  public static final int MAX_LISTINGS = 100;

  /** The payload's {@code type}. */
  public static final String TYPE = "listings.changed";

  private static final SecureRandom RANDOM = new SecureRandom();
  private final ObjectMapper json = new ObjectMapper();

  /**
   * One search's deliveries for a commit, and the listings their slots name.
   *
   * @param deliveries the deliveries, each body less its listings
   * @param listings each listing the bodies carry, once, by its key in the commit
   */
  record Made(List<NewDelivery> deliveries, Map<String, SharedListing> listings) {}

  /** The deliveries of {@code changes} (none when there are none). */
  Made deliveries(
      Snapshot snapshot,
      SavedSearch search,
      SearchQuery query,
      List<ListingChange> changes,
      ListingJson listings)
      throws IOException {
    List<NewDelivery> deliveries = new ArrayList<>();
    Map<String, SharedListing> shared = new HashMap<>();
    int parts = (changes.size() + MAX_LISTINGS - 1) / MAX_LISTINGS;
    for (int part = 0; part < parts; part++) {
      List<ListingChange> slice =
          changes.subList(part * MAX_LISTINGS, Math.min(changes.size(), (part + 1) * MAX_LISTINGS));
      List<NewDelivery.Slot> slots = new ArrayList<>(slice.size());
      byte[] body = body(snapshot, search, query, slice, listings, part + 1, parts, slots, shared);
      deliveries.add(
          new NewDelivery(
              newId(),
              search.id(),
              snapshot.vendor(),
              snapshot.generation(),
              slice.size(),
              body,
              slots));
    }
    return new Made(deliveries, shared);
  }

  /**
   * The key of listing {@code mlsId} as {@code include} writes it in the commit {@code published}
   * at (epoch milliseconds): {@code 1005.P}, {@code 1005-r.P} (with rooms), {@code 1005-c.P} (with
   * compliance), {@code 1005-rc.P}. The publishing time keeps two commits of one generation number
   * apart: a vendor's index made again from nothing counts its generations from 1 again, while the
   * outbox may still hold a pending delivery of the old index's commit of that number.
   */
  static String listingKey(long mlsId, Include include, long published) {
    String variant = (include.rooms() ? "r" : "") + (include.compliance() ? "c" : "");
    return (variant.isEmpty() ? Long.toString(mlsId) : mlsId + "-" + variant) + "." + published;
  }

  /** A new {@code webhook-id}. */
  static String newId() {
    byte[] random = new byte[16];
    RANDOM.nextBytes(random);
    return "msg_" + HexFormat.of().formatHex(random);
  }

  private byte[] body(
      Snapshot snapshot,
      SavedSearch search,
      SearchQuery query,
      List<ListingChange> slice,
      ListingJson listings,
      int part,
      int parts,
      List<NewDelivery.Slot> slots,
      Map<String, SharedListing> shared)
      throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream(128 * slice.size() + 512);
    try (JsonGenerator gen = json.getFactory().createGenerator(out)) {
      gen.writeStartObject();
      gen.writeStringField("type", TYPE);
      gen.writeStringField("timestamp", snapshot.refreshTime().toString());
      gen.writeObjectFieldStart("data");
      gen.writeStringField("searchId", search.id());
      gen.writeStringField("searchName", search.name());
      gen.writeStringField("vendor", snapshot.vendor());
      gen.writeNumberField("generation", snapshot.generation());
      gen.writeNumberField("part", part);
      gen.writeNumberField("parts", parts);
      gen.writeArrayFieldStart("listings");
      for (ListingChange change : slice) {
        gen.writeStartObject();
        gen.writeNumberField("mlsId", change.mlsId());
        gen.writeArrayFieldStart("events");
        for (AlertEvent event : change.events()) {
          gen.writeString(event.wireName());
        }
        gen.writeEndArray();
        if (change.before().isPresent()) {
          Remembered before = change.before().get();
          gen.writeObjectFieldStart("previous");
          if (before.price().isPresent()) {
            gen.writeNumberField("listPrice", before.price().getAsDouble());
          } else {
            gen.writeNullField("listPrice");
          }
          gen.writeStringField("status", before.status());
          gen.writeEndObject();
        }
        gen.writeBooleanField("deleted", change.doc() < 0);
        gen.writeFieldName("listing");
        if (change.doc() < 0) {
          gen.writeNull();
        } else {
          // The listing's bytes are not written here but left to the outbox, which keeps them
          // once for every body of the commit that carries them: an empty raw value ends the
          // field's name, and its slot is where the bytes written so far end.
          gen.writeRawValue("");
          gen.flush();
          String key =
              listingKey(change.mlsId(), query.include(), snapshot.refreshTime().toEpochMilli());
          slots.add(new NewDelivery.Slot(out.size(), key));
          if (!shared.containsKey(key)) {
            byte[] json = listings.of(change.doc(), query.include()).asUnquotedUTF8();
            shared.put(key, new SharedListing(snapshot.vendor(), snapshot.generation(), key, json));
          }
        }
        gen.writeEndObject();
      }
      gen.writeEndArray();
      gen.writeEndObject();
      gen.writeEndObject();
    }
    return out.toByteArray();
  }
}

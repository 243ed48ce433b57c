package io.keybox.server.alerts;

import io.keybox.state.alerts.Remembered;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * One listing's events for one saved search in one commit: what it was told before (if anything),
 * what holds now (empty when the listing is gone), and the stored document to render.
 *
 * @param mlsId the listing
 * @param events the events, in {@link AlertEvent} order
 * @param before what the search last reported, if anything
 * @param now the listing's facts now; empty when it was deleted
 * @param doc its document in the snapshot, or -1 when it was deleted
 */
record ListingChange(
    long mlsId,
    Set<AlertEvent> events,
    Optional<Remembered> before,
    Optional<Remembered> now,
    int doc) {
  ListingChange {
    events = events.isEmpty() ? EnumSet.noneOf(AlertEvent.class) : EnumSet.copyOf(events);
  }

  /** The events between {@code before} and {@code now} of a listing that matches now. */
  static Set<AlertEvent> whileMatching(Optional<Remembered> before, Remembered now) {
    Set<AlertEvent> events = EnumSet.noneOf(AlertEvent.class);
    if (before.isEmpty()) {
      events.add(AlertEvent.NEW);
      return events;
    }
    Remembered was = before.get();
    if (!was.price().equals(now.price())) {
      events.add(AlertEvent.PRICE);
    }
    if (!was.status().equals(now.status())) {
      events.add(AlertEvent.STATUS);
    }
    if (!was.openHouses().containsAll(now.openHouses())) {
      events.add(AlertEvent.OPENHOUSE);
    }
    return events;
  }
}

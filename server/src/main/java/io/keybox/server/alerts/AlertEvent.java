package io.keybox.server.alerts;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** What a saved search reports about a listing (issue 35, point 2). */
public enum AlertEvent {
  /** The listing matches for the first time: a new listing, or one that starts matching. */
  NEW("new"),
  /** The list price changed while the listing matches. */
  PRICE("price"),
  /** The status changed while it matched, including leaving Active and being deleted. */
  STATUS("status"),
  /** A new open house of a matching listing. */
  OPENHOUSE("openhouse");

  private final String wireName;

  AlertEvent(String wireName) {
    this.wireName = wireName;
  }

  /** The name in requests and payloads. */
  public String wireName() {
    return wireName;
  }

  /** The event named {@code name}, exactly. */
  public static Optional<AlertEvent> fromWireName(String name) {
    return Arrays.stream(values()).filter(e -> e.wireName.equals(name)).findFirst();
  }

  /** Every wire name, in order. */
  public static List<String> wireNames() {
    return Arrays.stream(values()).map(AlertEvent::wireName).toList();
  }
}

package io.keybox.server.auth;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/** An optional part of the API that a key must be granted explicitly (API.md §2). */
public enum Addon {
  /** {@code GET /agents}. */
  AGENTS("agents"),
  /** {@code /searches}: saved searches and their webhook alerts. */
  ALERTS("alerts");

  private final String wireName;

  Addon(String wireName) {
    this.wireName = wireName;
  }

  /** The name used in the keys file and in metadata responses, e.g. {@code agents}. */
  public String wireName() {
    return wireName;
  }

  /** The add-on with this exact wire name, if any. */
  public static Optional<Addon> fromWireName(String name) {
    return Arrays.stream(values()).filter(a -> a.wireName.equals(name)).findFirst();
  }

  /** The known wire names, comma separated, for error messages. */
  static String known() {
    return Arrays.stream(values()).map(Addon::wireName).collect(Collectors.joining(", "));
  }
}

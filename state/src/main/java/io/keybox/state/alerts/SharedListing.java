package io.keybox.state.alerts;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A listing's JSON that several deliveries of one commit carry, kept once in the outbox and put
 * into each of their bodies' {@link NewDelivery.Slot slots} when the delivery is handed out. Kept
 * while a delivery of its commit is pending, removed after ({@link MatchLedger#matched}).
 *
 * @param vendor the vendor whose commit made it
 * @param generation that commit's generation
 * @param key what the slots name it by, unique in the commit (letters, digits, {@code . _ -})
 * @param json its bytes, exactly as they go into a body
 */
public record SharedListing(String vendor, long generation, String key, byte[] json) {
  private static final Pattern KEY = Pattern.compile("[A-Za-z0-9._-]{1,64}");

  public SharedListing {
    Objects.requireNonNull(vendor, "vendor");
    checkKey(key);
    Objects.requireNonNull(json, "json");
  }

  static void checkKey(String key) {
    if (key == null || !KEY.matcher(key).matches()) {
      throw new IllegalArgumentException(
          "shared listing key " + key + ": expected 1 to 64 letters, digits, '.', '_' or '-'");
    }
  }
}

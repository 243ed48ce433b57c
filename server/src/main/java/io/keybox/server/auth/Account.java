package io.keybox.server.auth;

import java.util.Collections;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * One API key from the keys file: what it may read and how fast.
 *
 * <p>{@link #toString()} is safe to log: the secret hash prints as its algorithm only.
 *
 * @param key the API key (the Basic user name): not empty, no ':' and no control characters
 * @param vendors the vendors the key may read, in the keys file's order; not empty, no duplicates
 * @param addons the add-ons granted to the key
 * @param rateLimit the key's rate limit
 * @param secretHash the hash of the key's secret
 */
public record Account(
    String key,
    List<String> vendors,
    Set<Addon> addons,
    RateLimit rateLimit,
    SecretHash secretHash) {

  /**
   * @throws IllegalArgumentException naming the bad value (a vendor or the key, never the secret)
   */
  public Account {
    checkKey(key);
    vendors = List.copyOf(vendors);
    if (vendors.isEmpty()) {
      throw new IllegalArgumentException("vendors must not be empty");
    }
    Set<String> seen = new HashSet<>();
    for (String vendor : vendors) {
      if (vendor.isBlank()) {
        throw new IllegalArgumentException("a vendor name must not be empty");
      }
      if (!seen.add(vendor)) {
        throw new IllegalArgumentException("vendor '" + vendor + "' is listed twice");
      }
    }
    addons =
        Collections.unmodifiableSet(
            addons.isEmpty() ? EnumSet.noneOf(Addon.class) : EnumSet.copyOf(addons));
    Objects.requireNonNull(rateLimit, "rateLimit");
    Objects.requireNonNull(secretHash, "secretHash");
  }

  /** True when the key may read this vendor's data. */
  public boolean mayRead(String vendor) {
    return vendors.contains(vendor);
  }

  /** True when the key has been granted this add-on. */
  public boolean has(Addon addon) {
    return addons.contains(addon);
  }

  private static void checkKey(String key) {
    if (key.isEmpty()) {
      throw new IllegalArgumentException("key must not be empty");
    }
    if (key.chars().anyMatch(Character::isISOControl)) {
      throw new IllegalArgumentException("key must not contain control characters");
    }
    if (key.indexOf(':') >= 0) {
      // HTTP Basic splits user and password at the first ':', so such a key could never log in.
      throw new IllegalArgumentException("key must not contain ':' (got: '" + key + "')");
    }
  }
}

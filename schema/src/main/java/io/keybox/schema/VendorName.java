package io.keybox.schema;

import java.util.regex.Pattern;

/**
 * What a vendor may be called (docs/operations.md): 1–64 of {@code a-z}, {@code 0-9}, {@code _} and
 * {@code -}, starting with a letter or digit. It names the vendor's folder in the data directory,
 * so a folder by any other name ({@code houston.bak}, a copy put aside) is not a vendor.
 */
public final class VendorName {
  /** The rule as a pattern. */
  public static final Pattern PATTERN = Pattern.compile("[a-z0-9][a-z0-9_-]{0,63}");

  private VendorName() {}

  /** Whether {@code name} is a vendor's name. */
  public static boolean isValid(String name) {
    return PATTERN.matcher(name).matches();
  }
}

package io.keybox.generator;

import io.keybox.schema.VendorName;

/**
 * What to generate: how many listings, from which seed, labelled with which vendor. The same config
 * always produces the same bytes.
 *
 * @param listings number of listings, {@value #MIN_LISTINGS}..{@value #MAX_LISTINGS}
 * @param seed the random seed; any value
 * @param vendor the vendor name used in photo and tour URLs, {@code mls.originatingSystemName} and
 *     the disclaimer; it does not change the drawn data. 1–64 characters of {@code a-z 0-9 - _},
 *     starting with a letter or digit.
 * @throws IllegalArgumentException when a value is out of range; the message names the value
 */
public record GeneratorConfig(long listings, long seed, String vendor) {
  public static final long MIN_LISTINGS = 1;
  public static final long MAX_LISTINGS = 50_000_000;
  public static final long DEFAULT_SEED = 42;
  public static final String DEFAULT_VENDOR = "houston";

  public GeneratorConfig {
    if (listings < MIN_LISTINGS || listings > MAX_LISTINGS) {
      throw new IllegalArgumentException(
          "listings must be " + MIN_LISTINGS + ".." + MAX_LISTINGS + " (got: " + listings + ")");
    }
    if (vendor == null || !VendorName.isValid(vendor)) {
      throw new IllegalArgumentException(
          "vendor must be 1-64 characters of a-z, 0-9, '-' and '_', starting with a letter or"
              + " digit (got: '"
              + vendor
              + "')");
    }
  }

  /** {@code listings} listings with the default seed and vendor. */
  public static GeneratorConfig of(long listings) {
    return new GeneratorConfig(listings, DEFAULT_SEED, DEFAULT_VENDOR);
  }
}

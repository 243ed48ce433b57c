package io.keybox.generator;

import java.util.Arrays;
import java.util.List;

/**
 * A listing status: the normalised {@code mls.status} value of API.md §6, the raw MLS texts that go
 * with it in {@code mls.statusText}, and its share of the generated listings.
 */
enum ListingStatus {
  ACTIVE("Active", 67, "Active"),
  ACTIVE_UNDER_CONTRACT(
      "ActiveUnderContract", 7, "Option Pending", "Pending Continue to Show", "Active Contingent"),
  PENDING("Pending", 9, "Pending", "Under Contract"),
  CLOSED("Closed", 10, "Sold"),
  COMING_SOON("ComingSoon", 2, "Coming Soon"),
  HOLD("Hold", 2, "Temp Off Market", "Hold Do Not Show"),
  WITHDRAWN("Withdrawn", 1.5, "Withdrawn"),
  EXPIRED("Expired", 1.5, "Expired");

  private static final ListingStatus[] ALL = values();
  private static final double[] WEIGHTS =
      Arrays.stream(ALL).mapToDouble(status -> status.weight).toArray();

  private final String normalised;
  private final double weight;
  private final List<String> texts;

  ListingStatus(String normalised, double weight, String... texts) {
    this.normalised = normalised;
    this.weight = weight;
    this.texts = List.of(texts);
  }

  /** A status drawn by its share of listings. */
  static ListingStatus pick(Dice dice) {
    return ALL[dice.weighted(WEIGHTS)];
  }

  /** The value of {@code mls.status}. */
  String normalised() {
    return normalised;
  }

  /** A raw MLS text for this status; a closed lease reads "Leased", not "Sold". */
  String text(Dice dice, PropertyKind kind) {
    if (this == CLOSED && kind.isLease()) {
      return "Leased";
    }
    return dice.pick(texts);
  }
}

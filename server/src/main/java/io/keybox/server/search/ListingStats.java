package io.keybox.server.search;

import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The ListingAnalytics of API.md §9 for one listing.
 *
 * @param pricePerSqFt listPrice ÷ property.area; empty when either is missing
 * @param comparison the listing against its comparables
 */
public record ListingStats(OptionalDouble pricePerSqFt, Comparison comparison) {
  /**
   * The comparables of a listing: the other listings of the same vendor with this status, MLS area
   * and type.
   *
   * @param status the comparables' status (Active)
   * @param area the MLS area compared within; empty when the listing has none (no comparables)
   * @param type the type code compared within; empty when the listing has none (no comparables)
   * @param count how many comparables there are
   * @param medianPrice their median listPrice, over those that have one
   * @param medianPricePerSqFt their median price per sq ft, over those that have one
   * @param pricePerSqFtPercentile the share (0–100) of comparables with a price per sq ft that have
   *     a lower one than this listing; empty when this listing or every comparable lacks it
   */
  public record Comparison(
      String status,
      Optional<String> area,
      Optional<String> type,
      long count,
      OptionalDouble medianPrice,
      OptionalDouble medianPricePerSqFt,
      OptionalDouble pricePerSqFtPercentile) {}
}

package io.keybox.generator;

import io.keybox.generator.ListingPlan.Building;
import io.keybox.generator.PropertyKind.SubType;

/**
 * List prices by type, size and local price level, rounded the way agents price: sales to "...,900"
 * or thousands, rents to 25 dollars.
 */
final class Pricing {
  /** Monthly rent bounds of a residential rental. */
  static final int MIN_RENT = 1_200;

  static final int MAX_RENT = 9_000;

  private Pricing() {}

  /** The list price of a listing, in whole dollars (per month for leases). */
  static long listPrice(Dice d, PropertyKind kind, SubType subType, MlsArea area, Building b) {
    double level = area.priceLevel();
    // A luxury tail: a few listings priced well above their neighbourhood.
    double luxury = d.chance(0.03) ? d.between(1.4, 3.0) : 1.0;
    int year = b.yearBuilt() == null ? 0 : b.yearBuilt();
    double fresh = year >= 2018 ? 1.12 : year < 1980 ? 0.92 : 1.0;
    return switch (kind) {
      case RES -> sale(Math.max(65_000, b.area() * 150 * level * fresh * luxury * d.spread(0.18)));
      case CND -> sale(Math.max(55_000, b.area() * 185 * level * luxury * d.spread(0.2)));
      case MLF -> sale(Math.max(120_000, b.area() * 135 * level * d.spread(0.22)));
      case MBL -> sale(Math.max(35_000, b.area() * 75 * Math.sqrt(level) * d.spread(0.2)));
      case CRE -> sale(Math.max(150_000, b.area() * 165 * level * d.spread(0.35)));
      case FRM -> sale(b.acres() * 9_000 * d.spread(0.3) + b.area() * 120);
      case LND -> land(d, subType, b, level * luxury);
      case RNT ->
          rent(
              Math.min(
                  MAX_RENT,
                  Math.max(MIN_RENT, b.area() * 1.1 * Math.sqrt(level) * d.spread(0.15))));
      case CLE -> rent(Math.max(800, b.area() * d.between(1.4, 3.2) * Math.sqrt(level)));
    };
  }

  /**
   * The price before reductions: the same for most listings, a few percent higher for some, unknown
   * (null) for a few.
   */
  static Long originalPrice(Dice d, PropertyKind kind, long listPrice) {
    if (d.chance(0.05)) {
      return null;
    }
    if (d.chance(0.7)) {
      return listPrice;
    }
    double higher = listPrice * d.between(1.02, 1.12);
    return kind.isLease() ? rent(higher) : sale(higher);
  }

  /** The closing price of a sale, near the list price; a lease closes at its rent. */
  static long closePrice(Dice d, PropertyKind kind, long listPrice) {
    if (kind.isLease()) {
      return listPrice;
    }
    return Math.round(listPrice * d.between(0.92, 1.03) / 100) * 100;
  }

  private static long land(Dice d, SubType subType, Building b, double level) {
    double price =
        switch (subType.text()) {
          case "Lots" -> b.lotSizeArea() * d.between(3.0, 14.0) * level;
          case "Acreage" -> b.acres() * d.between(9_000, 45_000) * Math.sqrt(level);
          default -> b.acres() * d.between(3_000, 10_000); // farm and ranch land
        };
    return sale(Math.max(12_000, price));
  }

  /** Thousands, half of them as "...,900" (349,900). */
  static long sale(double price) {
    long thousands = Math.max(1, Math.round(price / 1000));
    // Deterministic on the value, so the price alone decides its ending.
    return thousands % 2 == 0 ? thousands * 1000 : thousands * 1000 - 100;
  }

  /** Multiples of 25 dollars. */
  static long rent(double rent) {
    return Math.max(25, Math.round(rent / 25) * 25);
  }
}

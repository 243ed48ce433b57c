package io.keybox.generator;

import io.keybox.generator.ListingPlan.Building;
import io.keybox.generator.PropertyKind.SubType;
import java.util.Locale;

/** Draws correlated size, age and lot facts for a listing of a given type. */
final class Buildings {
  static final int NEWEST_YEAR = 2026;
  static final int OLDEST_YEAR = 1950;
  private static final double SQFT_PER_ACRE = 43_560;

  private Buildings() {}

  /** The building of a listing of {@code kind}/{@code subType} in {@code mlsArea}. */
  static Building draw(Dice d, PropertyKind kind, SubType subType, MlsArea mlsArea) {
    String sub = subType.subType();
    Integer beds = bedrooms(d, kind, sub);
    Integer full = null;
    Integer half = null;
    Integer threeQuarter = null;
    Double bathrooms = null;
    if (beds != null) {
      full =
          kind == PropertyKind.MLF
              ? units(sub, beds)
              : Math.max(1, beds - 1 + (d.chance(0.4) ? 1 : 0));
      half = kind == PropertyKind.MLF ? 0 : d.chance(0.45) ? 1 : d.chance(0.06) ? 2 : 0;
      threeQuarter = d.chance(0.03) ? 1 : null;
      if (d.chance(0.25)) {
        bathrooms = full + 0.5 * half + (threeQuarter == null ? 0 : 0.75);
      }
    }
    Integer area = livingArea(d, kind, sub, beds);
    Integer year = kind == PropertyKind.LND ? null : yearBuilt(d, mlsArea.builtFrom());
    return lot(d, kind, subType, beds, full, half, threeQuarter, bathrooms, area, year);
  }

  private static Building lot(
      Dice d,
      PropertyKind kind,
      SubType subType,
      Integer beds,
      Integer full,
      Integer half,
      Integer threeQuarter,
      Double bathrooms,
      Integer area,
      Integer year) {
    String text = subType.text();
    String sub = subType.subType();
    boolean unit = sub.equals("Condominium") || sub.equals("Apartment") && kind == PropertyKind.RNT;
    String lotSize = null;
    Double lotArea = null;
    String units = null;
    Double acres = null;
    if (kind == PropertyKind.LND && text.equals("Lots")) {
      int w = d.between(50, 150);
      int depth = d.between(100, 300);
      lotSize = w + "X" + depth;
      lotArea = (double) (w * depth);
      units = "Square Feet";
      acres = round2(lotArea / SQFT_PER_ACRE);
    } else if (kind == PropertyKind.LND || kind == PropertyKind.FRM) {
      double a =
          kind == PropertyKind.FRM || text.startsWith("Agri")
              ? d.between(15.0, 320.0)
              : d.between(1.0, 60.0);
      acres = round2(a);
      lotArea = acres;
      units = "Acres";
      lotSize = String.format(Locale.ROOT, "%.2f Acres", acres);
    } else if (!unit && kind != PropertyKind.CLE) {
      boolean townhouse = sub.equals("Townhouse");
      boolean big = !townhouse && d.chance(kind == PropertyKind.CRE ? 0.5 : 0.08);
      int w = townhouse ? d.between(18, 32) : big ? d.between(120, 300) : d.between(50, 110);
      int depth = townhouse ? d.between(50, 100) : big ? d.between(150, 400) : d.between(100, 180);
      lotSize = d.chance(0.5) ? w + "X" + depth : w + " X " + depth;
      lotArea = (double) (w * depth);
      units = "Square Feet";
      acres = round2(lotArea / SQFT_PER_ACRE);
      if (d.chance(0.1)) {
        lotSize = null;
      }
    }
    return new Building(
        beds,
        bathrooms,
        full,
        half,
        threeQuarter,
        area,
        year,
        stories(d, kind, sub, year),
        garage(d, kind, sub),
        beds == null ? null : fireplaces(d, kind, sub),
        lotSize,
        lotArea,
        units,
        acres);
  }

  private static Integer bedrooms(Dice d, PropertyKind kind, String sub) {
    return switch (kind) {
      case RES ->
          sub.equals("SingleFamilyResidence")
              ? 2 + d.weighted(new double[] {8, 42, 35, 12, 3})
              : d.between(2, 4);
      case RNT ->
          sub.equals("SingleFamilyResidence")
              ? 2 + d.weighted(new double[] {15, 50, 30, 5})
              : 1 + d.weighted(new double[] {40, 45, 15});
      case CND -> 1 + d.weighted(new double[] {30, 50, 20});
      case MLF ->
          switch (sub) {
            case "Duplex" -> d.between(4, 6);
            case "Triplex" -> d.between(6, 9);
            case "Quadruplex" -> d.between(8, 12);
            default -> d.between(10, 40);
          };
      case MBL -> d.between(2, 4);
      case FRM -> d.between(3, 5);
      case LND, CRE, CLE -> null;
    };
  }

  /** Number of units of a multi-family building, one full bath each. */
  private static int units(String sub, int beds) {
    return switch (sub) {
      case "Duplex" -> 2;
      case "Triplex" -> 3;
      case "Quadruplex" -> 4;
      default -> Math.max(5, beds / 2);
    };
  }

  private static Integer livingArea(Dice d, PropertyKind kind, String sub, Integer beds) {
    double sqft =
        switch (kind) {
          case LND -> 0;
          case CRE -> Math.min(60_000, Math.max(1_200, 6_000 * d.spread(0.8)));
          case CLE -> Math.min(25_000, Math.max(600, 3_000 * d.spread(0.7)));
          case CND -> 500 + beds * 400 * d.spread(0.1);
          default ->
              sub.equals("Apartment") && kind == PropertyKind.RNT
                  ? 450 + beds * 380
                  : 600 + beds * 450;
        };
    if (sqft == 0) {
      return null;
    }
    sqft *= d.spread(0.12);
    return (int) Math.round(sqft);
  }

  /** 1950–2026, skewed to the area's own building era and to newer houses. */
  static int yearBuilt(Dice d, int builtFrom) {
    if (d.chance(0.05)) {
      return d.between(OLDEST_YEAR, NEWEST_YEAR);
    }
    int span = NEWEST_YEAR + 1 - builtFrom;
    return Math.min(NEWEST_YEAR, builtFrom + (int) (span * Math.pow(d.unit(), 0.75)));
  }

  private static Integer stories(Dice d, PropertyKind kind, String sub, Integer year) {
    if (year == null) {
      return null;
    }
    if (sub.equals("Townhouse")) {
      return d.chance(0.5) ? 2 : 3;
    }
    return switch (kind) {
      case CND, MBL -> 1;
      case CRE, CLE -> 1 + d.weighted(new double[] {60, 25, 10, 5});
      case MLF -> d.between(1, 3);
      default ->
          sub.equals("Apartment") || sub.equals("Condominium")
              ? 1
              : 1 + d.weighted(year >= 1990 ? new double[] {35, 60, 5} : new double[] {60, 38, 2});
    };
  }

  private static Integer garage(Dice d, PropertyKind kind, String sub) {
    return switch (kind) {
      case RES, FRM ->
          d.chance(0.08)
              ? null
              : sub.equals("Townhouse")
                  ? d.between(1, 2)
                  : d.weighted(new double[] {5, 8, 65, 18, 4});
      case CND -> d.chance(0.3) ? null : d.between(0, 2);
      case RNT -> d.chance(0.15) ? null : d.weighted(new double[] {20, 20, 50, 10});
      case MLF -> d.chance(0.3) ? null : d.between(0, 4);
      case MBL -> d.chance(0.4) ? null : d.between(0, 2);
      case LND, CRE, CLE -> null;
    };
  }

  private static Integer fireplaces(Dice d, PropertyKind kind, String sub) {
    if (d.chance(0.1)) {
      return null;
    }
    if (kind == PropertyKind.CND || sub.equals("Apartment") || kind == PropertyKind.MBL) {
      return d.chance(0.15) ? 1 : 0;
    }
    return d.weighted(new double[] {40, 52, 8});
  }

  static double round2(double v) {
    return Math.round(v * 100) / 100.0;
  }
}

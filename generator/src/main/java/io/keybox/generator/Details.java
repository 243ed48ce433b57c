package io.keybox.generator;

import io.keybox.generator.ListingPlan.Building;
import java.util.ArrayList;
import java.util.List;

/**
 * The descriptive property fields of a listing, drawn from the feature vocabularies so that they
 * fit its type (no roof on a lot, a water view only on the water). Null members are absent values.
 *
 * @param interior the items of {@code property.interiorFeatures}, or null
 * @param exterior the items of {@code property.exteriorFeatures}, or null
 * @param association the HOA, or null
 */
record Details(
    List<String> interior,
    List<String> exterior,
    String pool,
    String roof,
    String heating,
    String cooling,
    String style,
    String flooring,
    String foundation,
    String construction,
    String view,
    String accessibility,
    String laundry,
    String additionalRooms,
    String lotDescription,
    Integer parkingSpaces,
    String parkingDescription,
    String areaSource,
    String occupantType,
    Long maintenanceExpense,
    Association association) {

  /** A homeowners or condominium association. */
  record Association(String name, long fee, String frequency, String amenities) {}

  private static final List<String> FREQUENCIES =
      List.of("Annually", "Quarterly", "Semi-Annually", "Monthly");
  private static final double[] FREQUENCY_WEIGHTS = {75, 8, 7, 10};

  private static final List<String> HOA_SUFFIXES =
      List.of("HOA", "Community Association", "Owners Association", "Homeowners Association");

  static Details draw(Dice d, ListingPlan p) {
    PropertyKind kind = p.kind();
    Building b = p.building();
    boolean dwelling = kind.isDwelling();
    boolean builtOn = kind != PropertyKind.LND;
    boolean condo = kind == PropertyKind.CND || p.subType().subType().equals("Condominium");
    boolean highRise = p.subType().text().startsWith("Mid/Hi-Rise");
    String water = p.place().water();
    Association hoa = association(d, p, condo);

    List<String> interior =
        dwelling && d.chance(0.9) ? d.distinct(Features.INTERIOR, d.between(2, 7)) : null;
    List<String> exterior = null;
    if (dwelling && d.chance(0.85)) {
      exterior =
          condo
              ? d.distinct(Features.CONDO_EXTERIOR, d.between(2, 5))
              : d.distinct(Features.EXTERIOR, d.between(2, 7));
    }
    String view = null;
    if (water != null) {
      view = waterView(water);
    } else if (builtOn && d.chance(0.25)) {
      boolean downtown = highRise && p.place().city().name().equals("Houston");
      view = downtown && d.chance(0.5) ? "Downtown" : d.pick(Features.VIEW);
    }
    List<String> lot = new ArrayList<>();
    if (b.lotSizeArea() != null && d.chance(0.7)) {
      lot.addAll(d.distinct(Features.LOT_DESCRIPTION, d.between(1, 2)));
    }
    if (water != null && b.lotSizeArea() != null) {
      lot.add("Waterfront");
    }
    Integer garage = b.garageSpaces();
    return new Details(
        interior,
        exterior,
        dwelling ? pool(d, kind, condo, hoa != null) : null,
        builtOn && !highRise && d.chance(0.9) ? d.pick(Features.ROOF) : null,
        builtOn && d.chance(0.9) ? join(d.distinct(Features.HEATING, d.between(1, 2))) : null,
        builtOn && d.chance(0.9) ? join(d.distinct(Features.COOLING, d.between(1, 2))) : null,
        dwelling && d.chance(0.85) ? d.pick(Features.STYLE) : null,
        builtOn && d.chance(0.85) ? join(d.distinct(Features.FLOORING, d.between(1, 3))) : null,
        builtOn && !highRise && d.chance(0.9) ? d.pick(Features.FOUNDATION) : null,
        builtOn && d.chance(0.8) ? join(d.distinct(Features.CONSTRUCTION, d.between(1, 2))) : null,
        view,
        builtOn && d.chance(0.08) ? d.pick(Features.ACCESSIBILITY) : null,
        dwelling && d.chance(0.85) ? join(d.distinct(Features.LAUNDRY, d.between(2, 4))) : null,
        dwelling && d.chance(0.7)
            ? join(d.distinct(Features.ADDITIONAL_ROOMS, d.between(1, 4)))
            : null,
        lot.isEmpty() ? null : join(lot),
        garage == null ? null : garage + (d.chance(0.5) ? 2 : 0),
        builtOn && d.chance(0.7) ? join(d.distinct(Features.PARKING, d.between(1, 3))) : null,
        b.area() != null && d.chance(0.9)
            ? (b.yearBuilt() != null && b.yearBuilt() >= 2025
                ? "Builder"
                : d.pick(Features.AREA_SOURCE))
            : null,
        dwelling && d.chance(0.5) ? d.pick(Features.OCCUPANT_TYPE) : null,
        kind == PropertyKind.MLF ? Math.round(b.area() * 1.6 * d.spread(0.2) / 10) * 10 : null,
        hoa);
  }

  private static Association association(Dice d, ListingPlan p, boolean condo) {
    PropertyKind kind = p.kind();
    double level = Math.sqrt(p.place().area().priceLevel());
    String name = p.place().subdivision() + " " + d.pick(HOA_SUFFIXES);
    if (condo) {
      long fee = Math.round(d.between(250, 900) * level / 5) * 5;
      return new Association(
          name, fee, "Monthly", join(d.distinct(Features.CONDO_AMENITIES, d.between(2, 6))));
    }
    boolean eligible =
        kind == PropertyKind.RES
            || kind == PropertyKind.RNT && !p.subType().subType().equals("Apartment")
            || kind == PropertyKind.MBL
            || kind == PropertyKind.LND && p.subType().text().equals("Lots");
    double share =
        kind == PropertyKind.LND ? p.place().area().hoaShare() * 0.5 : p.place().area().hoaShare();
    if (!eligible || !d.chance(share)) {
      return null;
    }
    long annual = Math.round(d.between(300, 1600) * level / 10) * 10;
    String frequency = FREQUENCIES.get(d.weighted(FREQUENCY_WEIGHTS));
    long fee =
        switch (frequency) {
          case "Quarterly" -> Math.round(annual / 4.0);
          case "Semi-Annually" -> Math.round(annual / 2.0);
          case "Monthly" -> Math.round(annual / 12.0);
          default -> annual;
        };
    return new Association(
        name, fee, frequency, join(d.distinct(Features.AMENITIES, d.between(2, 6))));
  }

  private static String pool(Dice d, PropertyKind kind, boolean condo, boolean hoa) {
    List<String> parts = new ArrayList<>();
    boolean association = hoa && d.chance(condo ? 0.5 : 0.3);
    boolean own = !condo && d.chance(kind == PropertyKind.RNT ? 0.08 : 0.18);
    if (association) {
      parts.add("Association");
    }
    if (own) {
      parts.add("Private");
      parts.add("In Ground");
      if (d.chance(0.3)) {
        parts.add(d.chance(0.5) ? "Heated" : "Gunite");
      }
    } else if (association) {
      parts.add("Community Pool");
    }
    return parts.isEmpty() ? null : join(parts);
  }

  private static String waterView(String water) {
    if (water.contains("Bayou") || water.contains("River") || water.contains("Creek")) {
      return "Water";
    }
    if (water.contains("Gulf")) {
      return "Gulf";
    }
    if (water.contains("Bay")) {
      return "Bay";
    }
    return water.contains("Lake") ? "Lake" : "Water";
  }

  /** Items as an MLS multi-value field: comma-separated without spaces. */
  static String join(List<String> items) {
    return String.join(",", items);
  }
}

package io.keybox.generator;

import java.util.Arrays;
import java.util.List;

/**
 * A property type ({@code property.type}) with the subtypes a listing of that type gets, and its
 * share of the generated listings.
 */
enum PropertyKind {
  RES(
      55,
      sub("SingleFamilyResidence", "Single-Family", 86),
      sub("Townhouse", "Townhouse", 12),
      sub("ManufacturedOnLand", "Manufactured on Land", 2)),
  RNT(
      17,
      sub("SingleFamilyResidence", "Single Family Detached", 50),
      sub("Apartment", "Apartment", 20),
      sub("Townhouse", "Townhouse/Condo", 15),
      sub("Condominium", "Condominium", 10),
      sub("Duplex", "Duplex", 5)),
  CND(
      12,
      sub("Condominium", "Mid/Hi-Rise Condo", 45),
      sub("Condominium", "Condominium", 30),
      sub("Townhouse", "Townhouse/Condo", 25)),
  LND(
      7,
      sub("UnimprovedLand", "Lots", 70),
      sub("UnimprovedLand", "Acreage", 20),
      sub("Agriculture", "Agricultural", 10)),
  MLF(
      4,
      sub("Duplex", "Duplex", 50),
      sub("Triplex", "Triplex", 15),
      sub("Quadruplex", "Fourplex", 20),
      sub("Apartment", "5+ Units", 15)),
  CRE(
      2,
      sub("Retail", "Retail", 25),
      sub("OfficeSpace", "Office", 25),
      sub("Industrial", "Industrial", 15),
      sub("Warehouse", "Warehouse", 15),
      sub("MixedUse", "Mixed Use", 10),
      sub("Business", "Business Opportunity", 7),
      sub("HotelMotel", "Hotel/Motel", 3)),
  CLE(
      1.5,
      sub("OfficeSpace", "Office", 45),
      sub("Retail", "Retail", 35),
      sub("Warehouse", "Warehouse/Industrial", 20)),
  MBL(
      1,
      sub("ManufacturedHome", "Manufactured Home", 80),
      sub("ManufacturedOnLand", "Manufactured on Land", 20)),
  FRM(0.5, sub("FarmAndRanch", "Farm & Ranch", 70), sub("Agriculture", "Ranch/Agricultural", 30));

  /** A subtype: the normalised value of {@code property.subType} and a raw MLS text. */
  record SubType(String subType, String text, double weight) {}

  private static final PropertyKind[] ALL = values();
  private static final double[] WEIGHTS =
      Arrays.stream(ALL).mapToDouble(kind -> kind.weight).toArray();

  private final double weight;
  private final List<SubType> subTypes;
  private final double[] subWeights;

  PropertyKind(double weight, SubType... subTypes) {
    this.weight = weight;
    this.subTypes = List.of(subTypes);
    this.subWeights = new double[subTypes.length];
    for (int i = 0; i < subTypes.length; i++) {
      subWeights[i] = subTypes[i].weight();
    }
  }

  /** A type drawn by its share of listings. */
  static PropertyKind pick(Dice dice) {
    return ALL[dice.weighted(WEIGHTS)];
  }

  /** A subtype of this type drawn by its share. */
  SubType pickSubType(Dice dice) {
    return subTypes.get(dice.weighted(subWeights));
  }

  /** True for types priced per month ({@code RNT}, {@code CLE}). */
  boolean isLease() {
    return this == RNT || this == CLE;
  }

  /** True for homes people live in: they have bedrooms and bathrooms. */
  boolean isDwelling() {
    return this == RES || this == RNT || this == CND || this == MLF || this == MBL || this == FRM;
  }

  private static SubType sub(String subType, String text, double weight) {
    return new SubType(subType, text, weight);
  }
}

package io.keybox.schema.reso;

import io.keybox.schema.listing.PropertyType;
import io.keybox.schema.listing.Status;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The two RESO lookups whose values Keybox holds in its own vocabulary: {@code PropertyType}
 * (Keybox's type codes) and {@code StandardStatus} (Keybox's {@link Status}). The indexer maps RESO
 * values in; the RESO view maps Keybox values out and a filter's RESO value to the codes it means.
 */
public final class ResoVocabulary {
  private ResoVocabulary() {}

  /**
   * RESO PropertyType (letters only, lower case) → Keybox type code. Residential is RES, or CND
   * when PropertySubType is Condominium (the indexer's rule).
   */
  public static final Map<String, String> PROPERTY_TYPES =
      Map.of(
          "residential", "RES",
          "residentiallease", "RNT",
          "residentialincome", "MLF",
          "land", "LND",
          "farm", "FRM",
          "commercialsale", "CRE",
          "businessopportunity", "CRE",
          "commerciallease", "CLE",
          "manufacturedinpark", "MBL");

  /** The RESO PropertyType of a Keybox type code (CRE is CommercialSale); empty for another. */
  public static Optional<String> propertyTypeOf(String code) {
    return switch (code) {
      case "RES", "CND" -> Optional.of("Residential");
      case "RNT" -> Optional.of("ResidentialLease");
      case "MLF" -> Optional.of("ResidentialIncome");
      case "LND" -> Optional.of("Land");
      case "FRM" -> Optional.of("Farm");
      case "CRE" -> Optional.of("CommercialSale");
      case "CLE" -> Optional.of("CommercialLease");
      case "MBL" -> Optional.of("ManufacturedInPark");
      default -> Optional.empty();
    };
  }

  /** The Keybox type codes a RESO PropertyType names: Residential is RES and CND. */
  public static List<String> propertyTypeCodes(String resoType) {
    String code = PROPERTY_TYPES.get(resoType.replaceAll("[^A-Za-z]", "").toLowerCase(Locale.ROOT));
    if (code == null) {
      return List.of();
    }
    List<String> codes = new ArrayList<>(List.of(code));
    if (code.equals(PropertyType.RES.name())) {
      codes.add(PropertyType.CND.name());
    }
    return codes;
  }

  /** The RESO StandardStatus of a Keybox status name: the name with spaces between its words. */
  public static String standardStatusOf(String keyboxStatus) {
    return keyboxStatus.replaceAll("(?<=[a-z])(?=[A-Z])", " ");
  }

  /** The Keybox status a RESO StandardStatus names (Canceled is Withdrawn), if any. */
  public static Optional<Status> statusOf(String standardStatus) {
    return standardStatus.equalsIgnoreCase("Canceled")
        ? Optional.of(Status.Withdrawn)
        : Status.parse(standardStatus);
  }
}

package io.keybox.schema.listing;

import io.keybox.schema.field.KeywordField;
import java.util.Optional;

/**
 * The facet dimensions of a listing: the keyword fields whose display values are counted for
 * analytics distributions and listed by {@code OPTIONS /properties} (API.md §9, §12). Each dim is
 * named after its field; {@link #optionsKey()} is its key in the OPTIONS {@code fields} object,
 * empty for a dim OPTIONS does not list. Declared in the order OPTIONS lists them.
 */
public enum ListingDim {
  STATUS(ListingFields.STATUS, "status"),
  TYPE(ListingFields.TYPE, "type"),
  SUBTYPE(ListingFields.SUBTYPE, "subtype"),
  CITY(ListingFields.CITY, "cities"),
  COUNTY(ListingFields.COUNTY, "counties"),
  SUBDIVISION(ListingFields.SUBDIVISION, "neighborhoods"),
  POSTAL_CODE(ListingFields.POSTAL_CODE, "postalCodes"),
  MLS_AREA(ListingFields.MLS_AREA, null),
  AREA_MINOR(ListingFields.MLS_AREA_MINOR, "areaMinor"),
  FEATURES(ListingFields.FEATURES, "features"),
  EXTERIOR_FEATURES(ListingFields.EXTERIOR_FEATURES, "exteriorFeatures"),
  WATER(ListingFields.WATER, "water"),
  SPECIAL_LISTING_CONDITIONS(ListingFields.SPECIAL_LISTING_CONDITIONS, "specialListingConditions"),
  OWNERSHIP(ListingFields.OWNERSHIP, "ownership");

  private final KeywordField field;
  private final String optionsKey;

  ListingDim(KeywordField field, String optionsKey) {
    this.field = field;
    this.optionsKey = optionsKey;
  }

  /** The keyword field whose values are this dim's labels. */
  public KeywordField field() {
    return field;
  }

  /** The facet dimension name (the field's name). */
  public String dimName() {
    return field.name();
  }

  /** The key of this dim in the {@code fields} of OPTIONS /properties, if it is listed there. */
  public Optional<String> optionsKey() {
    return Optional.ofNullable(optionsKey);
  }

  /**
   * The value OPTIONS lists for a label: type codes become the display names the {@code type}
   * parameter also accepts ({@code RES} → {@code Residential}); other labels are listed as they
   * are.
   */
  public String optionsValue(String label) {
    return this == TYPE
        ? PropertyType.parse(label).map(PropertyType::displayName).orElse(label)
        : label;
  }
}

package io.keybox.schema.listing;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The property types of {@code property.type} (API.md §5–§6): the code stored in listings, the
 * lower-case name of the {@code type} parameter, and the display name OPTIONS lists.
 */
public enum PropertyType {
  RES("residential", "Residential"),
  CND("condominium", "Condominium"),
  RNT("rental", "Rental"),
  MBL("mobilehome", "Mobile Home"),
  MLF("multifamily", "Multi-Family"),
  CRE("commercial", "Commercial"),
  CLE("commerciallease", "Commercial Lease"),
  LND("land", "Land"),
  FRM("farm", "Farm");

  private static final Map<String, PropertyType> BY_KEY = new HashMap<>();

  static {
    for (PropertyType type : values()) {
      BY_KEY.put(VocabularyKey.of(type.name()), type);
      BY_KEY.put(VocabularyKey.of(type.parameterName), type);
      BY_KEY.put(VocabularyKey.of(type.displayName), type);
    }
  }

  private final String parameterName;
  private final String displayName;

  PropertyType(String parameterName, String displayName) {
    this.parameterName = parameterName;
    this.displayName = displayName;
  }

  /** The value of the {@code type} query parameter naming this type, e.g. {@code residential}. */
  public String parameterName() {
    return parameterName;
  }

  /** The display name listed by OPTIONS, e.g. {@code Multi-Family}. */
  public String displayName() {
    return displayName;
  }

  /**
   * The codes a {@code type} parameter value selects: residential includes condominiums (API.md
   * §6).
   */
  public Set<PropertyType> selectedByParameter() {
    return this == RES ? EnumSet.of(RES, CND) : EnumSet.of(this);
  }

  /** The codes of {@link #selectedByParameter()}, in declaration order. */
  public List<String> selectedCodes() {
    return selectedByParameter().stream().map(PropertyType::name).toList();
  }

  /** The type a code, parameter name or display name denotes (case, spaces, dashes ignored). */
  public static Optional<PropertyType> parse(String value) {
    return Optional.ofNullable(BY_KEY.get(VocabularyKey.of(value)));
  }

  /** The parameter names of all types, in declaration order. */
  public static List<String> parameterNames() {
    return Arrays.stream(values()).map(PropertyType::parameterName).toList();
  }
}

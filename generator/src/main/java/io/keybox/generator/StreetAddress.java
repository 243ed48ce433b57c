package io.keybox.generator;

/**
 * A street address in the API's StreetAddress shape (API.md §5 {@code address}).
 *
 * @param unit the unit number, or null for a whole building
 * @param crossStreet a nearby cross street, or null
 */
record StreetAddress(
    int streetNumber,
    String streetName,
    String unit,
    String city,
    String postalCode,
    String crossStreet) {

  static final String STATE = "TX";
  static final String COUNTRY = "US";

  /** {@code "<number> <street>[ #unit]"}. */
  String full() {
    String base = streetNumber + " " + streetName;
    return unit == null ? base : base + " #" + unit;
  }

  /** An address on a random street of {@code area} in {@code city}. */
  static StreetAddress random(Dice dice, City city, MlsArea area, String unit) {
    int number = dice.chance(0.7) ? dice.between(100, 9999) : dice.between(10000, 29999);
    String cross = dice.chance(0.3) ? streetName(dice) : null;
    return new StreetAddress(
        number, streetName(dice), unit, city.name(), dice.pick(area.postalCodes()), cross);
  }

  /** A street name with its type and, sometimes, a direction: "W Live Oak Dr". */
  static String streetName(Dice dice) {
    String name = dice.pick(Names.STREETS) + " " + dice.pick(Names.STREET_TYPES);
    return dice.chance(0.1) ? dice.pick(Names.DIRECTIONS) + " " + name : name;
  }
}

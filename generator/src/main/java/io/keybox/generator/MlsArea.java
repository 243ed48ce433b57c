package io.keybox.generator;

import java.util.List;

/**
 * An MLS area of a city: a circle with its postal codes, subdivisions, school district and local
 * character (price level, building era, HOA share, nearby water).
 *
 * @param name the MLS area written in {@code mls.area}
 * @param code the minor area code written in {@code mls.areaMinor}
 * @param lat latitude of the centre
 * @param lng longitude of the centre
 * @param radiusKm listings are placed uniformly inside this circle
 * @param weight relative share of the city's listings
 * @param priceLevel price multiplier against the metro's typical price per square foot
 * @param builtFrom the year most of the area's housing starts from (older houses are rarer)
 * @param hoaShare share of the area's houses that belong to a homeowners association
 * @param postalCodes postal codes of the area
 * @param subdivisions subdivisions (neighbourhoods) of the area
 * @param district the school district serving the area
 * @param waters named water bodies a waterfront listing of the area may face (may be empty)
 * @param waterShare share of the area's listings that are waterfront
 */
record MlsArea(
    String name,
    String code,
    double lat,
    double lng,
    double radiusKm,
    double weight,
    double priceLevel,
    int builtFrom,
    double hoaShare,
    List<String> postalCodes,
    List<String> subdivisions,
    SchoolDistrict district,
    List<String> waters,
    double waterShare) {

  MlsArea {
    postalCodes = List.copyOf(postalCodes);
    subdivisions = List.copyOf(subdivisions);
    waters = List.copyOf(waters);
    if (postalCodes.isEmpty() || subdivisions.isEmpty()) {
      throw new IllegalArgumentException("area " + name + " needs postal codes and subdivisions");
    }
    if (waters.isEmpty() && waterShare > 0) {
      throw new IllegalArgumentException("area " + name + " has a water share but no water");
    }
  }
}

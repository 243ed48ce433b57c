package io.keybox.generator;

import java.util.List;

/**
 * A city of the generated metro: every listing in it lies within {@code radiusKm} of its centre and
 * in one of its MLS areas.
 *
 * @param name the city as written in {@code address.city}
 * @param county the county (without "County") written in {@code geo.county}
 * @param marketArea the broad market area written in {@code geo.marketArea}
 * @param lat latitude of the centre
 * @param lng longitude of the centre
 * @param radiusKm every area of the city lies inside this circle
 * @param weight relative share of the metro's listings
 * @param areaCode telephone area code of local offices
 * @param highways roads named in driving directions
 * @param areas the city's MLS areas (at least one)
 */
record City(
    String name,
    String county,
    String marketArea,
    double lat,
    double lng,
    double radiusKm,
    double weight,
    String areaCode,
    List<String> highways,
    List<MlsArea> areas) {

  City {
    if (areas.isEmpty()) {
      throw new IllegalArgumentException("city " + name + " has no MLS area");
    }
    highways = List.copyOf(highways);
    areas = List.copyOf(areas);
  }

  /** Distance in km from the centre to a point, by the equirectangular approximation. */
  double distanceKm(double pointLat, double pointLng) {
    return Geo.distanceKm(lat, lng, pointLat, pointLng);
  }
}

package io.keybox.generator;

/** Small-distance geometry on the sphere, good to well under 1% across a metro. */
final class Geo {
  static final double KM_PER_DEGREE = 111.32;

  private Geo() {}

  /** Distance in km between two points by the equirectangular approximation. */
  static double distanceKm(double lat1, double lng1, double lat2, double lng2) {
    double x = (lng2 - lng1) * Math.cos(Math.toRadians((lat1 + lat2) / 2));
    double y = lat2 - lat1;
    return Math.sqrt(x * x + y * y) * KM_PER_DEGREE;
  }

  /**
   * A point drawn uniformly inside the circle of {@code radiusKm} around the centre, as {lat, lng}
   * rounded to 6 decimals (about 10 cm).
   */
  static double[] pointWithin(Dice dice, double lat, double lng, double radiusKm) {
    double r = radiusKm * Math.sqrt(dice.unit());
    double theta = dice.unit() * 2 * Math.PI;
    double dLat = r * Math.cos(theta) / KM_PER_DEGREE;
    double dLng = r * Math.sin(theta) / (KM_PER_DEGREE * Math.cos(Math.toRadians(lat)));
    return new double[] {round6(lat + dLat), round6(lng + dLng)};
  }

  static double round6(double v) {
    return Math.round(v * 1e6) / 1e6;
  }
}

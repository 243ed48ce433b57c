package io.keybox.schema.filter;

import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The map's areas beside {@code points}: a viewport ({@code bbox=minLng,minLat,maxLng,maxLat}, the
 * order of GeoJSON's bbox and of map libraries' {@code getBounds().toBBoxString()}) and a circle
 * ({@code radius=lat,lng,distance} with {@code mi} or {@code km}, e.g. {@code 29.76,-95.37,5mi}).
 */
public final class GeoArea {
  /** The largest radius, in miles: a metro area, not a country. */
  public static final double MAX_RADIUS_MILES = 500;

  /** Metres in a statute mile. */
  static final double METRES_PER_MILE = 1609.344;

  private static final Pattern SEPARATOR = Pattern.compile("\\s*,\\s*");
  private static final Pattern DISTANCE = Pattern.compile("([0-9]*\\.?[0-9]+)\\s*(mi|km)");

  private GeoArea() {}

  /**
   * A box of latitudes and longitudes; {@code minLng > maxLng} when it crosses the antimeridian
   * (the 180th meridian), which the query splits in two.
   */
  public record Box(double minLat, double maxLat, double minLng, double maxLng) {}

  /** A circle around a point, its radius in metres. */
  public record Circle(double lat, double lng, double metres) {}

  /**
   * The box of a {@code bbox} value.
   *
   * @throws InvalidValueException naming the rule the value breaks
   */
  public static Box box(List<String> values) {
    String value = values.get(0).strip();
    double[] n = numbers(value, 4, "minLng,minLat,maxLng,maxLat in decimal degrees");
    double minLng = n[0];
    double minLat = n[1];
    double maxLng = n[2];
    double maxLat = n[3];
    latitude(value, minLat);
    latitude(value, maxLat);
    longitude(value, minLng);
    longitude(value, maxLng);
    if (minLat > maxLat) {
      throw InvalidValueException.invalid(
          value, "minLat at most maxLat (minLng,minLat,maxLng,maxLat)");
    }
    return new Box(minLat, maxLat, minLng, maxLng);
  }

  /**
   * The circle of a {@code radius} value.
   *
   * @throws InvalidValueException naming the rule the value breaks
   */
  public static Circle circle(List<String> values) {
    String value = values.get(0).strip();
    String[] parts = SEPARATOR.split(value);
    if (parts.length != 3) {
      throw InvalidValueException.invalid(
          value, "lat,lng,distance with mi or km, e.g. 29.76,-95.37,5mi");
    }
    double[] point =
        numbers(
            parts[0] + "," + parts[1], 2, "lat,lng,distance with mi or km, e.g. 29.76,-95.37,5mi");
    latitude(value, point[0]);
    longitude(value, point[1]);
    Matcher distance = DISTANCE.matcher(parts[2].toLowerCase(Locale.ROOT));
    if (!distance.matches()) {
      throw InvalidValueException.invalid(
          value, "a distance with its unit, mi or km, e.g. 5mi or 2.5km");
    }
    double amount = Double.parseDouble(distance.group(1));
    double metres = amount * (distance.group(2).equals("mi") ? METRES_PER_MILE : 1000);
    if (!(metres > 0) || metres > MAX_RADIUS_MILES * METRES_PER_MILE) {
      throw InvalidValueException.invalid(
          value, "a distance above 0 and at most " + (int) MAX_RADIUS_MILES + " mi (804.672 km)");
    }
    return new Circle(point[0], point[1], metres);
  }

  private static double[] numbers(String value, int count, String allowed) {
    String[] parts = SEPARATOR.split(value);
    if (parts.length != count) {
      throw InvalidValueException.invalid(value, allowed);
    }
    double[] numbers = new double[count];
    for (int i = 0; i < count; i++) {
      OptionalDouble parsed = ValueParsers.decimalOf(parts[i]);
      if (parsed.isEmpty()) {
        throw InvalidValueException.invalid(value, allowed);
      }
      numbers[i] = parsed.getAsDouble();
    }
    return numbers;
  }

  private static void latitude(String value, double lat) {
    if (lat < -90 || lat > 90) {
      throw InvalidValueException.invalid(value, "latitudes from -90 to 90");
    }
  }

  private static void longitude(String value, double lng) {
    if (lng < -180 || lng > 180) {
      throw InvalidValueException.invalid(value, "longitudes from -180 to 180");
    }
  }
}

package io.keybox.schema.filter;

import io.keybox.schema.filter.GeoPolygon.Vertex;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.OptionalDouble;
import java.util.regex.Pattern;

/**
 * The {@code points} parameter (API.md §7): each value {@code lat,lng}; together a polygon. A ring
 * that crosses itself as given (popular clients send rectangle corners in the order NE, NW, SE, SW)
 * is replaced by the convex hull of its points.
 */
public final class PointsParser {
  /** The most points one polygon may have. */
  public static final int MAX_POINTS = 1000;

  private static final Pattern SEPARATOR = Pattern.compile("\\s*,\\s*");

  private PointsParser() {}

  /**
   * The polygon of the values of {@code points}.
   *
   * @throws InvalidValueException for a bad point, more than {@link #MAX_POINTS}, fewer than 3
   *     distinct points or points on one line
   */
  public static GeoPolygon parse(List<String> values) {
    if (values.size() > MAX_POINTS) {
      throw InvalidValueException.invalid(
          values.size() + " points", "at most " + MAX_POINTS + " points");
    }
    List<Vertex> ring = new ArrayList<>();
    for (String value : values) {
      String[] parts = SEPARATOR.split(value.strip());
      OptionalDouble parsedLat = parts.length == 2 ? ValueParsers.decimalOf(parts[0]) : null;
      OptionalDouble parsedLng = parts.length == 2 ? ValueParsers.decimalOf(parts[1]) : null;
      if (parts.length != 2 || parsedLat.isEmpty() || parsedLng.isEmpty()) {
        // The whole point is named, not just the bad half, so the client sees which one it was.
        throw InvalidValueException.invalid(value, "lat,lng in decimal degrees, e.g. 29.76,-95.37");
      }
      double lat = parsedLat.getAsDouble();
      double lng = parsedLng.getAsDouble();
      if (lat < -90 || lat > 90 || lng < -180 || lng > 180) {
        throw InvalidValueException.invalid(
            value, "latitude -90..90 and longitude -180..180, latitude first");
      }
      ring.add(new Vertex(lat, lng));
    }
    return polygon(ring, String.join(" ", values));
  }

  /**
   * The polygon of {@code vertices} (in decimal degrees, within range), checked as {@link #parse}
   * checks the points: repeats dropped, a closed ring opened, a ring that crosses itself replaced
   * by its convex hull.
   *
   * @param shown the polygon as the client wrote it, for error messages
   * @throws InvalidValueException for more than {@link #MAX_POINTS}, fewer than 3 distinct points
   *     or points on one line
   */
  public static GeoPolygon polygon(List<Vertex> vertices, String shown) {
    if (vertices.size() > MAX_POINTS + 1) { // + 1: a closed ring repeats its first point
      throw InvalidValueException.invalid(
          vertices.size() + " points", "at most " + MAX_POINTS + " points");
    }
    List<Vertex> ring = new ArrayList<>();
    for (Vertex vertex : vertices) {
      if (ring.isEmpty() || !ring.get(ring.size() - 1).equals(vertex)) {
        ring.add(vertex);
      }
    }
    if (ring.size() > 1 && ring.get(0).equals(ring.get(ring.size() - 1))) {
      ring.remove(ring.size() - 1); // a closed ring: drop the repeated first point
    }
    if (new LinkedHashSet<>(ring).size() < 3) {
      throw InvalidValueException.invalid(shown, "at least 3 distinct points forming a polygon");
    }
    if (new LinkedHashSet<>(ring).size() < ring.size() || crossesItself(ring)) {
      ring = convexHull(ring);
    }
    if (ring.size() < 3 || enclosesNoArea(ring)) {
      throw InvalidValueException.invalid(
          shown, "points that enclose an area (not all on one line)");
    }
    return new GeoPolygon(ring);
  }

  /** Whether any two non-adjacent edges of the closed ring intersect. */
  static boolean crossesItself(List<Vertex> ring) {
    int n = ring.size();
    for (int i = 0; i < n; i++) {
      Vertex a = ring.get(i);
      Vertex b = ring.get((i + 1) % n);
      for (int j = i + 1; j < n; j++) {
        if (j == i || (j + 1) % n == i || (i + 1) % n == j) {
          continue; // adjacent edges share a vertex
        }
        if (segmentsIntersect(a, b, ring.get(j), ring.get((j + 1) % n))) {
          return true;
        }
      }
    }
    return false;
  }

  private static boolean segmentsIntersect(Vertex p1, Vertex p2, Vertex q1, Vertex q2) {
    double d1 = cross(q1, q2, p1);
    double d2 = cross(q1, q2, p2);
    double d3 = cross(p1, p2, q1);
    double d4 = cross(p1, p2, q2);
    if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) {
      return true;
    }
    return (d1 == 0 && onSegment(q1, q2, p1))
        || (d2 == 0 && onSegment(q1, q2, p2))
        || (d3 == 0 && onSegment(p1, p2, q1))
        || (d4 == 0 && onSegment(p1, p2, q2));
  }

  private static boolean onSegment(Vertex a, Vertex b, Vertex p) {
    return Math.min(a.lng(), b.lng()) <= p.lng()
        && p.lng() <= Math.max(a.lng(), b.lng())
        && Math.min(a.lat(), b.lat()) <= p.lat()
        && p.lat() <= Math.max(a.lat(), b.lat());
  }

  /** The z of (b - a) × (c - a), with x = lng and y = lat. */
  private static double cross(Vertex a, Vertex b, Vertex c) {
    return (b.lng() - a.lng()) * (c.lat() - a.lat()) - (b.lat() - a.lat()) * (c.lng() - a.lng());
  }

  /** Andrew's monotone chain; counter-clockwise, without collinear points. */
  static List<Vertex> convexHull(List<Vertex> points) {
    List<Vertex> sorted =
        new ArrayList<>(new LinkedHashSet<>(points))
            .stream()
                .sorted(
                    (p, q) ->
                        p.lng() != q.lng()
                            ? Double.compare(p.lng(), q.lng())
                            : Double.compare(p.lat(), q.lat()))
                .toList();
    if (sorted.size() < 3) {
      return sorted;
    }
    Vertex[] hull = new Vertex[2 * sorted.size()];
    int k = 0;
    for (Vertex p : sorted) {
      while (k >= 2 && cross(hull[k - 2], hull[k - 1], p) <= 0) k--;
      hull[k++] = p;
    }
    for (int i = sorted.size() - 2, lower = k + 1; i >= 0; i--) {
      Vertex p = sorted.get(i);
      while (k >= lower && cross(hull[k - 2], hull[k - 1], p) <= 0) k--;
      hull[k++] = p;
    }
    return List.copyOf(Arrays.asList(hull).subList(0, k - 1));
  }

  /**
   * Whether the ring is flat: its area is zero up to rounding, relative to its extent. Decimal
   * degrees are not exact in binary, so points on one line (29.1,-95.1 29.2,-95.2 29.3,-95.3) give
   * a tiny non-zero area; computing around the first vertex and comparing with the extent squared
   * keeps that rounding from passing for a polygon.
   */
  static boolean enclosesNoArea(List<Vertex> ring) {
    Vertex origin = ring.get(0);
    double twiceArea = 0;
    double minLat = origin.lat();
    double maxLat = origin.lat();
    double minLng = origin.lng();
    double maxLng = origin.lng();
    for (int i = 0; i < ring.size(); i++) {
      Vertex a = ring.get(i);
      Vertex b = ring.get((i + 1) % ring.size());
      twiceArea +=
          (a.lng() - origin.lng()) * (b.lat() - origin.lat())
              - (b.lng() - origin.lng()) * (a.lat() - origin.lat());
      minLat = Math.min(minLat, a.lat());
      maxLat = Math.max(maxLat, a.lat());
      minLng = Math.min(minLng, a.lng());
      maxLng = Math.max(maxLng, a.lng());
    }
    double extent = Math.max(maxLat - minLat, maxLng - minLng);
    return Math.abs(twiceArea) <= 1e-9 * extent * extent;
  }
}

package io.keybox.server.query;

import io.keybox.server.query.GeoPolygon.Vertex;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The {@code points} parameter (API.md §7): each value {@code lat,lng}; together a polygon. A ring
 * that crosses itself as given (popular clients send rectangle corners in the order NE, NW, SE, SW)
 * is replaced by the convex hull of its points.
 */
public final class PointsParser {
  /** The most points one polygon may have. */
  public static final int MAX_POINTS = 1000;

  private static final String PARAM = "points";
  private static final Pattern SEPARATOR = Pattern.compile("\\s*,\\s*");

  private PointsParser() {}

  /** Parses the values of {@code points}; fewer than 3 distinct points or bad coordinates → 400. */
  public static GeoPolygon parse(List<String> values) {
    if (values.size() > MAX_POINTS) {
      throw ParamValues.invalid(
          PARAM, values.size() + " points", "at most " + MAX_POINTS + " points");
    }
    List<Vertex> ring = new ArrayList<>();
    for (String value : values) {
      String[] parts = SEPARATOR.split(value.strip());
      if (parts.length != 2) {
        throw ParamValues.invalid(PARAM, value, "lat,lng in decimal degrees, e.g. 29.76,-95.37");
      }
      double lat = ParamValues.decimal(PARAM, parts[0]);
      double lng = ParamValues.decimal(PARAM, parts[1]);
      if (lat < -90 || lat > 90 || lng < -180 || lng > 180) {
        throw ParamValues.invalid(
            PARAM, value, "latitude -90..90 and longitude -180..180, latitude first");
      }
      Vertex vertex = new Vertex(lat, lng);
      if (ring.isEmpty() || !ring.get(ring.size() - 1).equals(vertex)) {
        ring.add(vertex);
      }
    }
    if (ring.size() > 1 && ring.get(0).equals(ring.get(ring.size() - 1))) {
      ring.remove(ring.size() - 1); // a closed ring: drop the repeated first point
    }
    if (new LinkedHashSet<>(ring).size() < 3) {
      throw ParamValues.invalid(
          PARAM, String.join(" ", values), "at least 3 distinct points forming a polygon");
    }
    if (new LinkedHashSet<>(ring).size() < ring.size() || crossesItself(ring)) {
      ring = convexHull(ring);
    }
    if (ring.size() < 3 || Math.abs(twiceArea(ring)) < 1e-18) {
      throw ParamValues.invalid(
          PARAM, String.join(" ", values), "points that enclose an area (not all on one line)");
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
    return List.copyOf(java.util.Arrays.asList(hull).subList(0, k - 1));
  }

  private static double twiceArea(List<Vertex> ring) {
    double sum = 0;
    for (int i = 0; i < ring.size(); i++) {
      Vertex a = ring.get(i);
      Vertex b = ring.get((i + 1) % ring.size());
      sum += a.lng() * b.lat() - b.lng() * a.lat();
    }
    return sum;
  }
}

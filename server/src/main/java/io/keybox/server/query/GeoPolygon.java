package io.keybox.server.query;

import java.util.List;

/**
 * A polygon of the {@code points} parameter: an open ring of distinct vertices (the first is not
 * repeated at the end) in decimal degrees.
 */
public record GeoPolygon(List<Vertex> ring) {
  /** One vertex. */
  public record Vertex(double lat, double lng) {}

  public GeoPolygon {
    ring = List.copyOf(ring);
    if (ring.size() < 3) {
      throw new IllegalArgumentException("a polygon needs 3 vertices (got: " + ring.size() + ")");
    }
  }
}

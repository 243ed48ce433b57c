package io.keybox.schema.filter;

import java.util.List;
import org.apache.lucene.geo.Polygon;

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

  /** The same polygon as Lucene's shape queries take it: the ring closed. */
  public Polygon toLucene() {
    double[] lats = new double[ring.size() + 1];
    double[] lngs = new double[ring.size() + 1];
    for (int i = 0; i <= ring.size(); i++) {
      Vertex v = ring.get(i % ring.size());
      lats[i] = v.lat();
      lngs[i] = v.lng();
    }
    return new Polygon(lats, lngs);
  }
}

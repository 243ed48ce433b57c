package io.keybox.schema.filter;

import io.keybox.schema.filter.GeoPolygon.Vertex;
import java.io.IOException;
import java.text.ParseException;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.geo.Polygon;
import org.apache.lucene.geo.SimpleWKTShapeParser;
import org.apache.lucene.geo.SimpleWKTShapeParser.ShapeType;

/**
 * A polygon written as OGC well-known text, {@code POLYGON((lng lat, lng lat, ...))} (longitude
 * first, the ring closed), as OData's {@code geography'...'} literals carry it; read by Lucene's
 * WKT parser, then checked as the {@code points} parameter's polygons are ({@link
 * PointsParser#polygon}).
 */
public final class WktPolygon {
  private static final String ALLOWED =
      "a polygon in well-known text, POLYGON((lng lat, lng lat, lng lat, lng lat)), longitude"
          + " first, the ring closed";

  private WktPolygon() {}

  /**
   * The polygon {@code wkt} describes.
   *
   * @throws InvalidValueException for text that is not a polygon (the parser's complaint is
   *     quoted), a latitude or longitude out of range, a ring that is not closed, a polygon with
   *     holes, or what {@link PointsParser#polygon} refuses
   */
  public static GeoPolygon parse(String wkt) {
    Polygon polygon;
    try {
      polygon = (Polygon) SimpleWKTShapeParser.parseExpectedType(wkt, ShapeType.POLYGON);
    } catch (ParseException | IOException | IllegalArgumentException e) {
      throw InvalidValueException.invalid(wkt, ALLOWED + " (" + e.getMessage() + ")");
    }
    if (polygon.numHoles() > 0) {
      throw InvalidValueException.invalid(wkt, "one ring (polygons with holes are not supported)");
    }
    List<Vertex> ring = new ArrayList<>();
    for (int i = 0; i < polygon.numPoints(); i++) {
      ring.add(new Vertex(polygon.getPolyLat(i), polygon.getPolyLon(i)));
    }
    return PointsParser.polygon(ring, wkt);
  }
}

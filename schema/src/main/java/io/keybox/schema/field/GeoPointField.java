package io.keybox.schema.field;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.function.Function;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.LatLonDocValuesField;
import org.apache.lucene.document.LatLonPoint;
import org.apache.lucene.geo.GeoEncodingUtils;
import org.apache.lucene.geo.Polygon;
import org.apache.lucene.search.Query;

/**
 * A latitude/longitude point, held as a {@link LatLonPoint} for shape queries and as doc values for
 * distance sorts. A record without coordinates never matches a shape.
 */
public final class GeoPointField extends SingleValueField<GeoPointField.LatLng> {
  /** A point in decimal degrees. */
  public record LatLng(double lat, double lng) {}

  /** A field whose point is read by {@code extractor} (null: no point). */
  public GeoPointField(String name, Function<JsonNode, LatLng> extractor) {
    super(name, extractor);
  }

  @Override
  void add(Document doc, LatLng point) {
    doc.add(new LatLonPoint(name(), point.lat(), point.lng()));
    doc.add(new LatLonDocValuesField(name(), point.lat(), point.lng()));
  }

  /**
   * Records whose point lies in the box; a box with {@code minLng > maxLng} crosses the
   * antimeridian, and Lucene queries its two halves.
   */
  public Query inBox(double minLat, double maxLat, double minLng, double maxLng) {
    return LatLonPoint.newBoxQuery(name(), minLat, maxLat, minLng, maxLng);
  }

  /** Records whose point lies within {@code metres} of a point (great-circle distance). */
  public Query withinDistance(double lat, double lng, double metres) {
    return LatLonPoint.newDistanceQuery(name(), lat, lng, metres);
  }

  /** The point a doc value of this field holds (as {@link LatLonDocValuesField} encodes it). */
  public LatLng decode(long docValue) {
    return new LatLng(
        GeoEncodingUtils.decodeLatitude((int) (docValue >>> 32)),
        GeoEncodingUtils.decodeLongitude((int) (docValue & 0xFFFFFFFFL)));
  }

  /**
   * The point as the index keeps it: Lucene stores a latitude and a longitude in 32 bits each
   * (about a centimetre), so a system that must answer exactly as the index does (the bench's
   * PostgreSQL peer) stores this point rather than the feed's.
   */
  public static LatLng asIndexed(double lat, double lng) {
    return new LatLng(
        GeoEncodingUtils.decodeLatitude(GeoEncodingUtils.encodeLatitude(lat)),
        GeoEncodingUtils.decodeLongitude(GeoEncodingUtils.encodeLongitude(lng)));
  }

  /**
   * A box as the index compares points with it: encoded latitudes {@code minLat..maxLat} and
   * encoded longitudes {@code minLng..maxLng}, all inclusive (see {@link #encodedBox}).
   */
  public record EncodedBox(int minLat, int maxLat, int minLng, int maxLng) {
    /** Whether no encoded point lies in it. */
    public boolean isEmpty() {
      return minLat > maxLat || minLng > maxLng;
    }
  }

  /**
   * The encoded points {@link #inBox} admits for a box that does not cross the antimeridian ({@code
   * minLng <= maxLng}): Lucene rounds a box's minimums up and its maximums down to the 32-bit
   * encoding, so a point on the box's edge is in it exactly when its encoded value is.
   */
  public static EncodedBox encodedBox(double minLat, double maxLat, double minLng, double maxLng) {
    if (minLng > maxLng) {
      throw new IllegalArgumentException("the box crosses the antimeridian: two boxes, not one");
    }
    if (minLat == 90.0 || minLng == 180.0) {
      return new EncodedBox(1, 0, 1, 0); // Lucene's box query matches nothing there
    }
    return new EncodedBox(
        GeoEncodingUtils.encodeLatitudeCeil(minLat),
        GeoEncodingUtils.encodeLatitude(maxLat),
        GeoEncodingUtils.encodeLongitudeCeil(minLng),
        GeoEncodingUtils.encodeLongitude(maxLng));
  }

  /**
   * Records whose encoded point lies in {@code box} (not empty): the box's edges decode to doubles
   * that encode back to themselves, so the query admits exactly those points.
   */
  public Query inEncodedBox(EncodedBox box) {
    if (box.isEmpty()) {
      throw new IllegalArgumentException("an empty box: " + box);
    }
    return LatLonPoint.newBoxQuery(
        name(),
        GeoEncodingUtils.decodeLatitude(box.minLat()),
        GeoEncodingUtils.decodeLatitude(box.maxLat()),
        GeoEncodingUtils.decodeLongitude(box.minLng()),
        GeoEncodingUtils.decodeLongitude(box.maxLng()));
  }

  /** Records whose point lies inside {@code polygon}. */
  public Query within(Polygon polygon) {
    return LatLonPoint.newPolygonQuery(name(), polygon);
  }
}

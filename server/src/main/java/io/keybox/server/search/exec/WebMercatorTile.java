package io.keybox.server.search.exec;

/**
 * The Web Mercator tile (the XYZ scheme of OpenStreetMap, Leaflet and Google Maps) a point falls in
 * at a zoom: at zoom {@code z} the world is {@code 2^z} tiles wide and high, x growing east from
 * the antimeridian and y growing south from about 85.05° N. A tile is one {@code long}: {@code y}
 * in the high 32 bits, {@code x} in the low ones, so that parents and neighbours are bit shifts.
 */
public final class WebMercatorTile {
  /** The deepest zoom a tile may have: 2^30 tiles fit an int. */
  public static final int MAX_ZOOM = 30;

  /** Web Mercator's latitude limit: the map is a square between these. */
  public static final double MAX_LATITUDE = 85.05112877980659;

  private WebMercatorTile() {}

  /** The tile of a point at {@code zoom} (latitudes beyond the limit fall in the edge tiles). */
  public static long of(double lat, double lng, int zoom) {
    if (zoom < 0 || zoom > MAX_ZOOM) {
      throw new IllegalArgumentException("zoom must be 0.." + MAX_ZOOM + " (got: " + zoom + ")");
    }
    long tiles = 1L << zoom;
    double clamped = Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat));
    double radians = Math.toRadians(clamped);
    double fx = (lng + 180) / 360;
    double fy = (1 - Math.log(Math.tan(radians) + 1 / Math.cos(radians)) / Math.PI) / 2;
    long x = Math.min(tiles - 1, Math.max(0, (long) Math.floor(fx * tiles)));
    long y = Math.min(tiles - 1, Math.max(0, (long) Math.floor(fy * tiles)));
    return (y << 32) | x;
  }

  /** The tile holding {@code tile} one zoom up. */
  public static long parent(long tile) {
    return ((y(tile) >> 1) << 32) | (x(tile) >> 1);
  }

  /** A tile's column. */
  public static long x(long tile) {
    return tile & 0xFFFF_FFFFL;
  }

  /** A tile's row. */
  public static long y(long tile) {
    return tile >>> 32;
  }
}

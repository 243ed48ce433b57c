package io.keybox.bench.postgres;

/**
 * The Web Mercator tiles of a zoom in EPSG:3857 metres, as PostGIS's {@code ST_SnapToGrid} sees
 * them: at zoom {@code z} the square world, {@value #HALF_WORLD} metres from its centre to each
 * edge, is {@code 2^z} cells wide and high. Snapping a point to the grid of cell centres gives its
 * tile; this class turns a centre back into the tile's column and row (the XYZ scheme: rows from
 * the north).
 */
final class TileGrid {
  /** Half the width of the Web Mercator square, in metres (π × 6,378,137). */
  static final double HALF_WORLD = 20037508.342789244;

  private TileGrid() {}

  /** A cell's width at {@code zoom}, in metres. */
  static double size(int zoom) {
    return 2 * HALF_WORLD / (1L << zoom);
  }

  /** The centre of the first cell on either axis: the grid's origin for {@code ST_SnapToGrid}. */
  static double centreOfFirst(int zoom) {
    return -HALF_WORLD + size(zoom) / 2;
  }

  /** The column of the cell whose centre is {@code x} metres east. */
  static long column(double x, int zoom) {
    return clamp(Math.round((x - centreOfFirst(zoom)) / size(zoom)), zoom);
  }

  /** The row, counted from the north, of the cell whose centre is {@code y} metres north. */
  static long row(double y, int zoom) {
    return clamp((1L << zoom) - 1 - Math.round((y - centreOfFirst(zoom)) / size(zoom)), zoom);
  }

  // Points beyond Web Mercator's latitude limit fall in the edge tiles, as on every map.
  private static long clamp(long cell, int zoom) {
    return Math.max(0, Math.min((1L << zoom) - 1, cell));
  }
}

package io.keybox.server.search.exec;

import java.util.Arrays;
import org.apache.lucene.geo.GeoEncodingUtils;

/**
 * The Web Mercator tile of points as Lucene's {@code LatLonDocValuesField} encodes them (two 32-bit
 * integers), at one zoom, for scans over hundreds of thousands of points: the same tile as {@link
 * WebMercatorTile#of(double, double, int)} of the decoded point, without its logarithm and tangent
 * for each point.
 *
 * <p>Why it is exact: a decoded longitude is {@code e × 360 / 2^32}, so the tile's column is {@code
 * (e + 2^31) >> (32 - zoom)}, the floor {@link WebMercatorTile} computes (each step of its
 * arithmetic is exact in a double for such a longitude). A row is not linear in latitude, but it
 * only falls as the encoded latitude grows, so each row is an interval of encoded latitudes: the
 * first point of a row pays for {@link WebMercatorTile} and a binary search for the row's two ends
 * (about 64 evaluations); every later point of that row is found among the known rows by a binary
 * search of integers. Past {@value #MAX_ROWS} known rows (a fine zoom over a large area) the rest
 * are computed one point at a time, as before. Not thread-safe: one per scan.
 */
public final class EncodedTiles {
  /** The most rows learnt: a map view spans a few dozen; beyond this, learning costs more. */
  static final int MAX_ROWS = 1024;

  private final int zoom;
  // Known rows, ascending by encoded latitude (so descending by row): rows[i] holds the encoded
  // latitudes firsts[i]..lasts[i].
  private int[] firsts = new int[16];
  private int[] lasts = new int[16];
  private long[] rows = new long[16];
  private int known;

  /**
   * @param zoom the tiles' zoom, 0 to {@link WebMercatorTile#MAX_ZOOM}
   */
  public EncodedTiles(int zoom) {
    if (zoom < 0 || zoom > WebMercatorTile.MAX_ZOOM) {
      throw new IllegalArgumentException(
          "zoom must be 0.." + WebMercatorTile.MAX_ZOOM + " (got: " + zoom + ")");
    }
    this.zoom = zoom;
  }

  /** The tile (as {@link WebMercatorTile} packs it) of the point with these encoded coordinates. */
  public long tile(int encodedLat, int encodedLng) {
    return (row(encodedLat) << 32) | column(encodedLng);
  }

  /** The tile column of an encoded longitude. */
  public long column(int encodedLng) {
    return ((long) encodedLng + (1L << 31)) >>> (32 - zoom);
  }

  /** The first (westernmost) encoded longitude of a tile column. */
  public int firstLng(long column) {
    return (int) ((column << (32 - zoom)) - (1L << 31));
  }

  /** The last (easternmost) encoded longitude of a tile column. */
  public int lastLng(long column) {
    return (int) (((column + 1) << (32 - zoom)) - 1 - (1L << 31));
  }

  /** The tile row of an encoded latitude. */
  public long row(int encodedLat) {
    int at = known(encodedLat);
    if (at >= 0) {
      return rows[at];
    }
    long row = slowRow(encodedLat);
    if (known < MAX_ROWS) {
      learn(row, encodedLat, -at - 1);
    }
    return row;
  }

  /**
   * The first (southernmost) and last (northernmost) encoded latitudes of the row holding {@code
   * encodedLat}.
   */
  public int[] rowLats(int encodedLat) {
    int at = known(encodedLat);
    if (at < 0) {
      at = -at - 1;
      learn(slowRow(encodedLat), encodedLat, at);
    }
    return new int[] {firsts[at], lasts[at]};
  }

  /** The index of the known row holding {@code encodedLat}, or -(the index to learn it at) - 1. */
  private int known(int encodedLat) {
    int at = Arrays.binarySearch(firsts, 0, known, encodedLat);
    int candidate = at >= 0 ? at : -at - 2; // the last row starting at or below encodedLat
    if (candidate >= 0 && encodedLat <= lasts[candidate]) {
      return candidate;
    }
    return -(candidate + 1) - 1;
  }

  /**
   * Records the whole interval of {@code row}, which holds {@code encodedLat}, at {@code index}.
   */
  private void learn(long row, int encodedLat, int index) {
    // The row's first encoded latitude: the lowest whose row is still this one (rows fall as the
    // latitude grows, so below it the rows are greater).
    long low = Integer.MIN_VALUE;
    long high = encodedLat;
    while (low < high) {
      long mid = (low + high) >> 1;
      if (slowRow((int) mid) <= row) {
        high = mid;
      } else {
        low = mid + 1;
      }
    }
    int first = (int) low;
    low = encodedLat;
    high = Integer.MAX_VALUE;
    while (low < high) {
      long mid = (low + high + 1) >> 1;
      if (slowRow((int) mid) >= row) {
        low = mid;
      } else {
        high = mid - 1;
      }
    }
    int last = (int) low;
    if (known == firsts.length) {
      firsts = Arrays.copyOf(firsts, known * 2);
      lasts = Arrays.copyOf(lasts, known * 2);
      rows = Arrays.copyOf(rows, known * 2);
    }
    System.arraycopy(firsts, index, firsts, index + 1, known - index);
    System.arraycopy(lasts, index, lasts, index + 1, known - index);
    System.arraycopy(rows, index, rows, index + 1, known - index);
    firsts[index] = first;
    lasts[index] = last;
    rows[index] = row;
    known++;
  }

  private long slowRow(int encodedLat) {
    return WebMercatorTile.y(
        WebMercatorTile.of(GeoEncodingUtils.decodeLatitude(encodedLat), 0, zoom));
  }
}

package io.keybox.server.search.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Random;
import org.apache.lucene.geo.GeoEncodingUtils;
import org.junit.jupiter.api.Test;

class EncodedTilesTest {

  private static long tile(long x, long y) {
    return (y << 32) | x;
  }

  @Test
  void theEquatorAndTheMeridianAreTheEdgesOfZoomOnesFourTiles() {
    EncodedTiles tiles = new EncodedTiles(1);
    // Encoded 0 decodes to exactly 0°: the equator and the prime meridian belong to the tiles
    // south and east of them (the floor of 1.0).
    assertEquals(tile(1, 1), tiles.tile(0, 0));
    assertEquals(tile(0, 1), tiles.tile(0, -1));
    assertEquals(tile(1, 0), tiles.tile(1, 0));
    assertEquals(tile(0, 0), tiles.tile(1, -1));
    // The corners of the encoding: -90° / -180° and just under 90° / 180°.
    assertEquals(tile(0, 1), tiles.tile(Integer.MIN_VALUE, Integer.MIN_VALUE));
    assertEquals(tile(1, 0), tiles.tile(Integer.MAX_VALUE, Integer.MAX_VALUE));
  }

  @Test
  void zoomZeroIsOneTile() {
    EncodedTiles tiles = new EncodedTiles(0);
    assertEquals(0, tiles.tile(Integer.MIN_VALUE, Integer.MAX_VALUE));
    assertEquals(0, tiles.tile(12345, -6789));
  }

  @Test
  void houstonsTilesAtZoomTwelveAreThoseWorkedOutByHand() {
    // The XYZ formula by hand (see ListingClustersTest): 29.76 N 95.37 W is tile (962, 1693) at
    // zoom 12, 29.95 N 95.55 W is (960, 1690), 29.60 N 95.20 W is (964, 1695). Asked south,
    // north, then the middle row, so the rows are learnt out of order, then asked again.
    EncodedTiles tiles = new EncodedTiles(12);
    for (int round = 0; round < 2; round++) {
      assertEquals(tile(964, 1695), tiles.tile(lat(29.60), lng(-95.20)));
      assertEquals(tile(960, 1690), tiles.tile(lat(29.95), lng(-95.55)));
      assertEquals(tile(962, 1693), tiles.tile(lat(29.76), lng(-95.37)));
    }
  }

  @Test
  void everyPointFallsInTheTileTheFormulaGivesAtTheEdgesOfRowsToo() {
    Random random = new Random(7);
    for (int zoom : new int[] {3, 10, 15, 22, 30}) {
      EncodedTiles tiles = new EncodedTiles(zoom);
      for (int i = 0; i < 5_000; i++) {
        // Points around Houston, so that rows repeat; every tenth one anywhere on Earth.
        int encodedLat = i % 10 == 0 ? random.nextInt() : lat(29.5 + random.nextDouble() * 0.8);
        int encodedLng = i % 10 == 0 ? random.nextInt() : lng(-95.8 + random.nextDouble() * 0.9);
        assertFormula(tiles, zoom, encodedLat, encodedLng);
        // The two neighbours of a row's edge: the last encoded latitude of this point's row and
        // the first of the next, found by stepping (what the binary search must agree with).
        assertFormula(tiles, zoom, encodedLat + 1, encodedLng);
        assertFormula(tiles, zoom, encodedLat - 1, encodedLng + 1);
      }
    }
  }

  @Test
  void aZoomOutOfRangeIsRefused() {
    assertThrows(IllegalArgumentException.class, () -> new EncodedTiles(31));
    assertThrows(IllegalArgumentException.class, () -> new EncodedTiles(-1));
  }

  private static void assertFormula(EncodedTiles tiles, int zoom, int encodedLat, int encodedLng) {
    long expected =
        WebMercatorTile.of(
            GeoEncodingUtils.decodeLatitude(encodedLat),
            GeoEncodingUtils.decodeLongitude(encodedLng),
            zoom);
    assertEquals(
        expected,
        tiles.tile(encodedLat, encodedLng),
        () -> "zoom " + zoom + ", encoded " + encodedLat + ", " + encodedLng);
  }

  private static int lat(double degrees) {
    return GeoEncodingUtils.encodeLatitude(degrees);
  }

  private static int lng(double degrees) {
    return GeoEncodingUtils.encodeLongitude(degrees);
  }
}

package io.keybox.bench.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class TileGridTest {
  private static final double HALF = 20037508.342789244;

  @Test
  void atZoomOneTheFourTilesCentresAreAQuarterOfTheWorldFromTheMiddle() {
    // XYZ: column 0 is west, row 0 is north.
    assertEquals(0, TileGrid.column(-HALF / 2, 1));
    assertEquals(1, TileGrid.column(HALF / 2, 1));
    assertEquals(0, TileGrid.row(HALF / 2, 1));
    assertEquals(1, TileGrid.row(-HALF / 2, 1));
  }

  @Test
  void aCentreAtZoomTwelveGivesBackItsTile() {
    // Tile (962, 1692) at zoom 12, in Houston: its centre is 962.5 and 4096 - 1692 - 0.5 cells
    // of 2 × 20,037,508.34 / 4096 m from the west and south edges.
    double size = 2 * HALF / 4096;
    assertEquals(962, TileGrid.column(-HALF + 962.5 * size, 12));
    assertEquals(1692, TileGrid.row(-HALF + (4096 - 1692 - 0.5) * size, 12));
  }

  @Test
  void pointsBeyondTheMapsLatitudeLimitFallInTheEdgeTiles() {
    assertEquals(0, TileGrid.row(HALF * 1.5, 3));
    assertEquals(7, TileGrid.row(-HALF * 1.5, 3));
  }
}

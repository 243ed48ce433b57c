package io.keybox.server.http.pages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class MapTilesTest {
  @Test
  void openStreetMapsTemplateCarriesItsAttribution() {
    assertSame(MapTiles.DEFAULT, MapTiles.of("https://tile.openstreetmap.org/{z}/{x}/{y}.png"));
  }

  @Test
  void anotherServerIsCreditedByItsHost() {
    MapTiles tiles = MapTiles.of("https://{s}.tiles.example.com/v1/{z}/{x}/{y}{r}.png?key=abc");
    assertEquals("Map tiles: tiles.example.com", tiles.attribution());
  }

  @Test
  void aTemplateMustBeHttpWithTheThreePlaceholders() {
    IllegalArgumentException missing =
        assertThrows(
            IllegalArgumentException.class, () -> MapTiles.of("https://t.example/{z}/{y}.png"));
    assertTrue(missing.getMessage().contains("{z}, {x} and {y}"), missing.getMessage());
    assertThrows(IllegalArgumentException.class, () -> MapTiles.of("ftp://t.example/{z}/{x}/{y}"));
    assertThrows(IllegalArgumentException.class, () -> MapTiles.of("/tiles/{z}/{x}/{y}.png"));
    assertThrows(IllegalArgumentException.class, () -> MapTiles.of("https://t ex/{z}/{x}/{y}"));
  }
}

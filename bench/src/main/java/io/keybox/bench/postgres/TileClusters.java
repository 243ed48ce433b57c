package io.keybox.bench.postgres;

import io.keybox.bench.load.AnswerKeys;
import io.keybox.server.search.exec.WebMercatorTile;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What an application on PostgreSQL does with the tiles {@link SqlQueries#clusters} groups: past
 * {@code maxClusters} tiles it merges each into its parent one zoom up until few enough remain,
 * counts a listing whose address may not be shown only in a tile of 3 or more, and orders the
 * clusters largest first, then north to south and west to east: the rules of {@code GET
 * /properties/clusters} (docs/api.md).
 */
final class TileClusters {
  private static final int HIDDEN_ADDRESS_MIN_CLUSTER = 3;

  private final Map<Long, Tile> tiles = new HashMap<>();
  private int zoom;

  private TileClusters(int zoom) {
    this.zoom = zoom;
  }

  /** Reads the rows of {@link SqlQueries#clusters} at {@code tileZoom}. */
  static TileClusters read(ResultSet rows, int tileZoom) throws SQLException {
    TileClusters clusters = new TileClusters(tileZoom);
    while (rows.next()) {
      long key =
          (TileGrid.row(rows.getDouble(2), tileZoom) << 32)
              | TileGrid.column(rows.getDouble(1), tileZoom);
      Tile tile = new Tile(Part.read(rows, 3), Part.read(rows, 12));
      tile.shownId = rows.getLong(21);
      clusters.tiles.merge(key, tile, Tile::merge);
    }
    return clusters;
  }

  /** The answer's keys ({@link AnswerKeys}): the total, then each cluster in order. */
  List<String> keys(int maxClusters) {
    Map<Long, Tile> level = tiles;
    while (level.size() > maxClusters && zoom > 0) {
      zoom--;
      Map<Long, Tile> parents = new HashMap<>();
      level.forEach((key, tile) -> parents.merge(WebMercatorTile.parent(key), tile, Tile::merge));
      level = parents;
    }
    List<Map.Entry<Long, Part>> shown = new ArrayList<>();
    long total = 0;
    for (Map.Entry<Long, Tile> e : level.entrySet()) {
      Part part = e.getValue().shown();
      if (part.count > 0) {
        shown.add(Map.entry(e.getKey(), part));
        total += part.count;
      }
    }
    shown.sort(
        Comparator.comparing((Map.Entry<Long, Part> e) -> -e.getValue().count)
            .thenComparing(e -> WebMercatorTile.y(e.getKey()))
            .thenComparing(e -> WebMercatorTile.x(e.getKey())));
    List<String> keys = new ArrayList<>();
    keys.add("totalCount=" + total);
    for (Map.Entry<Long, Part> e : shown) {
      Part p = e.getValue();
      keys.add(AnswerKeys.cluster(p.count, p.count == 1 ? p.id : -1, p.minPrice, p.maxPrice));
    }
    return keys;
  }

  /** A tile's listings, those whose address may be shown and the others apart. */
  private static final class Tile {
    final Part shownPart;
    final Part hiddenPart;
    long shownId;

    Tile(Part shown, Part hidden) {
      this.shownPart = shown;
      this.hiddenPart = hidden;
    }

    Tile merge(Tile other) {
      if (shownPart.count == 0) {
        shownId = other.shownId;
      }
      shownPart.merge(other.shownPart);
      hiddenPart.merge(other.hiddenPart);
      return this;
    }

    /** What the tile shows: its listings, the hidden ones only in a cluster of 3 or more. */
    Part shown() {
      Part all = new Part();
      all.merge(shownPart);
      all.id = shownId;
      if (shownPart.count + hiddenPart.count >= HIDDEN_ADDRESS_MIN_CLUSTER) {
        all.merge(hiddenPart);
      }
      return all;
    }
  }

  /**
   * Some listings' count and prices. The positions' sums and extremes PostgreSQL computes (an
   * answer's centre and bounds) are not merged here: the bench compares counts, ids and prices.
   */
  private static final class Part {
    long count;
    Double minPrice;
    Double maxPrice;
    long id;

    /** The count and prices from column {@code first} on. */
    static Part read(ResultSet rows, int first) throws SQLException {
      Part part = new Part();
      part.count = rows.getLong(first);
      part.minPrice = rows.getObject(first + 1, Double.class);
      part.maxPrice = rows.getObject(first + 2, Double.class);
      return part;
    }

    void merge(Part other) {
      count += other.count;
      minPrice =
          other.minPrice == null || minPrice != null && minPrice <= other.minPrice
              ? minPrice
              : other.minPrice;
      maxPrice =
          other.maxPrice == null || maxPrice != null && maxPrice >= other.maxPrice
              ? maxPrice
              : other.maxPrice;
    }
  }
}

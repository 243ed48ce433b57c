package io.keybox.bench.load;

import io.keybox.server.search.exec.WebMercatorTile;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What an application does with the tiles a peer's engine groups the matches of a map view by
 * (PostgreSQL's {@code ST_SnapToGrid}, OpenSearch's histograms of a precomputed tile): past {@code
 * maxClusters} tiles it merges each into its parent one zoom up until few enough remain, counts a
 * listing whose address may not be shown only in a tile of 3 or more, and orders the clusters
 * largest first, then north to south and west to east: the rules of {@code GET
 * /properties/clusters} (docs/api.md).
 */
public final class TileClusters {
  private static final int HIDDEN_ADDRESS_MIN_CLUSTER = 3;

  private final Map<Long, Tile> tiles = new HashMap<>();
  private int zoom;

  /** No tiles yet, at {@code zoom}: the map's zoom plus the precision. */
  public TileClusters(int zoom) {
    this.zoom = zoom;
  }

  /**
   * Adds the listings of a tile (merged with any added before for the same tile).
   *
   * @param tile the tile, as {@link WebMercatorTile} keys it
   * @param shown the tile's listings whose address may be shown
   * @param shownId the lowest mlsId among {@code shown}
   * @param hidden the others
   */
  public void add(long tile, Part shown, long shownId, Part hidden) {
    Tile t = new Tile(shown, hidden);
    t.shownId = shownId;
    tiles.merge(tile, t, Tile::merge);
  }

  /** The answer's keys ({@link AnswerKeys}): the total, then each cluster in order. */
  public List<String> keys(int maxClusters) {
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
   * Some listings' count and prices. The positions' sums and extremes an engine may compute (an
   * answer's centre and bounds) are not merged here: the bench compares counts, ids and prices.
   */
  public static final class Part {
    long count;
    Double minPrice;
    Double maxPrice;
    long id;

    Part() {}

    /**
     * @param minPrice the lowest price, null when none of the listings has one
     * @param maxPrice the highest price, null when none has one
     */
    public Part(long count, Double minPrice, Double maxPrice) {
      this.count = count;
      this.minPrice = minPrice;
      this.maxPrice = maxPrice;
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

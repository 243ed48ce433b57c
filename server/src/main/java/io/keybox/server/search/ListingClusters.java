package io.keybox.server.search;

import io.keybox.schema.field.GeoPointField;
import io.keybox.schema.field.GeoPointField.EncodedBox;
import io.keybox.schema.filter.Filter;
import io.keybox.schema.filter.GeoArea;
import io.keybox.schema.listing.ListingFields;
import io.keybox.schema.listing.ListingFilters;
import io.keybox.server.index.Snapshot;
import io.keybox.server.query.FilterParser;
import io.keybox.server.query.FilterQueryBuilder;
import io.keybox.server.query.FilterValues;
import io.keybox.server.query.Params;
import io.keybox.server.search.exec.EncodedTiles;
import io.keybox.server.search.exec.WebMercatorTile;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.internal.hppc.LongObjectHashMap;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;

/**
 * {@code GET /properties/clusters}: the listings a filter admits, grouped by the Web Mercator tile
 * they fall in at the map's zoom plus a precision, so a map of a whole metro draws a few hundred
 * markers instead of tens of thousands. One pass over the matches' doc values (position, price); no
 * stored document is read. On a snapshot, views over the same filters share that snapshot's {@link
 * FineTiles}: a view adds up the fine tiles wholly inside its box and visits only the listings of
 * its edges.
 *
 * <p>When there are more tiles than {@code maxClusters}, neighbouring tiles are merged (each tile
 * into its parent one zoom up) until there are few enough. A listing whose address may not be shown
 * ({@code internetAddressDisplay} false) is never placed on its own: it counts only in a cluster of
 * 3 or more, and is left out of smaller ones. Safe for concurrent use.
 */
public final class ListingClusters {

  /** The smallest cluster a listing whose address is hidden may be counted in. */
  static final int HIDDEN_ADDRESS_MIN_CLUSTER = 3;

  /**
   * What to group.
   *
   * @param zoom the map's zoom, 0 to 22
   * @param precision how many zoom levels finer than the map the tiles are, 0 to 8
   * @param maxClusters the most clusters answered, 1 to 2,000
   */
  public record Request(int zoom, int precision, int maxClusters) {
    public Request {
      if (zoom < 0 || zoom > 22) {
        throw new IllegalArgumentException("zoom must be 0..22 (got: " + zoom + ")");
      }
      if (precision < 0 || precision > 8) {
        throw new IllegalArgumentException("precision must be 0..8 (got: " + precision + ")");
      }
      if (maxClusters < 1 || maxClusters > 2000) {
        throw new IllegalArgumentException(
            "maxClusters must be 1..2000 (got: " + maxClusters + ")");
      }
    }
  }

  /** A cluster's extent. */
  public record Bounds(double minLat, double minLng, double maxLat, double maxLng) {}

  /**
   * One cluster.
   *
   * @param count the listings in it
   * @param lat the mean latitude of its listings
   * @param lng the mean longitude of its listings
   * @param bounds the box around its listings
   * @param minPrice the lowest list price among them, NaN when none has one
   * @param maxPrice the highest list price among them, NaN when none has one
   * @param mlsId the listing's mlsId when the cluster holds one listing
   */
  public record Cluster(
      long count,
      double lat,
      double lng,
      Bounds bounds,
      double minPrice,
      double maxPrice,
      OptionalLong mlsId) {
    public Cluster {
      Objects.requireNonNull(bounds, "bounds");
      Objects.requireNonNull(mlsId, "mlsId");
    }
  }

  /**
   * The answer.
   *
   * @param totalCount the listings the clusters hold
   * @param zoom the map's zoom asked for
   * @param clusters the clusters, largest first (then north to south, west to east)
   */
  public record Result(long totalCount, int zoom, List<Cluster> clusters) {
    public Result {
      clusters = List.copyOf(clusters);
    }
  }

  /**
   * The clusters of the listings {@code filter} admits in {@code snapshot} (the filter holds the
   * map's bbox; listings without a position are not on the map). A view whose tiles are no finer
   * than {@link FineTiles#ZOOM} adds up the snapshot's fine tiles inside its box and visits only
   * the listings of its edge strips; the answer is the same as {@link #compute(IndexSearcher,
   * FilterValues, Request)}'s.
   *
   * @throws IOException from the index
   */
  public Result compute(Snapshot snapshot, FilterValues filter, Request request)
      throws IOException {
    int tileZoom = tileZoom(request);
    Optional<GeoArea.Box> bbox = filter.get(ListingFilters.BBOX);
    if (tileZoom > FineTiles.ZOOM || bbox.isEmpty() || bbox.get().minLng() > bbox.get().maxLng()) {
      return compute(snapshot.searcher(), filter, request);
    }
    GeoArea.Box box = bbox.get();
    EncodedBox encoded =
        GeoPointField.encodedBox(box.minLat(), box.maxLat(), box.minLng(), box.maxLng());
    if (encoded.isEmpty()) {
      return compute(snapshot.searcher(), filter, request);
    }
    EncodedBox inner = innerFineTiles(encoded);
    if (inner.isEmpty()) {
      return compute(snapshot.searcher(), filter, request);
    }
    LongObjectHashMap<ClusterTile> fine =
        snapshot.derived(FineTiles.OF_SNAPSHOT).ofRepeated(withoutBox(filter), snapshot.searcher());
    if (fine == null) {
      return compute(snapshot.searcher(), filter, request);
    }
    LongObjectHashMap<ClusterTile> tiles = new LongObjectHashMap<>();
    addInner(fine, inner, tileZoom, tiles);
    TileScan.add(
        snapshot.searcher(),
        new BooleanQuery.Builder()
            .add(FilterQueryBuilder.build(filter), Occur.FILTER)
            .add(strips(encoded, inner), Occur.FILTER)
            .build(),
        new EncodedTiles(tileZoom),
        tiles);
    return result(snapshot.searcher(), tiles, tileZoom, request);
  }

  /**
   * Computes {@code snapshot}'s fine tiles for a map without filters (the defaults: active listings
   * whose address may be shown), the first map a site draws, so that its first visitor does not
   * wait for them. Called once a snapshot is served.
   *
   * @throws IOException from the index
   */
  public static void warmUp(Snapshot snapshot) throws IOException {
    snapshot
        .derived(FineTiles.OF_SNAPSHOT)
        .of(FilterParser.parse(ListingFilters.TABLE, Params.parse("")), snapshot.searcher());
  }

  /**
   * As {@link #compute(Snapshot, FilterValues, Request)}, on a searcher (tests, and the bench's raw
   * Lucene peer): every listing in the box is visited.
   */
  public Result compute(IndexSearcher searcher, FilterValues filter, Request request)
      throws IOException {
    int tileZoom = tileZoom(request);
    LongObjectHashMap<ClusterTile> tiles = new LongObjectHashMap<>();
    TileScan.add(searcher, FilterQueryBuilder.build(filter), new EncodedTiles(tileZoom), tiles);
    return result(searcher, tiles, tileZoom, request);
  }

  private static int tileZoom(Request request) {
    return Math.min(request.zoom() + request.precision(), WebMercatorTile.MAX_ZOOM);
  }

  /** The filters but the viewport: what a map keeps while it pans and zooms. */
  static FilterValues withoutBox(FilterValues filter) {
    Map<Filter<?>, Object> values = new LinkedHashMap<>(filter.values());
    values.remove(ListingFilters.BBOX);
    return new FilterValues(filter.table(), values);
  }

  /** The encoded box of the fine tiles that lie wholly inside {@code box} (maybe empty). */
  private static EncodedBox innerFineTiles(EncodedBox box) {
    EncodedTiles fine = new EncodedTiles(FineTiles.ZOOM);
    int[] south = fine.rowLats(box.minLat());
    int[] north = fine.rowLats(box.maxLat());
    // A row the box's edge cuts is left to the strips: below it start the rows wholly inside.
    long innerSouthLat = south[0] == box.minLat() ? south[0] : (long) south[1] + 1;
    long innerNorthLat = north[1] == box.maxLat() ? north[1] : (long) north[0] - 1;
    long west = fine.column(box.minLng());
    long east = fine.column(box.maxLng());
    long innerWestLng =
        fine.firstLng(west) == box.minLng() ? box.minLng() : fine.lastLng(west) + 1L;
    long innerEastLng =
        fine.lastLng(east) == box.maxLng() ? box.maxLng() : fine.firstLng(east) - 1L;
    if (innerSouthLat > innerNorthLat || innerWestLng > innerEastLng) {
      return new EncodedBox(1, 0, 1, 0);
    }
    return new EncodedBox(
        (int) innerSouthLat, (int) innerNorthLat, (int) innerWestLng, (int) innerEastLng);
  }

  /** Adds the fine tiles inside {@code inner} into new tiles of {@code tileZoom}. */
  private static void addInner(
      LongObjectHashMap<ClusterTile> fine,
      EncodedBox inner,
      int tileZoom,
      LongObjectHashMap<ClusterTile> into) {
    EncodedTiles tiles = new EncodedTiles(FineTiles.ZOOM);
    long minX = tiles.column(inner.minLng());
    long maxX = tiles.column(inner.maxLng());
    long minY = tiles.row(inner.maxLat()); // rows grow southwards
    long maxY = tiles.row(inner.minLat());
    int up = FineTiles.ZOOM - tileZoom;
    for (LongObjectHashMap.LongObjectCursor<ClusterTile> cursor : fine) {
      long x = WebMercatorTile.x(cursor.key);
      long y = WebMercatorTile.y(cursor.key);
      if (x >= minX && x <= maxX && y >= minY && y <= maxY) {
        long key = ((y >> up) << 32) | (x >> up);
        ClusterTile tile = into.get(key);
        if (tile == null) {
          tile = new ClusterTile();
          into.put(key, tile);
        }
        tile.merge(cursor.value); // the kept fine tile is read, never changed
      }
    }
  }

  /** The parts of {@code box} outside {@code inner}: up to four boxes around it. */
  private static Query strips(EncodedBox box, EncodedBox inner) {
    BooleanQuery.Builder any = new BooleanQuery.Builder();
    // In longs: an inner box on the encoding's own edge (a box to the 180th meridian) has no
    // strip beyond it, and one step past Integer.MAX_VALUE must not wrap round to the west.
    addStrip(any, inner.maxLat() + 1L, box.maxLat(), box.minLng(), box.maxLng());
    addStrip(any, box.minLat(), inner.minLat() - 1L, box.minLng(), box.maxLng());
    addStrip(any, inner.minLat(), inner.maxLat(), box.minLng(), inner.minLng() - 1L);
    addStrip(any, inner.minLat(), inner.maxLat(), inner.maxLng() + 1L, box.maxLng());
    return any.build(); // no strip: matches nothing, which is right
  }

  private static void addStrip(
      BooleanQuery.Builder any, long minLat, long maxLat, long minLng, long maxLng) {
    if (minLat <= maxLat && minLng <= maxLng) {
      any.add(
          ListingFields.GEO.inEncodedBox(
              new EncodedBox((int) minLat, (int) maxLat, (int) minLng, (int) maxLng)),
          Occur.SHOULD);
    }
  }

  private static Result result(
      IndexSearcher searcher, LongObjectHashMap<ClusterTile> scanned, int tileZoom, Request request)
      throws IOException {
    Map<Long, ClusterTile> tiles = new HashMap<>();
    for (LongObjectHashMap.LongObjectCursor<ClusterTile> tile : scanned) {
      tiles.put(tile.key, tile.value);
    }
    int zoom = tileZoom;
    while (tiles.size() > request.maxClusters() && zoom > 0) {
      zoom--;
      Map<Long, ClusterTile> parents = new HashMap<>();
      tiles.forEach(
          (key, tile) -> parents.merge(WebMercatorTile.parent(key), tile, ClusterTile::merge));
      tiles = parents;
    }
    List<Map.Entry<Long, Cluster>> clusters = new ArrayList<>();
    long total = 0;
    List<LeafReaderContext> leaves = searcher.getIndexReader().leaves();
    for (Map.Entry<Long, ClusterTile> entry : tiles.entrySet()) {
      Cluster cluster = entry.getValue().cluster(leaves);
      if (cluster != null) {
        clusters.add(Map.entry(entry.getKey(), cluster));
        total += cluster.count();
      }
    }
    clusters.sort(
        Comparator.comparing((Map.Entry<Long, Cluster> e) -> -e.getValue().count())
            .thenComparing(e -> WebMercatorTile.y(e.getKey()))
            .thenComparing(e -> WebMercatorTile.x(e.getKey())));
    return new Result(total, request.zoom(), clusters.stream().map(Map.Entry::getValue).toList());
  }
}

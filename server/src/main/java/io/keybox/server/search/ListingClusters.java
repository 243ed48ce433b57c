package io.keybox.server.search;

import io.keybox.schema.field.GeoPointField;
import io.keybox.schema.listing.ListingFields;
import io.keybox.server.index.Snapshot;
import io.keybox.server.query.FilterQueryBuilder;
import io.keybox.server.query.FilterValues;
import io.keybox.server.search.exec.ColumnReader;
import io.keybox.server.search.exec.WebMercatorTile;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import org.apache.lucene.facet.FacetsCollector;
import org.apache.lucene.facet.FacetsCollector.MatchingDocs;
import org.apache.lucene.facet.FacetsCollectorManager;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.SortedNumericDocValues;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.util.FixedBitSet;

/**
 * {@code GET /properties/clusters}: the listings a filter admits, grouped by the Web Mercator tile
 * they fall in at the map's zoom plus a precision, so a map of a whole metro draws a few hundred
 * markers instead of tens of thousands. One pass over the matches' doc values (position, price,
 * mlsId); no stored document is read.
 *
 * <p>When there are more tiles than {@code maxClusters}, neighbouring tiles are merged (each tile
 * into its parent one zoom up) until there are few enough. A listing whose address may not be shown
 * ({@code internetAddressDisplay} false) is never placed on its own: it counts only in a cluster of
 * 3 or more, and is left out of smaller ones. Stateless; safe for concurrent use.
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
   * map's bbox; listings without a position are not on the map).
   *
   * @throws IOException from the index
   */
  public Result compute(Snapshot snapshot, FilterValues filter, Request request)
      throws IOException {
    return compute(snapshot.searcher(), filter, request);
  }

  /**
   * As {@link #compute(Snapshot, FilterValues, Request)}, on a searcher (tests, and the bench's raw
   * Lucene peer).
   */
  public Result compute(IndexSearcher searcher, FilterValues filter, Request request)
      throws IOException {
    Query query = FilterQueryBuilder.build(filter);
    FacetsCollector matches = searcher.search(query, new FacetsCollectorManager());
    FacetsCollector hidden =
        searcher.search(
            new BooleanQuery.Builder()
                .add(query, Occur.FILTER)
                .add(ListingFields.ADDRESS_DISPLAY.is(false), Occur.FILTER)
                .build(),
            new FacetsCollectorManager());
    Map<Object, FixedBitSet> hiddenBySegment = new HashMap<>();
    for (MatchingDocs segment : hidden.getMatchingDocs()) {
      if (segment.totalHits() > 0 && segment.bits() != null) {
        FixedBitSet bits = new FixedBitSet(segment.context().reader().maxDoc());
        bits.or(segment.bits().iterator());
        hiddenBySegment.put(segment.context().id(), bits);
      }
    }
    int tileZoom = Math.min(request.zoom() + request.precision(), WebMercatorTile.MAX_ZOOM);
    Map<Long, Tile> tiles = new HashMap<>();
    for (MatchingDocs segment : matches.getMatchingDocs()) {
      if (segment.totalHits() > 0 && segment.bits() != null) {
        scan(segment, hiddenBySegment.get(segment.context().id()), tileZoom, tiles);
      }
    }
    while (tiles.size() > request.maxClusters() && tileZoom > 0) {
      tileZoom--;
      Map<Long, Tile> parents = new HashMap<>();
      tiles.forEach((key, tile) -> parents.merge(WebMercatorTile.parent(key), tile, Tile::merge));
      tiles = parents;
    }
    List<Map.Entry<Long, Cluster>> clusters = new ArrayList<>();
    long total = 0;
    for (Map.Entry<Long, Tile> entry : tiles.entrySet()) {
      Cluster cluster = entry.getValue().cluster();
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

  private static void scan(
      MatchingDocs segment, FixedBitSet hidden, int zoom, Map<Long, Tile> tiles)
      throws IOException {
    LeafReaderContext context = segment.context();
    SortedNumericDocValues points =
        DocValues.getSortedNumeric(context.reader(), ListingFields.GEO.name());
    ColumnReader prices = ColumnReader.of(context.reader(), ListingFields.LIST_PRICE);
    ColumnReader mlsIds = ColumnReader.of(context.reader(), ListingFields.MLS_ID);
    DocIdSetIterator matched = segment.bits().iterator();
    int[] one = new int[1];
    double[] value = new double[1];
    for (int doc = matched.nextDoc();
        doc != DocIdSetIterator.NO_MORE_DOCS;
        doc = matched.nextDoc()) {
      if (!points.advanceExact(doc)) {
        continue; // no position: not on a map
      }
      GeoPointField.LatLng point = ListingFields.GEO.decode(points.nextValue());
      double lat = point.lat();
      double lng = point.lng();
      one[0] = doc;
      prices.read(one, 1, value);
      double price = value[0];
      mlsIds.read(one, 1, value);
      long mlsId = (long) value[0];
      boolean addressHidden = hidden != null && hidden.get(doc);
      tiles
          .computeIfAbsent(WebMercatorTile.of(lat, lng, zoom), k -> new Tile())
          .add(addressHidden, lat, lng, price, mlsId);
    }
  }

  /** A tile's listings, those whose address may be shown and the others apart. */
  private static final class Tile {
    private final Part shown = new Part();
    private final Part hidden = new Part();

    void add(boolean addressHidden, double lat, double lng, double price, long mlsId) {
      (addressHidden ? hidden : shown).add(lat, lng, price, mlsId);
    }

    Tile merge(Tile other) {
      shown.merge(other.shown);
      hidden.merge(other.hidden);
      return this;
    }

    /** The cluster this tile shows, or null when it shows nothing. */
    Cluster cluster() {
      Part all = new Part();
      all.merge(shown);
      if (shown.count + hidden.count >= HIDDEN_ADDRESS_MIN_CLUSTER) {
        all.merge(hidden);
      }
      return all.count == 0 ? null : all.cluster();
    }
  }

  /** Running sums over some listings. */
  private static final class Part {
    long count;
    double sumLat;
    double sumLng;
    double minLat = Double.POSITIVE_INFINITY;
    double minLng = Double.POSITIVE_INFINITY;
    double maxLat = Double.NEGATIVE_INFINITY;
    double maxLng = Double.NEGATIVE_INFINITY;
    double minPrice = Double.NaN;
    double maxPrice = Double.NaN;
    long mlsId;

    void add(double lat, double lng, double price, long mlsId) {
      count++;
      sumLat += lat;
      sumLng += lng;
      minLat = Math.min(minLat, lat);
      minLng = Math.min(minLng, lng);
      maxLat = Math.max(maxLat, lat);
      maxLng = Math.max(maxLng, lng);
      if (!Double.isNaN(price)) {
        minPrice = Double.isNaN(minPrice) ? price : Math.min(minPrice, price);
        maxPrice = Double.isNaN(maxPrice) ? price : Math.max(maxPrice, price);
      }
      this.mlsId = mlsId;
    }

    void merge(Part other) {
      if (other.count == 0) {
        return;
      }
      long before = count;
      count += other.count;
      sumLat += other.sumLat;
      sumLng += other.sumLng;
      minLat = Math.min(minLat, other.minLat);
      minLng = Math.min(minLng, other.minLng);
      maxLat = Math.max(maxLat, other.maxLat);
      maxLng = Math.max(maxLng, other.maxLng);
      if (!Double.isNaN(other.minPrice)) {
        minPrice = Double.isNaN(minPrice) ? other.minPrice : Math.min(minPrice, other.minPrice);
        maxPrice = Double.isNaN(maxPrice) ? other.maxPrice : Math.max(maxPrice, other.maxPrice);
      }
      if (before == 0) {
        mlsId = other.mlsId;
      }
    }

    Cluster cluster() {
      return new Cluster(
          count,
          sumLat / count,
          sumLng / count,
          new Bounds(minLat, minLng, maxLat, maxLng),
          minPrice,
          maxPrice,
          count == 1 ? OptionalLong.of(mlsId) : OptionalLong.empty());
    }
  }
}

package io.keybox.server.search;

import io.keybox.schema.listing.ListingFields;
import io.keybox.server.search.exec.ColumnReader;
import io.keybox.server.search.exec.EncodedTiles;
import io.keybox.server.search.exec.PointColumn;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import org.apache.lucene.facet.FacetsCollector;
import org.apache.lucene.facet.FacetsCollector.MatchingDocs;
import org.apache.lucene.facet.FacetsCollectorManager;
import org.apache.lucene.geo.GeoEncodingUtils;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.internal.hppc.LongObjectHashMap;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.util.FixedBitSet;

/**
 * Puts the listings a query matches into the Web Mercator tiles of one zoom: one pass over the
 * matches' doc values (position, price), a block of documents at a time; no stored document is
 * read. Listings without a position are not on a map and are left out.
 *
 * <p>The tiles are kept in Lucene's primitive map (its {@code internal.hppc} package is exported
 * and pinned with Lucene): a whole-metro view puts hundreds of thousands of listings into a few
 * hundred tiles, and a boxed {@code Long} per listing cost more than the rest of the scan.
 */
final class TileScan {
  /** Matches read at once. */
  private static final int BLOCK = 256;

  private TileScan() {}

  /**
   * Adds the listings {@code query} matches to {@code tiles}, keyed by {@code encodedTiles}' tile.
   *
   * @throws IOException from the index
   */
  static void add(
      IndexSearcher searcher,
      Query query,
      EncodedTiles encodedTiles,
      LongObjectHashMap<ClusterTile> tiles)
      throws IOException {
    FacetsCollector matches = searcher.search(query, new FacetsCollectorManager());
    Map<Object, FixedBitSet> hidden = hiddenAddresses(searcher, query);
    for (MatchingDocs segment : matches.getMatchingDocs()) {
      if (segment.totalHits() > 0 && segment.bits() != null) {
        scan(segment, hidden.get(segment.context().id()), encodedTiles, tiles);
      }
    }
  }

  /** By segment, the matches whose address may not be shown. */
  private static Map<Object, FixedBitSet> hiddenAddresses(IndexSearcher searcher, Query query)
      throws IOException {
    FacetsCollector hidden =
        searcher.search(
            new BooleanQuery.Builder()
                .add(query, Occur.FILTER)
                .add(ListingFields.ADDRESS_DISPLAY.is(false), Occur.FILTER)
                .build(),
            new FacetsCollectorManager());
    Map<Object, FixedBitSet> bySegment = new HashMap<>();
    for (MatchingDocs segment : hidden.getMatchingDocs()) {
      if (segment.totalHits() > 0 && segment.bits() != null) {
        FixedBitSet bits = new FixedBitSet(segment.context().reader().maxDoc());
        bits.or(segment.bits().iterator());
        bySegment.put(segment.context().id(), bits);
      }
    }
    return bySegment;
  }

  private static void scan(
      MatchingDocs segment,
      FixedBitSet hidden,
      EncodedTiles encodedTiles,
      LongObjectHashMap<ClusterTile> tiles)
      throws IOException {
    LeafReaderContext context = segment.context();
    PointColumn points = PointColumn.of(context.reader(), ListingFields.GEO.name());
    ColumnReader prices = ColumnReader.of(context.reader(), ListingFields.LIST_PRICE);
    DocIdSetIterator matched = segment.bits().iterator();
    int[] docs = new int[BLOCK];
    long[] encoded = new long[BLOCK];
    double[] price = new double[BLOCK];
    int doc = matched.nextDoc();
    while (doc != DocIdSetIterator.NO_MORE_DOCS) {
      int size = 0;
      for (; size < BLOCK && doc != DocIdSetIterator.NO_MORE_DOCS; doc = matched.nextDoc()) {
        docs[size++] = doc;
      }
      int placed = points.read(docs, size, encoded);
      prices.read(docs, placed, price);
      for (int i = 0; i < placed; i++) {
        int encodedLat = (int) (encoded[i] >>> 32);
        int encodedLng = (int) encoded[i];
        long key = encodedTiles.tile(encodedLat, encodedLng);
        ClusterTile tile = tiles.get(key);
        if (tile == null) {
          tile = new ClusterTile();
          tiles.put(key, tile);
        }
        tile.add(
            hidden != null && hidden.get(docs[i]),
            GeoEncodingUtils.decodeLatitude(encodedLat),
            GeoEncodingUtils.decodeLongitude(encodedLng),
            price[i],
            context.docBase + docs[i]);
      }
    }
  }
}

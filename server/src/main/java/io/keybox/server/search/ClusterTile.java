package io.keybox.server.search;

import io.keybox.schema.listing.ListingFields;
import io.keybox.server.search.ListingClusters.Bounds;
import io.keybox.server.search.ListingClusters.Cluster;
import io.keybox.server.search.exec.ColumnReader;
import java.io.IOException;
import java.util.List;
import java.util.OptionalLong;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.ReaderUtil;

/**
 * The listings of one map tile, those whose address may be shown and the others apart (a hidden
 * address counts only in a cluster of {@value ListingClusters#HIDDEN_ADDRESS_MIN_CLUSTER} or more,
 * decided once tiles are final). Sums, not lists: tiles add up into their parents. Not thread-safe;
 * a tile kept for later requests ({@link FineTiles}) is only ever read, merged into a new one.
 */
final class ClusterTile {
  private final Part shown = new Part();
  private final Part hidden = new Part();

  /**
   * Adds one listing.
   *
   * @param doc its doc id in the whole index (for its mlsId, should it end up alone)
   */
  void add(boolean addressHidden, double lat, double lng, double price, int doc) {
    (addressHidden ? hidden : shown).add(lat, lng, price, doc);
  }

  /** Adds {@code other}'s listings to this tile, leaving {@code other} as it was. */
  ClusterTile merge(ClusterTile other) {
    shown.merge(other.shown);
    hidden.merge(other.hidden);
    return this;
  }

  /** How many listings it holds, hidden addresses too. */
  long count() {
    return shown.count + hidden.count;
  }

  /**
   * The cluster this tile shows, or null when it shows nothing.
   *
   * @param leaves the index's segments, for the mlsId of a cluster of one
   * @throws IOException from the index
   */
  Cluster cluster(List<LeafReaderContext> leaves) throws IOException {
    Part all = new Part();
    all.merge(shown);
    if (shown.count + hidden.count >= ListingClusters.HIDDEN_ADDRESS_MIN_CLUSTER) {
      all.merge(hidden);
    }
    return all.count == 0 ? null : all.cluster(leaves);
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
    // The index-wide doc id of a listing in it (the only one when count is 1).
    int doc;

    void add(double lat, double lng, double price, int doc) {
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
      this.doc = doc;
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
        doc = other.doc;
      }
    }

    Cluster cluster(List<LeafReaderContext> leaves) throws IOException {
      return new Cluster(
          count,
          sumLat / count,
          sumLng / count,
          new Bounds(minLat, minLng, maxLat, maxLng),
          minPrice,
          maxPrice,
          count == 1 ? OptionalLong.of(mlsId(leaves, doc)) : OptionalLong.empty());
    }

    private static long mlsId(List<LeafReaderContext> leaves, int doc) throws IOException {
      LeafReaderContext leaf = leaves.get(ReaderUtil.subIndex(doc, leaves));
      double[] value = new double[1];
      ColumnReader.of(leaf.reader(), ListingFields.MLS_ID)
          .read(new int[] {doc - leaf.docBase}, 1, value);
      return (long) value[0];
    }
  }
}

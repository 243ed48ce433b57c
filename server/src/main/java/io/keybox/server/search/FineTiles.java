package io.keybox.server.search;

import io.keybox.server.index.DerivedValue;
import io.keybox.server.query.FilterQueryBuilder;
import io.keybox.server.query.FilterValues;
import io.keybox.server.search.exec.EncodedTiles;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.lucene.internal.hppc.LongObjectHashMap;
import org.apache.lucene.search.IndexSearcher;

/**
 * One snapshot's listings in the tiles of zoom {@value #ZOOM} (about 600 m), for the last {@value
 * #FILTERS} filters maps were drawn with more than once (the filters but the viewport), and the
 * default filters from the snapshot's warm-up: a visitor pans and zooms a map over the same
 * filters, so each view adds up the fine tiles inside its box instead of visiting every listing in
 * it; only the listings in the box's edge strips, in fine tiles the box cuts, are visited (see
 * {@link ListingClusters}). A filter seen once is only remembered: an ad-hoc search would pay for a
 * scan of every listing it admits for nothing. Kept with the snapshot and swapped with it, so no
 * request mixes two commits. Thread-safe: the first request that needs a filter's tiles computes
 * them, the others wait for them; kept tiles are never changed.
 */
final class FineTiles {
  /** The tiles' zoom: a map at zoom 14 with the default precision asks for zoom 16. */
  static final int ZOOM = 16;

  /** The filters whose tiles are kept, the least recently used dropped first. */
  static final int FILTERS = 4;

  /**
   * The most tiles kept for one filter (about 250 bytes each: 25 MB at most a filter): listings
   * spread over more ground than a metro (a feed of a whole country) are visited per request
   * instead.
   */
  static final int MAX_TILES = 100_000;

  /** The tiles of a snapshot. */
  static final DerivedValue<FineTiles> OF_SNAPSHOT =
      DerivedValue.of("map tiles", snapshot -> new FineTiles());

  /**
   * The filters seen once lately, whose tiles are not computed yet: a filter set asked for once (an
   * ad-hoc search) would pay a scan of its every listing for nothing.
   */
  static final int SEEN = 64;

  private final Map<FilterValues, Entry> entries = new LinkedHashMap<>(16, 0.75f, true);
  private final Map<FilterValues, Boolean> seen = new LinkedHashMap<>(16, 0.75f, true);

  /**
   * The fine tiles of the listings {@code filter} admits in {@code searcher}'s snapshot once a map
   * has been drawn with it before (computed now, or kept); null the first time, or when there are
   * more than {@value #MAX_TILES}.
   *
   * @param filter the filters without a viewport
   * @throws IOException from the index
   */
  LongObjectHashMap<ClusterTile> ofRepeated(FilterValues filter, IndexSearcher searcher)
      throws IOException {
    return tiles(filter, searcher, false);
  }

  /**
   * The fine tiles of the listings {@code filter} admits, computed now if they are not kept (the
   * warm-up of a snapshot); null when there are more than {@value #MAX_TILES}.
   *
   * @throws IOException from the index
   */
  LongObjectHashMap<ClusterTile> of(FilterValues filter, IndexSearcher searcher)
      throws IOException {
    return tiles(filter, searcher, true);
  }

  private LongObjectHashMap<ClusterTile> tiles(
      FilterValues filter, IndexSearcher searcher, boolean evenTheFirstTime) throws IOException {
    Entry entry;
    synchronized (entries) {
      entry = entries.get(filter);
      if (entry == null) {
        if (!evenTheFirstTime && seen.remove(filter) == null) {
          seen.put(filter, Boolean.TRUE);
          dropEldest(seen, SEEN);
          return null;
        }
        entry = new Entry();
        entries.put(filter, entry);
        dropEldest(entries, FILTERS);
      }
    }
    return entry.tiles(filter, searcher);
  }

  private static void dropEldest(Map<FilterValues, ?> map, int most) {
    if (map.size() > most) {
      var eldest = map.keySet().iterator();
      eldest.next();
      eldest.remove();
    }
  }

  /** One filter's tiles, computed once. */
  private static final class Entry {
    private final ReentrantLock computing = new ReentrantLock();
    private volatile boolean computed;
    private LongObjectHashMap<ClusterTile> tiles; // written before computed, under the lock

    LongObjectHashMap<ClusterTile> tiles(FilterValues filter, IndexSearcher searcher)
        throws IOException {
      if (!computed) {
        computing.lock();
        try {
          if (!computed) {
            LongObjectHashMap<ClusterTile> scanned = new LongObjectHashMap<>();
            TileScan.add(
                searcher, FilterQueryBuilder.build(filter), new EncodedTiles(ZOOM), scanned);
            tiles = scanned.size() <= MAX_TILES ? scanned : null;
            computed = true;
          }
        } finally {
          computing.unlock();
        }
      }
      return tiles;
    }
  }
}

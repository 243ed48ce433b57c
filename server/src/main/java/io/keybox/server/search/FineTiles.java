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
 * #FILTERS} filters a map was drawn with (the filters but the viewport): a visitor pans and zooms a
 * map over the same filters, so each view after the first adds up the fine tiles inside its box
 * instead of visiting every listing in it; only the listings in the box's edge strips, in fine
 * tiles the box cuts, are visited (see {@link ListingClusters}). Kept with the snapshot and swapped
 * with it, so no request mixes two commits. Thread-safe: the first request of a filter computes its
 * tiles, the others wait for them; kept tiles are never changed.
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

  private final Map<FilterValues, Entry> entries = new LinkedHashMap<>(16, 0.75f, true);

  /**
   * The fine tiles of the listings {@code filter} admits in {@code searcher}'s snapshot, or null
   * when there are more than {@value #MAX_TILES}.
   *
   * @param filter the filters without a viewport
   * @throws IOException from the index
   */
  LongObjectHashMap<ClusterTile> of(FilterValues filter, IndexSearcher searcher)
      throws IOException {
    Entry entry;
    synchronized (entries) {
      entry = entries.computeIfAbsent(filter, f -> new Entry());
      if (entries.size() > FILTERS) {
        var eldest = entries.keySet().iterator();
        eldest.next();
        eldest.remove();
      }
    }
    return entry.tiles(filter, searcher);
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

package io.keybox.server.index;

import io.keybox.schema.listing.ListingFacets;
import io.keybox.server.search.exec.ListingOptions;
import java.io.IOException;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.lucene.search.IndexSearcher;

/**
 * What is derived from one reader's listings and costly enough to build once per snapshot rather
 * than per request: the facet reader state that analytics count with (it maps facet ordinals across
 * segments), and the OPTIONS /properties value lists. Kept with the snapshot and swapped with it,
 * so a request never mixes the state of one commit with the reader of another.
 *
 * <p>The facet state is built with the snapshot. The OPTIONS values are computed once, on first
 * use: they count every listing's facet values (about 0.4 s of a cold server's start at 1M
 * listings), which neither a search nor the start of a server needs to wait for. The server asks
 * for them on the refresh thread as soon as a snapshot is swapped in (a {@link SnapshotWarmer}; for
 * the snapshots a server opens at its start, once the start is over), so an OPTIONS request that
 * comes first waits for that computation rather than starting another; in the same way
 * Elasticsearch builds its global ordinals after a refresh rather than during it.
 */
public final class ListingState {
  private final IndexSearcher searcher;
  private final Optional<ListingFacets.State> facets;
  private final ReentrantLock computing = new ReentrantLock();
  private volatile ListingOptions options;
  private IOException failure; // guarded by computing

  private ListingState(IndexSearcher searcher, Optional<ListingFacets.State> facets) {
    this.searcher = searcher;
    this.facets = facets;
  }

  /**
   * The state of the listings {@code searcher} sees; builds the facet state now.
   *
   * @throws IOException from the index
   */
  static ListingState of(IndexSearcher searcher) throws IOException {
    return new ListingState(searcher, new ListingFacets().readerState(searcher.getIndexReader()));
  }

  /** The facet state; empty when the index holds no listing. */
  public Optional<ListingFacets.State> facets() {
    return facets;
  }

  /**
   * The distinct values OPTIONS /properties lists, computed by the first caller and kept; callers
   * that come while it computes wait for it. Call it while holding a {@link Lease} on the snapshot
   * (its reader must be open).
   *
   * @throws IOException when the index could not be read; kept too, since a commit's files do not
   *     change: every later call fails the same way without reading them again, until a new commit
   *     is served
   */
  public ListingOptions options() throws IOException {
    ListingOptions known = options;
    if (known != null) {
      return known;
    }
    computing.lock();
    try {
      if (options == null) {
        if (failure != null) {
          throw new IOException("the OPTIONS values of this index could not be read", failure);
        }
        try {
          options = ListingOptions.compute(searcher, facets);
        } catch (IOException e) {
          failure = e;
          throw e;
        }
      }
      return options;
    } finally {
      computing.unlock();
    }
  }

  /** Whether the OPTIONS values are computed (for tests of when that happens). */
  boolean optionsComputed() {
    return options != null;
  }
}

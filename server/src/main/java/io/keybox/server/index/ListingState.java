package io.keybox.server.index;

import io.keybox.schema.listing.ListingFacets;
import java.io.IOException;
import java.util.Optional;
import org.apache.lucene.search.IndexSearcher;

/**
 * What is derived from one reader's listings as the snapshot is opened: the facet reader state that
 * analytics count with (it maps facet ordinals across segments). Kept with the snapshot and swapped
 * with it, so a request never mixes the state of one commit with the reader of another. Values that
 * not every request needs (the OPTIONS value lists) are {@link DerivedValue}s instead, computed on
 * first use.
 */
public final class ListingState {
  private final Optional<ListingFacets.State> facets;

  private ListingState(Optional<ListingFacets.State> facets) {
    this.facets = facets;
  }

  /**
   * The state of the listings {@code searcher} sees; builds the facet state now.
   *
   * @throws IOException from the index
   */
  static ListingState of(IndexSearcher searcher) throws IOException {
    return new ListingState(new ListingFacets().readerState(searcher.getIndexReader()));
  }

  /** The facet state; empty when the index holds no listing. */
  public Optional<ListingFacets.State> facets() {
    return facets;
  }
}

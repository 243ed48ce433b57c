package io.keybox.server.index;

import io.keybox.schema.listing.ListingFacets;
import io.keybox.schema.listing.ListingOptions;
import java.io.IOException;
import java.util.Optional;
import org.apache.lucene.search.IndexSearcher;

/**
 * What is derived from one reader's listings and costly enough to build once per snapshot rather
 * than per request: the facet reader state that analytics count with (it maps facet ordinals across
 * segments), and the OPTIONS /properties value lists. Built with the snapshot and swapped with it,
 * so a request never mixes the state of one commit with the reader of another.
 *
 * @param facets the facet state; empty when the index holds no listing
 * @param options the distinct values OPTIONS /properties lists
 */
public record ListingState(Optional<ListingFacets.State> facets, ListingOptions options) {

  /**
   * The state of the listings {@code searcher} sees.
   *
   * @throws IOException from the index
   */
  static ListingState of(IndexSearcher searcher) throws IOException {
    Optional<ListingFacets.State> facets =
        new ListingFacets().readerState(searcher.getIndexReader());
    return new ListingState(facets, ListingOptions.compute(searcher, facets));
  }
}

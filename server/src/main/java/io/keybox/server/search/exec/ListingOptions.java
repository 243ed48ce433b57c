package io.keybox.server.search.exec;

import io.keybox.schema.listing.ListingDim;
import io.keybox.schema.listing.ListingFacets;
import io.keybox.schema.listing.ListingQueries;
import io.keybox.server.index.DerivedValue;
import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.lucene.facet.FacetsCollector;
import org.apache.lucene.facet.FacetsCollectorManager;
import org.apache.lucene.search.IndexSearcher;

/**
 * The distinct values of each dim OPTIONS /properties lists (API.md §12), over every listing of one
 * reader whatever its status or display flags, sorted ignoring case. Computed from the facet counts
 * (doc values), never from stored documents, once per reader.
 *
 * @param values for each dim with an {@link ListingDim#optionsKey()}, its sorted values (an empty
 *     list when no listing has one)
 */
public record ListingOptions(Map<ListingDim, List<String>> values) {
  /**
   * The OPTIONS values of a snapshot, computed once per snapshot. They count every listing's facet
   * values (about 0.4 s of a cold server's start at 1M listings), which neither a search nor the
   * start of a server needs to wait for: the server computes them on the refresh thread as soon as
   * a snapshot is served (a warm-up; for the snapshots a server opens at its start, once the start
   * is over), so an OPTIONS request that comes first waits for that computation rather than
   * starting another; in the same way Elasticsearch builds its global ordinals after a refresh
   * rather than during it.
   */
  public static final DerivedValue<ListingOptions> OF_SNAPSHOT =
      DerivedValue.of(
          "OPTIONS values", snapshot -> compute(snapshot.searcher(), snapshot.listings().facets()));

  public ListingOptions {
    values = Map.copyOf(values);
  }

  /**
   * The options of the listings {@code searcher} sees.
   *
   * @param state the facet state of the searcher's reader; empty when it has no listings
   * @throws IOException from the index
   */
  public static ListingOptions compute(IndexSearcher searcher, Optional<ListingFacets.State> state)
      throws IOException {
    Map<ListingDim, List<String>> values = new EnumMap<>(ListingDim.class);
    DimCounts counts = null;
    if (state.isPresent()) {
      FacetsCollector all =
          searcher.search(ListingQueries.allListings(), new FacetsCollectorManager());
      counts = DimCounts.count(state.get(), all);
    }
    for (ListingDim dim : ListingDim.values()) {
      if (dim.optionsKey().isEmpty()) {
        continue;
      }
      List<String> listed = new ArrayList<>();
      if (counts != null) {
        for (ValueCount value : counts.values(dim)) {
          listed.add(dim.optionsValue(value.value()));
        }
      }
      listed.sort(DimCounts.BY_VALUE);
      values.put(dim, List.copyOf(listed));
    }
    return new ListingOptions(values);
  }

  /** The sorted values of {@code dim} (empty for a dim OPTIONS does not list). */
  public List<String> of(ListingDim dim) {
    return values.getOrDefault(dim, List.of());
  }
}

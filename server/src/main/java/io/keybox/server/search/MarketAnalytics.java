package io.keybox.server.search;

import io.keybox.schema.listing.ListingDim;
import io.keybox.schema.listing.ListingFacets;
import io.keybox.schema.listing.ListingFields;
import io.keybox.server.index.Snapshot;
import io.keybox.server.query.FilterQueryBuilder;
import io.keybox.server.query.FilterValues;
import io.keybox.server.search.Numbers.Mean;
import io.keybox.server.search.Numbers.Values;
import io.keybox.server.search.exec.DimCounts;
import io.keybox.server.search.exec.ValueCount;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import org.apache.lucene.facet.FacetsCollector;
import org.apache.lucene.facet.FacetsCollectorManager;

/**
 * {@code GET /properties/analytics} (API.md §9): statistics over ALL matches of a listing filter.
 * The matches are collected once as per-segment bit sets; the distributions are counted from the
 * snapshot's SortedSet facet state, the numbers read from numeric doc values. No stored document is
 * loaded. Stateless; safe for concurrent use.
 */
public final class MarketAnalytics {

  /**
   * The statistics of the listings {@code filter} admits in {@code snapshot}.
   *
   * @throws IOException from the index
   */
  public MarketStats compute(Snapshot snapshot, FilterValues filter) throws IOException {
    FacetsCollector matches =
        snapshot.searcher().search(FilterQueryBuilder.build(filter), new FacetsCollectorManager());
    Values prices = new Values(MatchScan.count(matches));
    Mean price = new Mean();
    Mean area = new Mean();
    Mean beds = new Mean();
    Mean fullBaths = new Mean();
    Mean lotSize = new Mean();
    Mean yearBuilt = new Mean();
    Mean daysOnMarket = new Mean();
    Mean pricePerSqFt = new Mean();
    MatchScan.scan(
        matches,
        ListingFields.ANALYTICS_COLUMNS,
        row -> {
          prices.add(row[0]);
          price.add(row[0]);
          area.add(row[1]);
          beds.add(row[2]);
          fullBaths.add(row[3]);
          lotSize.add(row[4]);
          yearBuilt.add(row[5]);
          daysOnMarket.add(row[6]);
          pricePerSqFt.add(Numbers.pricePerSqFt(row[0], row[1]));
        });
    Optional<DimCounts> counts =
        snapshot.listings().facets().isEmpty()
            ? Optional.empty()
            : Optional.of(
                DimCounts.count(
                    snapshot.listings().facets().get(), matches, ListingFacets.ANALYTICS_DIMS));
    return new MarketStats(
        MatchScan.count(matches),
        price.value(),
        area.value(),
        beds.value(),
        fullBaths.value(),
        lotSize.value(),
        yearBuilt.value(),
        values(counts, ListingDim.MLS_AREA),
        prices.min(),
        prices.max(),
        prices.median(),
        pricePerSqFt.value(),
        daysOnMarket.value(),
        values(counts, ListingDim.STATUS),
        values(counts, ListingDim.TYPE),
        values(counts, ListingDim.CITY),
        HistogramBucket.of(prices));
  }

  private static List<ValueCount> values(Optional<DimCounts> counts, ListingDim dim)
      throws IOException {
    return counts.isEmpty() ? List.of() : counts.get().values(dim);
  }
}

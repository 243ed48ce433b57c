package io.keybox.server.search;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.schema.JsonPaths;
import io.keybox.schema.listing.IdxRule;
import io.keybox.schema.listing.ListingFields;
import io.keybox.schema.listing.ListingQueries;
import io.keybox.schema.listing.ListingSource;
import io.keybox.schema.listing.Status;
import io.keybox.server.error.NotFoundException;
import io.keybox.server.index.Snapshot;
import io.keybox.server.search.Numbers.Values;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import org.apache.lucene.facet.FacetsCollector;
import org.apache.lucene.facet.FacetsCollectorManager;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;

/**
 * {@code GET /properties/{mlsId}/analytics} (API.md §9): the listing's price per square foot and
 * how it compares with its comparables, the other Active listings of the same vendor, MLS area
 * ({@code mls.area}) and type code that the display rule admits. Stateless; safe for concurrent
 * use.
 */
public final class ListingComparison {
  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * The analytics of listing {@code mlsId}.
   *
   * @param idx the display rule, for the listing itself and its comparables
   * @throws NotFoundException when the listing does not exist or {@code idx} does not admit it
   * @throws IOException from the index
   */
  public ListingStats compare(Snapshot snapshot, long mlsId, IdxRule idx) throws IOException {
    IndexSearcher searcher = snapshot.searcher();
    BooleanQuery.Builder lookup = new BooleanQuery.Builder();
    lookup.add(ListingQueries.byMlsId(mlsId, snapshot.schemaVersion()), Occur.FILTER);
    idx.filter().ifPresent(rule -> lookup.add(rule, Occur.FILTER));
    ScoreDoc[] hits = searcher.search(lookup.build(), 1).scoreDocs;
    if (hits.length == 0) {
      throw new NotFoundException("listing " + mlsId + " not found");
    }
    // One document: reading its stored JSON is cheaper than opening doc values for four fields.
    JsonNode listing =
        JSON.readTree(
            ListingSource.load(searcher.storedFields(), hits[0].doc, false, false)
                .toBytes(false, false));
    double ownPricePerSqFt =
        Numbers.pricePerSqFt(number(listing, "listPrice"), number(listing, "property", "area"));
    Optional<String> area = Optional.ofNullable(JsonPaths.text(listing, "mls", "area"));
    Optional<String> type = Optional.ofNullable(JsonPaths.text(listing, "property", "type"));
    Values prices = new Values();
    Values pricesPerSqFt = new Values();
    long count = 0;
    if (area.isPresent() && type.isPresent()) {
      BooleanQuery.Builder comparables = new BooleanQuery.Builder();
      comparables.add(ListingQueries.allListings(), Occur.FILTER);
      comparables.add(ListingQueries.statusIn(List.of(Status.Active)), Occur.FILTER);
      comparables.add(ListingFields.MLS_AREA.is(area.get()), Occur.FILTER);
      comparables.add(ListingFields.TYPE.is(type.get()), Occur.FILTER);
      comparables.add(ListingFields.MLS_ID.exact(mlsId), Occur.MUST_NOT);
      idx.filter().ifPresent(rule -> comparables.add(rule, Occur.FILTER));
      FacetsCollector matches = searcher.search(comparables.build(), new FacetsCollectorManager());
      MatchScan.scan(
          matches,
          List.of(ListingFields.LIST_PRICE, ListingFields.AREA),
          row -> {
            prices.add(row[0]);
            pricesPerSqFt.add(Numbers.pricePerSqFt(row[0], row[1]));
          });
      count = MatchScan.count(matches);
    }
    OptionalDouble percentile =
        Double.isNaN(ownPricePerSqFt) || pricesPerSqFt.size() == 0
            ? OptionalDouble.empty()
            : OptionalDouble.of(
                100.0 * pricesPerSqFt.countBelow(ownPricePerSqFt) / pricesPerSqFt.size());
    return new ListingStats(
        Double.isNaN(ownPricePerSqFt) ? OptionalDouble.empty() : OptionalDouble.of(ownPricePerSqFt),
        new ListingStats.Comparison(
            Status.Active.name(),
            area,
            type,
            count,
            prices.median(),
            pricesPerSqFt.median(),
            percentile));
  }

  private static double number(JsonNode listing, String... path) {
    Double value = JsonPaths.number(listing, path);
    return value == null ? Double.NaN : value;
  }
}

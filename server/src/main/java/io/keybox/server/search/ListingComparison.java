package io.keybox.server.search;

import io.keybox.schema.field.KeywordField;
import io.keybox.schema.field.NumericColumn;
import io.keybox.schema.listing.IdxRule;
import io.keybox.schema.listing.ListingFields;
import io.keybox.schema.listing.ListingQueries;
import io.keybox.schema.listing.Status;
import io.keybox.server.error.NotFoundException;
import io.keybox.server.index.Snapshot;
import io.keybox.server.search.Numbers.Values;
import io.keybox.server.search.exec.ColumnReader;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import org.apache.lucene.facet.FacetsCollector;
import org.apache.lucene.facet.FacetsCollectorManager;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.index.SortedSetDocValues;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;

/**
 * {@code GET /properties/{mlsId}/analytics} (API.md §9): the listing's price per square foot and
 * how it compares with its comparables, the other Active listings of the same vendor, MLS area
 * ({@code mls.area}) and type code that the display rule admits. Stateless; safe for concurrent
 * use.
 */
public final class ListingComparison {

  /**
   * The analytics of listing {@code mlsId}.
   *
   * @param idx the display rule, for the listing itself and its comparables
   * @throws NotFoundException when the listing does not exist or {@code idx} does not admit it
   * @throws IOException from the index
   */
  public ListingStats compare(Snapshot snapshot, long mlsId, IdxRule idx) throws IOException {
    IndexSearcher searcher = snapshot.searcher();
    int found = RecordLookup.listing(snapshot, mlsId, idx);
    // The listing's own values from doc values, through the same fields its comparables are
    // found and read by.
    List<LeafReaderContext> leaves = searcher.getIndexReader().leaves();
    LeafReaderContext leaf = leaves.get(ReaderUtil.subIndex(found, leaves));
    int doc = found - leaf.docBase;
    double ownPricePerSqFt =
        Numbers.pricePerSqFt(
            number(leaf, ListingFields.LIST_PRICE, doc), number(leaf, ListingFields.AREA, doc));
    Optional<String> area = displayValue(leaf, ListingFields.MLS_AREA, doc);
    Optional<String> type = displayValue(leaf, ListingFields.TYPE, doc);
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

  /** The value of {@code column} of segment document {@code doc}; NaN when it has none. */
  private static double number(LeafReaderContext leaf, NumericColumn column, int doc)
      throws IOException {
    double[] value = new double[1];
    ColumnReader.of(leaf.reader(), column).read(new int[] {doc}, 1, value);
    return value[0];
  }

  /**
   * The display spelling of {@code field}'s value for segment document {@code doc} (trimmed, as
   * distributions and OPTIONS show it), if it has one.
   */
  private static Optional<String> displayValue(LeafReaderContext leaf, KeywordField field, int doc)
      throws IOException {
    SortedSetDocValues values = DocValues.getSortedSet(leaf.reader(), field.displayValuesField());
    return values.advanceExact(doc)
        ? Optional.of(values.lookupOrd(values.nextOrd()).utf8ToString())
        : Optional.empty();
  }
}

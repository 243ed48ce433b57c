package io.keybox.schema.listing;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;

/**
 * The IDX display rules of the {@code idx} parameter (API.md §7). Only an explicit {@code false} in
 * a display flag counts as opted out; a null flag is displayable.
 */
public enum IdxRule {
  /** Both display flags must be true or null (the default). */
  NULL("null"),
  /** Only {@code internetEntireListingDisplay} is checked. */
  LISTING("listing"),
  /** Only {@code internetAddressDisplay} is checked. */
  ADDRESS("address"),
  /** Neither flag is checked. */
  IGNORE("ignore");

  private final String parameterValue;

  IdxRule(String parameterValue) {
    this.parameterValue = parameterValue;
  }

  /** The value of the {@code idx} parameter naming this rule. */
  public String parameterValue() {
    return parameterValue;
  }

  /** The rule a parameter value names (case-insensitive). */
  public static Optional<IdxRule> parse(String value) {
    String key = value.strip().toLowerCase(Locale.ROOT);
    return Arrays.stream(values()).filter(r -> r.parameterValue.equals(key)).findFirst();
  }

  /** The parameter values of all rules. */
  public static List<String> parameterValues() {
    return Arrays.stream(values()).map(IdxRule::parameterValue).toList();
  }

  /**
   * Whether this rule admits document {@code doc} of {@code reader} (its id in {@code reader}):
   * {@link #filter} for one document, without a query.
   */
  public boolean admits(IndexReader reader, int doc) throws IOException {
    return switch (this) {
      case NULL ->
          !ListingFields.ADDRESS_DISPLAY.is(false, reader, doc)
              && !ListingFields.LISTING_DISPLAY.is(false, reader, doc);
      case LISTING -> !ListingFields.LISTING_DISPLAY.is(false, reader, doc);
      case ADDRESS -> !ListingFields.ADDRESS_DISPLAY.is(false, reader, doc);
      case IGNORE -> true;
    };
  }

  /**
   * The first document of {@code searcher} that {@code key} selects and this rule admits, or -1: a
   * record looked up by a query of its key (an open house; a listing of an index without key
   * terms).
   */
  public int first(IndexSearcher searcher, Query key) throws IOException {
    BooleanQuery.Builder query = new BooleanQuery.Builder();
    query.add(key, Occur.FILTER);
    filter().ifPresent(rule -> query.add(rule, Occur.FILTER));
    ScoreDoc[] hits = searcher.search(query.build(), 1).scoreDocs;
    return hits.length == 0 ? -1 : hits[0].doc;
  }

  /** The filter this rule adds, or empty when it admits every listing. */
  public Optional<Query> filter() {
    return switch (this) {
      case NULL ->
          Optional.of(
              new BooleanQuery.Builder()
                  .add(ListingFields.ADDRESS_DISPLAY.notFalse(), Occur.FILTER)
                  .add(ListingFields.LISTING_DISPLAY.notFalse(), Occur.FILTER)
                  .build());
      case LISTING -> Optional.of(ListingFields.LISTING_DISPLAY.notFalse());
      case ADDRESS -> Optional.of(ListingFields.ADDRESS_DISPLAY.notFalse());
      case IGNORE -> Optional.empty();
    };
  }
}

package io.keybox.server.query;

import io.keybox.schema.listing.ListingFilters;
import java.util.List;

/**
 * Parses the parameters of {@code GET /properties/analytics} (API.md §9): the filters of
 * /properties but those the contract leaves out ({@link ListingFilters#ANALYTICS}), which are
 * ignored like any unknown parameter (even when malformed). Paging, sort, include and count are
 * accepted and ignored: analytics cover every match.
 */
public final class AnalyticsRequestParser {
  /** The parameters {@link #filter} reads: the rows of {@link ListingFilters#ANALYTICS}. */
  public static final List<String> PARAMETERS = ListingFilters.ANALYTICS.names();

  /** The parameters of {@code GET /properties/{mlsId}/analytics}: the display rule. */
  public static final List<String> LISTING_PARAMETERS = List.of(IdxParam.NAME);

  /** The filter of {@code params}, with the /properties defaults (status Active, ...). */
  public FilterValues filter(Params params) {
    return FilterParser.parse(ListingFilters.ANALYTICS, params);
  }
}

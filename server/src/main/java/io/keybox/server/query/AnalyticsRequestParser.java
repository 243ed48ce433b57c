package io.keybox.server.query;

import java.util.List;
import java.util.Set;

/**
 * Parses the parameters of {@code GET /properties/analytics} (API.md §9): the filters of
 * /properties except those the contract leaves out, which are ignored like any unknown parameter
 * (even when malformed). Paging, sort, include and count are accepted and ignored: analytics cover
 * every match.
 */
public final class AnalyticsRequestParser {
  /** The /properties filters analytics ignore. */
  public static final Set<String> IGNORED =
      Set.of(
          "coListAgent",
          "subTypeText",
          "specialListingConditions",
          "ownership",
          "minlistdate",
          "maxlistdate",
          "state");

  /** The parameters {@link #filter} reads: the /properties filters but {@link #IGNORED}. */
  public static final List<String> PARAMETERS =
      ListingRequestParser.FILTER_PARAMETERS.stream().filter(p -> !IGNORED.contains(p)).toList();

  /** The parameters of {@code GET /properties/{mlsId}/analytics}: the display rule. */
  public static final List<String> LISTING_PARAMETERS = List.of(IdxParam.NAME);

  private final ListingRequestParser listings;

  public AnalyticsRequestParser(ListingRequestParser listings) {
    this.listings = listings;
  }

  /** The filter of {@code params}, with the /properties defaults (status Active, ...). */
  public ListingFilter filter(Params params) {
    return listings.filter(params.without(IGNORED));
  }
}

package io.keybox.server.query;

import io.keybox.schema.listing.IdxRule;
import io.keybox.schema.listing.ListingFilters;

/**
 * The {@code idx} parameter (API.md §7) of the endpoints that take it alone: the display rule, by
 * its filter row ({@link ListingFilters#IDX}); {@code null} when absent.
 */
public final class IdxParam {
  /** The parameter's name. */
  public static final String NAME = ListingFilters.IDX.name();

  private IdxParam() {}

  /** The rule {@code params} ask for; 400 naming {@code idx} for an unknown value. */
  public static IdxRule parse(Params params) {
    return FilterParser.read(ListingFilters.IDX, params).orElseThrow();
  }
}

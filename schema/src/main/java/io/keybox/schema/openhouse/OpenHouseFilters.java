package io.keybox.schema.openhouse;

import io.keybox.schema.RecordKind;
import io.keybox.schema.filter.Filter;
import io.keybox.schema.filter.Filter.AnyOf;
import io.keybox.schema.filter.Filter.Bound;
import io.keybox.schema.filter.FilterTable;
import io.keybox.schema.filter.ValueParsers;
import io.keybox.schema.listing.ListingFields;
import io.keybox.schema.listing.ListingFilters;
import io.keybox.schema.listing.PropertyType;
import java.time.Instant;
import java.util.List;

/**
 * The filter parameters of {@code GET /openhouses} (API.md §10), in the order they are checked.
 * Every condition but {@code startdate} is on the open house's listing, whose fields each open
 * house document holds: where a parameter means what it means on /properties, the row is the
 * listing's ({@link ListingFilters}); {@code type} and {@code agent} take one value here, so they
 * have rows of their own.
 */
public final class OpenHouseFilters {
  private OpenHouseFilters() {}

  /** The listing's type: one value (the first), default residential. */
  public static final AnyOf<PropertyType> TYPE =
      new AnyOf<>(
          "type",
          ListingFields.TYPE,
          false,
          ListingFilters.TYPE_VALUES,
          PropertyType::selectedCodes,
          List.of(PropertyType.RES),
          "The listing's property type, one value (the first when repeated); as on /properties."
              + " Default: `residential`.");

  public static final AnyOf<String> LISTING_ID =
      Filter.anyOf(
          "listingId",
          ListingFields.LISTING_ID,
          "The listing's `listingId`. Repeat the parameter for several values (any of them"
              + " matches).");

  /** The listing's agent: one id (the first). */
  public static final AnyOf<String> AGENT =
      new AnyOf<>(
          "agent",
          ListingFields.AGENT,
          false,
          ValueParsers.TEXT,
          List::of,
          List.of(),
          "The listing's `agent.id`, one value.");

  /** Open houses starting at or after the instant (a bare date: its start in UTC). */
  public static final Bound<Long> START_DATE =
      Filter.min(
          "startdate",
          OpenHouseFields.START_TIME,
          ValueParsers.instant(false).map(Instant::toEpochMilli),
          "Open houses starting at or after this date (its start in UTC) or date-time.");

  /** Every filter of {@code GET /openhouses}, in the order they are checked. */
  public static final FilterTable TABLE =
      new FilterTable(
          RecordKind.OPEN_HOUSE,
          List.of(
              TYPE,
              LISTING_ID,
              ListingFilters.CITIES,
              ListingFilters.BROKERS,
              AGENT,
              ListingFilters.MIN_PRICE,
              ListingFilters.MAX_PRICE,
              ListingFilters.MIN_AREA,
              ListingFilters.MIN_BEDS,
              ListingFilters.MIN_BATHS,
              START_DATE,
              ListingFilters.POINTS,
              ListingFilters.BBOX,
              ListingFilters.RADIUS,
              ListingFilters.IDX));
}

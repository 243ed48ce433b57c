package io.keybox.schema.listing;

import io.keybox.schema.RecordKind;
import io.keybox.schema.filter.Clauses;
import io.keybox.schema.filter.Filter;
import io.keybox.schema.filter.Filter.AllOf;
import io.keybox.schema.filter.Filter.AnyOf;
import io.keybox.schema.filter.Filter.Bound;
import io.keybox.schema.filter.Filter.Custom;
import io.keybox.schema.filter.Filter.Text;
import io.keybox.schema.filter.FilterTable;
import io.keybox.schema.filter.GeoArea;
import io.keybox.schema.filter.GeoPolygon;
import io.keybox.schema.filter.PointsParser;
import io.keybox.schema.filter.ValueParser;
import io.keybox.schema.filter.ValueParsers;
import io.keybox.schema.filter.ValueType;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The filter parameters of {@code GET /properties} (API.md §7): one row per parameter, in the order
 * they are checked. Open house searches share the rows of the listing conditions they take ({@link
 * io.keybox.schema.openhouse.OpenHouseFilters}); market analytics takes {@link #ANALYTICS}.
 *
 * <p>A new filter is one row here (and in {@link #TABLE}), its description in the OpenAPI document,
 * and a test of what it matches; the server parses, checks and queries it from the row.
 */
public final class ListingFilters {
  private ListingFilters() {}

  /** The {@code subtype} values of API.md §6. */
  public static final List<String> SUBTYPES =
      List.of(
          "apartment",
          "boatslip",
          "singlefamilyresidence",
          "deededparking",
          "cabin",
          "condominium",
          "duplex",
          "manufacturedhome",
          "ownyourown",
          "quadruplex",
          "stockcooperative",
          "townhouse",
          "timeshare",
          "triplex",
          "manufacturedonland",
          "farmandranch",
          "agriculture",
          "business",
          "hotelmotel",
          "industrial",
          "mixeduse",
          "officespace",
          "retail",
          "unimprovedland",
          "warehouse");

  /** A {@code type} value: a type's parameter name, code or display name, any case. */
  public static final ValueParser<PropertyType> TYPE_VALUES =
      ValueParsers.oneOf(PropertyType::parse, PropertyType.parameterNames());

  private static final String REPEAT =
      " Repeat the parameter for several values (any of them matches).";

  private static final String NEVER_WITHOUT =
      " (inclusive; a listing without the field never matches).";

  public static final Text Q =
      new Text(
          "q",
          ListingFields.KEYWORDS,
          true,
          false,
          "Keyword search over listingId, street number, street name, unit, city, postal code,"
              + " subdivision and MLS area. Within one value every word must match"
              + " (case-insensitive; the last word may be a prefix, so `hous` finds Houston)."
              + REPEAT);

  public static final AnyOf<Status> STATUS =
      new AnyOf<>(
          "status",
          ListingFields.STATUS,
          true,
          ValueParsers.oneOf(Status::parse, Status.names()),
          status -> List.of(status.name()),
          List.of(Status.Active),
          "Normalised status (API.md §6), case-insensitive; the feed synonyms are accepted too"
              + " (`sold` means Closed). Default: `Active`."
              + REPEAT);

  public static final AnyOf<PropertyType> TYPE =
      new AnyOf<>(
          "type",
          ListingFields.TYPE,
          true,
          TYPE_VALUES,
          PropertyType::selectedCodes,
          List.of(PropertyType.RES, PropertyType.RNT),
          "Property type: `residential` (RES and CND), `rental`, `mobilehome`, `condominium`,"
              + " `multifamily`, `commercial`, `commerciallease`, `land`, `farm`;"
              + " case-insensitive, and the display names OPTIONS /properties lists"
              + " (`Multi-Family`) are accepted too. Default: residential and rental."
              + REPEAT);

  public static final AnyOf<String> SUBTYPE =
      new AnyOf<>(
          "subtype",
          ListingFields.SUBTYPE,
          true,
          ValueParsers.oneOf(
              value -> Optional.of(value.toLowerCase(Locale.ROOT)).filter(SUBTYPES::contains),
              SUBTYPES),
          List::of,
          List.of(),
          "`property.subType`, lower case, case-insensitive." + REPEAT);

  public static final AnyOf<String> SUB_TYPE_TEXT =
      Filter.anyOf(
          "subTypeText",
          ListingFields.SUBTYPE_TEXT,
          "`property.subTypeText` (the MLS's own subtype), case-insensitive, exact." + REPEAT);

  public static final AnyOf<String> AGENT =
      Filter.anyOf(
          "agent",
          ListingFields.AGENT,
          "`agent.id` (the listing agent; not the co-listing or selling agent)." + REPEAT);

  public static final AnyOf<String> CO_LIST_AGENT =
      Filter.anyOf("coListAgent", ListingFields.CO_AGENT, "`coAgent.id`." + REPEAT);

  public static final AnyOf<String> SALES_AGENT =
      Filter.anyOf("salesAgent", ListingFields.SALES_AGENT, "`sales.agent.id`." + REPEAT);

  public static final AnyOf<String> BROKERS =
      Filter.anyOf("brokers", ListingFields.BROKER, "`office.brokerid`." + REPEAT);

  public static final AnyOf<String> SPECIAL_LISTING_CONDITIONS =
      Filter.anyOf(
          "specialListingConditions",
          ListingFields.SPECIAL_LISTING_CONDITIONS,
          "`specialListingConditions`, case-insensitive, exact." + REPEAT);

  public static final AnyOf<String> OWNERSHIP =
      Filter.anyOf(
          "ownership", ListingFields.OWNERSHIP, "`ownership`, case-insensitive, exact." + REPEAT);

  public static final Bound<Double> MIN_PRICE =
      Filter.min(
          "minprice",
          ListingFields.LIST_PRICE,
          ValueParsers.integerAsDouble(),
          "The listing's `listPrice` is at least this" + NEVER_WITHOUT);

  public static final Bound<Double> MAX_PRICE =
      Filter.max(
          "maxprice",
          ListingFields.LIST_PRICE,
          ValueParsers.integerAsDouble(),
          "The listing's `listPrice` is at most this" + NEVER_WITHOUT);

  public static final Bound<Long> MIN_AREA =
      Filter.min(
          "minarea",
          ListingFields.AREA,
          ValueParsers.integer(),
          "The listing's `property.area` (sq ft) is at least this" + NEVER_WITHOUT);

  public static final Bound<Long> MAX_AREA =
      Filter.max(
          "maxarea",
          ListingFields.AREA,
          ValueParsers.integer(),
          "The listing's `property.area` (sq ft) is at most this" + NEVER_WITHOUT);

  private static final String TOTAL_BATHS =
      " Total baths: `property.bathrooms` when present, else bathsFull + bathsThreeQuarter + 0.5"
          + " × bathsHalf; decimals allowed (`2.5`).";

  public static final Bound<Double> MIN_BATHS =
      Filter.min(
          "minbaths",
          ListingFields.BATHS,
          ValueParsers.decimal(),
          "The listing's total baths is at least this" + NEVER_WITHOUT + TOTAL_BATHS);

  public static final Bound<Double> MAX_BATHS =
      Filter.max(
          "maxbaths",
          ListingFields.BATHS,
          ValueParsers.decimal(),
          "The listing's total baths is at most this" + NEVER_WITHOUT + TOTAL_BATHS);

  public static final Bound<Long> MIN_BEDS =
      Filter.min(
          "minbeds",
          ListingFields.BEDS,
          ValueParsers.integer(),
          "The listing's `property.bedrooms` is at least this" + NEVER_WITHOUT);

  public static final Bound<Long> MAX_BEDS =
      Filter.max(
          "maxbeds",
          ListingFields.BEDS,
          ValueParsers.integer(),
          "The listing's `property.bedrooms` is at most this" + NEVER_WITHOUT);

  public static final Bound<Long> MAX_DAYS_ON_MARKET =
      Filter.max(
          "maxdom",
          ListingFields.DAYS_ON_MARKET,
          ValueParsers.integer(),
          "Only listings whose `mls.daysOnMarket` is at most this.");

  /** A lower bound in epoch milliseconds: the first millisecond at or after the instant. */
  public static final Bound<Long> MIN_LIST_DATE =
      Filter.min(
          "minlistdate",
          ListingFields.LIST_DATE,
          ValueParsers.instant(false).map(ValueParsers::epochMillisAtOrAfter),
          "Only listings listed (`listDate`) at or after this date (`2024-05-01`, its start) or"
              + " date-time; UTC unless it carries a zone.");

  public static final Bound<Long> MAX_LIST_DATE =
      Filter.max(
          "maxlistdate",
          ListingFields.LIST_DATE,
          ValueParsers.instant(true).map(Instant::toEpochMilli),
          "Only listings listed (`listDate`) at or before this date-time; a bare date includes"
              + " that whole day.");

  public static final Bound<Long> MIN_YEAR =
      Filter.min(
          "minyear",
          ListingFields.YEAR_BUILT,
          ValueParsers.integer(),
          "The listing's `property.yearBuilt` is at least this" + NEVER_WITHOUT);

  public static final Bound<Long> MAX_YEAR =
      Filter.max(
          "maxyear",
          ListingFields.YEAR_BUILT,
          ValueParsers.integer(),
          "The listing's `property.yearBuilt` is at most this" + NEVER_WITHOUT);

  public static final Bound<Double> MIN_ACRES =
      Filter.min(
          "minacres",
          ListingFields.ACRES,
          ValueParsers.decimal(),
          "The listing's `property.acres` is at least this" + NEVER_WITHOUT);

  public static final Bound<Double> MAX_ACRES =
      Filter.max(
          "maxacres",
          ListingFields.ACRES,
          ValueParsers.decimal(),
          "The listing's `property.acres` is at most this" + NEVER_WITHOUT);

  public static final Bound<Double> MIN_GARAGE_SPACES =
      Filter.min(
          "minGarageSpaces",
          ListingFields.GARAGE_SPACES,
          ValueParsers.integerAsDouble(),
          "The listing's `property.garageSpaces` is at least this" + NEVER_WITHOUT);

  public static final Bound<Double> MAX_GARAGE_SPACES =
      Filter.max(
          "maxGarageSpaces",
          ListingFields.GARAGE_SPACES,
          ValueParsers.integerAsDouble(),
          "The listing's `property.garageSpaces` is at most this" + NEVER_WITHOUT);

  public static final AnyOf<String> POSTAL_CODES =
      Filter.anyOf("postalCodes", ListingFields.POSTAL_CODE, "`address.postalCode`." + REPEAT);

  public static final AnyOf<String> CITIES =
      Filter.anyOf(
          "cities",
          ListingFields.CITY,
          "`address.city`, case-insensitive, exact (not a substring)." + REPEAT);

  public static final AnyOf<String> STATE =
      Filter.anyOf("state", ListingFields.STATE, "`address.state`, case-insensitive." + REPEAT);

  public static final AnyOf<String> COUNTIES =
      Filter.anyOf("counties", ListingFields.COUNTY, "`geo.county`, case-insensitive." + REPEAT);

  public static final AnyOf<String> NEIGHBORHOODS =
      Filter.anyOf(
          "neighborhoods",
          ListingFields.SUBDIVISION,
          "`property.subdivision`, case-insensitive." + REPEAT);

  public static final AllOf FEATURES =
      Filter.allOf(
          "features",
          ListingFields.FEATURES,
          "Interior features: each value must equal (case-insensitively, trimmed) an item of the"
              + " comma-separated `property.interiorFeatures`. Repeat for several: ALL must be"
              + " present.");

  public static final AllOf EXTERIOR_FEATURES =
      Filter.allOf(
          "exteriorFeatures",
          ListingFields.EXTERIOR_FEATURES,
          "Exterior features: each value must equal an item of `property.exteriorFeatures`."
              + " Repeat for several: ALL must be present.");

  /** Any of the values, each a clause of its own ({@link ListingQueries#water}). */
  public static final Custom<List<String>> WATER =
      new Custom<>(
          "water",
          true,
          ValueType.TEXT,
          List.of(),
          Clauses.PER_VALUE,
          values -> values,
          Optional.empty(),
          values -> Optional.of(ListingQueries.water(values)),
          "`true`: `property.water` is set and not false-like; `false`: it is null or false-like;"
              + " any other value: equals it (case-insensitive)."
              + REPEAT);

  /** Every value a vertex of one polygon ({@link PointsParser}). */
  public static final Custom<GeoPolygon> POINTS =
      new Custom<>(
          "points",
          true,
          ValueType.TEXT,
          List.of(),
          Clauses.ONE,
          PointsParser::parse,
          Optional.empty(),
          polygon -> Optional.of(ListingFields.GEO.within(polygon.toLucene())),
          "`lat,lng` (decimal degrees, latitude first), repeated: together a polygon (3 to 1,000"
              + " distinct points); listings whose `geo` lies inside match. A ring that crosses"
              + " itself (rectangle corners NE, NW, SE, SW) is replaced by the convex hull of its"
              + " points.");

  /** The map's viewport ({@link GeoArea#box}). */
  public static final Custom<GeoArea.Box> BBOX =
      new Custom<>(
          "bbox",
          false,
          ValueType.TEXT,
          List.of(),
          Clauses.ONE,
          GeoArea::box,
          Optional.empty(),
          box ->
              Optional.of(
                  ListingFields.GEO.inBox(box.minLat(), box.maxLat(), box.minLng(), box.maxLng())),
          "`minLng,minLat,maxLng,maxLat` (decimal degrees, the map's viewport, as GeoJSON orders a"
              + " bbox): listings whose `geo` lies in the box. A box whose minLng is above its"
              + " maxLng crosses the 180th meridian. Combines with every other filter, `points`"
              + " and `radius` too (all must hold).");

  /** A circle around a point ({@link GeoArea#circle}). */
  public static final Custom<GeoArea.Circle> RADIUS =
      new Custom<>(
          "radius",
          false,
          ValueType.TEXT,
          List.of(),
          Clauses.ONE,
          GeoArea::circle,
          Optional.empty(),
          circle ->
              Optional.of(
                  ListingFields.GEO.withinDistance(circle.lat(), circle.lng(), circle.metres())),
          "`lat,lng,distance` with the distance in `mi` or `km`, e.g. `29.76,-95.37,5mi`:"
              + " listings whose `geo` lies within that great-circle distance of the point;"
              + " 0 < distance <= 500 mi.");

  private static final ValueParser<IdxRule> IDX_RULES =
      ValueParsers.oneOf(IdxRule::parse, IdxRule.parameterValues());

  /** The display rule ({@link IdxRule}); also the single-listing lookups' parameter. */
  public static final Custom<IdxRule> IDX =
      new Custom<>(
          "idx",
          false,
          ValueType.TEXT,
          IdxRule.parameterValues(),
          Clauses.ONE,
          values -> IDX_RULES.parse(values.get(0)),
          Optional.of(IdxRule.NULL),
          IdxRule::filter,
          "The IDX display rule. `null` (default, also the literal `null`): both"
              + " `internetAddressDisplay` and `internetEntireListingDisplay` must be true or"
              + " null; `listing`: only `internetEntireListingDisplay` is checked; `address`: only"
              + " `internetAddressDisplay`; `ignore`: neither. Only an explicit `false` counts as"
              + " opted out.");

  /** Every filter of {@code GET /properties}, in the order they are checked. */
  public static final FilterTable TABLE =
      new FilterTable(
          RecordKind.LISTING,
          List.of(
              Q,
              STATUS,
              TYPE,
              SUBTYPE,
              SUB_TYPE_TEXT,
              AGENT,
              CO_LIST_AGENT,
              SALES_AGENT,
              BROKERS,
              SPECIAL_LISTING_CONDITIONS,
              OWNERSHIP,
              MIN_PRICE,
              MAX_PRICE,
              MIN_AREA,
              MAX_AREA,
              MIN_BATHS,
              MAX_BATHS,
              MIN_BEDS,
              MAX_BEDS,
              MAX_DAYS_ON_MARKET,
              MIN_LIST_DATE,
              MAX_LIST_DATE,
              MIN_YEAR,
              MAX_YEAR,
              MIN_ACRES,
              MAX_ACRES,
              MIN_GARAGE_SPACES,
              MAX_GARAGE_SPACES,
              POSTAL_CODES,
              CITIES,
              STATE,
              COUNTIES,
              NEIGHBORHOODS,
              FEATURES,
              EXTERIOR_FEATURES,
              WATER,
              POINTS,
              BBOX,
              RADIUS,
              IDX));

  /**
   * The filters of {@code GET /properties/analytics} (API.md §9): those of /properties but the ones
   * the contract leaves out, which are ignored like any unknown parameter (even when malformed).
   */
  public static final FilterTable ANALYTICS =
      TABLE.without(
          Set.of(
              CO_LIST_AGENT,
              SUB_TYPE_TEXT,
              SPECIAL_LISTING_CONDITIONS,
              OWNERSHIP,
              MIN_LIST_DATE,
              MAX_LIST_DATE,
              STATE));
}

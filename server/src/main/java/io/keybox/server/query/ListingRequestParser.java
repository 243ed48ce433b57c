package io.keybox.server.query;

import io.keybox.schema.listing.ListingSort;
import io.keybox.schema.listing.PropertyType;
import io.keybox.schema.listing.Status;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.stream.Stream;

/**
 * Parses the parameters of {@code GET /properties} (API.md §7) into a {@link ListingSearchRequest}.
 * Unknown parameters and empty values are ignored; a malformed value of a known parameter is a 400
 * naming it.
 */
public final class ListingRequestParser {
  /** The page size when {@code limit} is absent. */
  public static final int DEFAULT_LIMIT = 20;

  /** The largest {@code limit}. */
  public static final int MAX_LIMIT = Paging.MAX_LIMIT;

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

  /** The filter parameters {@link #filter} reads: every filter of API.md §7. */
  public static final List<String> FILTER_PARAMETERS =
      List.of(
          "q",
          "status",
          "type",
          "subtype",
          "subTypeText",
          "agent",
          "coListAgent",
          "salesAgent",
          "brokers",
          "specialListingConditions",
          "ownership",
          "minprice",
          "maxprice",
          "minarea",
          "maxarea",
          "minbaths",
          "maxbaths",
          "minbeds",
          "maxbeds",
          "maxdom",
          "minlistdate",
          "maxlistdate",
          "minyear",
          "maxyear",
          "minacres",
          "maxacres",
          "minGarageSpaces",
          "maxGarageSpaces",
          "postalCodes",
          "cities",
          "state",
          "counties",
          "neighborhoods",
          "features",
          "exteriorFeatures",
          "water",
          "points",
          IdxParam.NAME);

  /**
   * Every parameter {@link #parse} reads: the filters, {@code sort}, paging, {@code include} and
   * {@code count}. The endpoint adds {@code vendor}.
   */
  public static final List<String> PARAMETERS =
      Stream.concat(
              FILTER_PARAMETERS.stream(),
              Stream.concat(Stream.of("sort", Include.NAME), Paging.parameters(true).stream()))
          .toList();

  private static final Set<PropertyType> DEFAULT_TYPES =
      EnumSet.of(PropertyType.RES, PropertyType.CND, PropertyType.RNT);

  private final int offsetWindow;

  /**
   * @param offsetWindow the largest {@code offset} accepted; deeper pages must use {@code lastId}
   */
  public ListingRequestParser(int offsetWindow) {
    this.offsetWindow = offsetWindow;
  }

  /** The search request of {@code params}. */
  public ListingSearchRequest parse(Params params) {
    ListingFilter filter = filter(params);
    ListingSort sort = ListingSort.MODIFIED;
    boolean descending = true;
    Optional<String> sortValue = params.first("sort");
    if (sortValue.isPresent()) {
      String value = sortValue.get();
      descending = value.startsWith("-");
      sort =
          ParamValues.oneOf(
              "sort",
              value,
              v -> ListingSort.parse(v.startsWith("-") ? v.substring(1) : v),
              ListingSort.parameterValues());
    }
    Paging paging = Paging.parse(params, DEFAULT_LIMIT, offsetWindow, true);
    return new ListingSearchRequest(
        filter,
        sort,
        descending,
        paging.limit(),
        paging.offset(),
        paging.lastId(),
        Include.parse(params.values(Include.NAME)),
        paging.count());
  }

  /** The filters of {@code params}: every filter parameter of API.md §7. */
  public ListingFilter filter(Params params) {
    return new ListingFilter(
        ClauseBudget.texts(params, "q"),
        statuses(params),
        types(params),
        params.values("subtype").stream()
            .map(
                v ->
                    ParamValues.oneOf(
                        "subtype",
                        v,
                        s -> Optional.of(s.toLowerCase(Locale.ROOT)).filter(SUBTYPES::contains),
                        SUBTYPES))
            .toList(),
        params.values("subTypeText"),
        params.values("agent"),
        params.values("coListAgent"),
        params.values("salesAgent"),
        params.values("brokers"),
        params.values("specialListingConditions"),
        params.values("ownership"),
        range(params, "minprice", "maxprice", ParamValues::integerAsDouble),
        range(params, "minarea", "maxarea", ParamValues::integer),
        range(params, "minbaths", "maxbaths", ParamValues::decimal),
        range(params, "minbeds", "maxbeds", ParamValues::integer),
        params.first("maxdom").map(v -> ParamValues.integer("maxdom", v)),
        listDates(params),
        range(params, "minyear", "maxyear", ParamValues::integer),
        range(params, "minacres", "maxacres", ParamValues::decimal),
        range(params, "minGarageSpaces", "maxGarageSpaces", ParamValues::integerAsDouble),
        params.values("postalCodes"),
        params.values("cities"),
        params.values("state"),
        params.values("counties"),
        params.values("neighborhoods"),
        ClauseBudget.values(params, "features"),
        ClauseBudget.values(params, "exteriorFeatures"),
        ClauseBudget.values(params, "water"),
        params.values("points").isEmpty()
            ? Optional.empty()
            : Optional.of(PointsParser.parse(params.values("points"))),
        IdxParam.parse(params));
  }

  private static Set<Status> statuses(Params params) {
    List<String> values = params.values("status");
    if (values.isEmpty()) {
      return EnumSet.of(Status.Active);
    }
    Set<Status> statuses = EnumSet.noneOf(Status.class);
    for (String value : values) {
      statuses.add(ParamValues.oneOf("status", value, Status::parse, Status.names()));
    }
    return statuses;
  }

  private static Set<PropertyType> types(Params params) {
    List<String> values = params.values("type");
    if (values.isEmpty()) {
      return DEFAULT_TYPES;
    }
    Set<PropertyType> types = EnumSet.noneOf(PropertyType.class);
    for (String value : values) {
      types.addAll(
          ParamValues.oneOf("type", value, PropertyType::parse, PropertyType.parameterNames())
              .selectedByParameter());
    }
    return types;
  }

  private static Range<Instant> listDates(Params params) {
    return new Range<>(
        params
            .first("minlistdate")
            .map(v -> ParamValues.instant("minlistdate", v, false))
            .orElse(null),
        params
            .first("maxlistdate")
            .map(v -> ParamValues.instant("maxlistdate", v, true))
            .orElse(null));
  }

  private static <T extends Comparable<T>> Range<T> range(
      Params params, String minName, String maxName, BiFunction<String, String, T> parser) {
    return new Range<>(
        params.first(minName).map(v -> parser.apply(minName, v)).orElse(null),
        params.first(maxName).map(v -> parser.apply(maxName, v)).orElse(null));
  }
}

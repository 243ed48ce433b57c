package io.keybox.server.query;

import io.keybox.schema.listing.ListingFilters;
import io.keybox.schema.listing.ListingSort;
import java.util.List;
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

  /** The filter parameters {@link #filter} reads: every filter of API.md §7, by its row. */
  public static final List<String> FILTER_PARAMETERS = ListingFilters.TABLE.names();

  /**
   * Every parameter {@link #parse} reads: the filters, {@code sort}, paging, {@code include} and
   * {@code count}. The endpoint adds {@code vendor}.
   */
  public static final List<String> PARAMETERS =
      Stream.concat(
              FILTER_PARAMETERS.stream(),
              Stream.concat(Stream.of("sort", Include.NAME), Paging.parameters(true).stream()))
          .toList();

  /** The order without {@code sort}: the most recently modified first. */
  private static final SortParam<ListingSort> BY_DEFAULT =
      new SortParam<>(ListingSort.MODIFIED, true);

  private final int offsetWindow;

  /**
   * @param offsetWindow the largest {@code offset} accepted; deeper pages must use {@code lastId}
   */
  public ListingRequestParser(int offsetWindow) {
    this.offsetWindow = offsetWindow;
  }

  /** The search request of {@code params}. */
  public ListingSearchRequest parse(Params params) {
    FilterValues filter = filter(params);
    SortParam<ListingSort> sort =
        SortParam.parse(params, BY_DEFAULT, ListingSort::parse, ListingSort.parameterValues());
    Paging paging = Paging.parse(params, DEFAULT_LIMIT, offsetWindow, true);
    return new ListingSearchRequest(
        filter,
        sort.key(),
        sort.descending(),
        paging.limit(),
        paging.offset(),
        paging.lastId(),
        Include.parse(params.values(Include.NAME)),
        paging.count());
  }

  /** The filters of {@code params}: every filter parameter of API.md §7. */
  public FilterValues filter(Params params) {
    return FilterParser.parse(ListingFilters.TABLE, params);
  }
}

package io.keybox.server.query;

import io.keybox.schema.openhouse.OpenHouseFilters;
import io.keybox.schema.openhouse.OpenHouseSort;
import java.util.List;
import java.util.stream.Stream;

/**
 * Parses the parameters of {@code GET /openhouses} (API.md §10) into an {@link
 * OpenHouseSearchRequest}. Unknown parameters and empty values are ignored; a malformed value of a
 * known parameter is a 400 naming it. {@code type} and {@code agent} take one value (the first,
 * when repeated).
 */
public final class OpenHouseRequestParser {
  /** The page size when {@code limit} is absent. */
  public static final int DEFAULT_LIMIT = 12;

  /**
   * Every parameter {@link #parse} reads: the filters (by their rows), {@code sort}, {@code
   * include} and paging. The endpoint adds {@code vendor}.
   */
  public static final List<String> PARAMETERS =
      Stream.concat(
              OpenHouseFilters.TABLE.names().stream(),
              Stream.concat(Stream.of("sort", Include.NAME), Paging.parameters(true).stream()))
          .toList();

  /** The order without {@code sort}: the earliest start first. */
  private static final SortParam<OpenHouseSort> BY_DEFAULT =
      new SortParam<>(OpenHouseSort.STARTTIME, false);

  private final int offsetWindow;

  /**
   * @param offsetWindow the largest {@code offset} accepted; deeper pages must use {@code lastId}
   */
  public OpenHouseRequestParser(int offsetWindow) {
    this.offsetWindow = offsetWindow;
  }

  /** The search request of {@code params}. */
  public OpenHouseSearchRequest parse(Params params) {
    SortParam<OpenHouseSort> sort =
        SortParam.parse(params, BY_DEFAULT, OpenHouseSort::parse, OpenHouseSort.parameterValues());
    return new OpenHouseSearchRequest(
        FilterParser.parse(OpenHouseFilters.TABLE, params),
        sort.key(),
        sort.descending(),
        Paging.parse(params, DEFAULT_LIMIT, offsetWindow, true),
        Include.parse(params.values(Include.NAME)));
  }
}

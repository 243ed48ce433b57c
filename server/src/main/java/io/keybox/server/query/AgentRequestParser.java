package io.keybox.server.query;

import io.keybox.schema.agent.AgentFilters;
import java.util.List;
import java.util.stream.Stream;

/** Parses the parameters of {@code GET /agents} (API.md §11) into an {@link AgentSearchRequest}. */
public final class AgentRequestParser {
  /** The page size when {@code limit} is absent. */
  public static final int DEFAULT_LIMIT = 20;

  /**
   * Every parameter {@link #parse} reads: the filters (by their rows) and paging, without a cursor.
   * The endpoint adds {@code vendor}.
   */
  public static final List<String> PARAMETERS =
      Stream.concat(AgentFilters.TABLE.names().stream(), Paging.parameters(false).stream())
          .toList();

  private final int offsetWindow;

  /**
   * @param offsetWindow the largest {@code offset} accepted
   */
  public AgentRequestParser(int offsetWindow) {
    this.offsetWindow = offsetWindow;
  }

  /** The search request of {@code params}. */
  public AgentSearchRequest parse(Params params) {
    return new AgentSearchRequest(
        FilterParser.parse(AgentFilters.TABLE, params),
        Paging.parse(params, DEFAULT_LIMIT, offsetWindow, false));
  }
}

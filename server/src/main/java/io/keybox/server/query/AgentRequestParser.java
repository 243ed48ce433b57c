package io.keybox.server.query;

import io.keybox.schema.agent.AgentFields;
import io.keybox.schema.agent.AgentQueries;
import java.util.List;
import java.util.stream.Stream;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.Query;

/**
 * Parses the parameters of {@code GET /agents} (API.md §11) and turns the request into a Lucene
 * query through the schema's agent fields.
 */
public final class AgentRequestParser {
  /** The page size when {@code limit} is absent. */
  public static final int DEFAULT_LIMIT = 20;

  /** Every parameter {@link #parse} reads; the endpoint adds {@code vendor}. */
  public static final List<String> PARAMETERS =
      Stream.concat(Stream.of("name", "state", "q"), Paging.parameters(false).stream()).toList();

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
        ClauseBudget.text(params, "name"),
        params.values("state"),
        params.values("q"),
        Paging.parse(params, DEFAULT_LIMIT, offsetWindow, false));
  }

  /** The query matching exactly the agents {@code request} asks for. */
  public static Query query(AgentSearchRequest request) {
    BooleanQuery.Builder query = new BooleanQuery.Builder();
    query.add(AgentQueries.allAgents(), Occur.FILTER);
    request.name().ifPresent(name -> query.add(AgentQueries.nameMatches(name), Occur.FILTER));
    if (!request.states().isEmpty()) {
      query.add(AgentFields.STATE.anyOf(request.states()), Occur.FILTER);
    }
    if (!request.ids().isEmpty()) {
      query.add(AgentQueries.idOrEmail(request.ids()), Occur.FILTER);
    }
    return query.build();
  }
}

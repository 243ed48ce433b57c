package io.keybox.schema.agent;

import io.keybox.schema.RecordKind;
import java.util.List;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.Query;

/** Agent queries that combine fields or encode a rule of API.md §11. */
public final class AgentQueries {
  private AgentQueries() {}

  /** Every agent. */
  public static Query allAgents() {
    return RecordKind.AGENT.query();
  }

  /**
   * The {@code q} parameter: agents whose id or contact email equals any of {@code values}
   * (case-insensitive, whole value).
   */
  public static Query idOrEmail(List<String> values) {
    return new BooleanQuery.Builder()
        .add(AgentFields.ID.anyOf(values), Occur.SHOULD)
        .add(AgentFields.EMAIL.anyOf(values), Occur.SHOULD)
        .build();
  }
}

package io.keybox.server.search;

import io.keybox.schema.agent.AgentDocuments;
import io.keybox.schema.agent.AgentFields;
import io.keybox.server.error.InvalidRequestException;
import io.keybox.server.index.Snapshot;
import io.keybox.server.query.AgentSearchRequest;
import io.keybox.server.query.FilterQueryBuilder;
import io.keybox.server.search.exec.SortOrder;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.search.IndexSearcher;

/** Runs agent searches on a snapshot, in roster order. Stateless; safe for concurrent use. */
public final class AgentSearcher {
  /** One page of agents: their stored JSON. */
  public record AgentPage(List<byte[]> agents, PageHits hits) implements ResultPage {}

  /**
   * Searches {@code snapshot}.
   *
   * @throws InvalidRequestException {@code offset too high} when a page past the first is empty
   */
  public AgentPage search(Snapshot snapshot, AgentSearchRequest request) throws IOException {
    IndexSearcher searcher = snapshot.searcher();
    PageHits hits =
        Pager.page(
            searcher,
            FilterQueryBuilder.build(request.filter()),
            SortOrder.of(AgentFields.BY_NAME),
            Optional.empty(),
            request.paging());
    StoredFields stored = searcher.storedFields();
    List<byte[]> agents = new ArrayList<>(hits.docs().length);
    for (int doc : hits.docs()) {
      agents.add(AgentDocuments.load(stored, doc));
    }
    return new AgentPage(agents, hits);
  }
}

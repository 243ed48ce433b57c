package io.keybox.server.http.api;

import io.keybox.schema.listing.PhotoUrls;
import io.keybox.server.http.write.JsonBodies;
import io.keybox.server.http.write.Reply;
import io.keybox.server.query.AgentRequestParser;
import io.keybox.server.query.AgentSearchRequest;
import io.keybox.server.search.AgentSearcher;
import io.keybox.server.search.AgentSearcher.AgentPage;
import io.undertow.server.HttpServerExchange;
import java.io.IOException;

/**
 * Agents, for {@code GET /agents} (API.md §11): keys with the {@code agents} add-on only, which the
 * edge checks for every /agents path before routing (403 otherwise, before anything else is looked
 * at). No get.
 */
final class AgentResource extends SearchResource<AgentSearchRequest, AgentPage> {
  AgentResource(AgentRequestParser parser) {
    super(parser::parse, new AgentSearcher()::search);
  }

  @Override
  public Reply page(
      HttpServerExchange exchange, AgentSearchRequest request, AgentPage page, PhotoUrls photos)
      throws IOException {
    return JsonBodies.array(exchange, page.agents(), (out, agent) -> out.write(agent));
  }
}

package io.keybox.server.http.api;

import io.keybox.server.auth.Account;
import io.keybox.server.http.edge.Exchanges;
import io.keybox.server.http.write.JsonBodies;
import io.keybox.server.http.write.Reply;
import io.keybox.server.http.write.Responses;
import io.keybox.server.index.Lease;
import io.keybox.server.index.VendorIndexes;
import io.keybox.server.query.AgentRequestParser;
import io.keybox.server.query.AgentSearchRequest;
import io.keybox.server.query.Params;
import io.keybox.server.query.VendorParam;
import io.keybox.server.search.AgentSearcher;
import io.keybox.server.search.AgentSearcher.AgentPage;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.HttpString;
import java.util.Map;

/**
 * {@code GET /agents} (API.md §11), for keys with the {@code agents} add-on only (403 otherwise,
 * before anything else is looked at).
 */
final class AgentHandlers {
  private final VendorIndexes indexes;
  private final AgentRequestParser parser;
  private final AgentSearcher searcher = new AgentSearcher();
  private final BaseUrls baseUrls;

  AgentHandlers(VendorIndexes indexes, AgentRequestParser parser, BaseUrls baseUrls) {
    this.indexes = indexes;
    this.parser = parser;
    this.baseUrls = baseUrls;
  }

  Reply search(HttpServerExchange exchange) throws Exception {
    // The add-on itself is checked before routing, by AddonHandler, for every /agents path.
    Account account = Exchanges.account(exchange);
    Params params = Exchanges.params(exchange);
    String vendor = VendorParam.resolve(account, params);
    AgentSearchRequest request = parser.parse(params);
    try (Lease lease = indexes.lease(vendor)) {
      // Set first, so that an error found in the index (404, 400) carries it too.
      Responses.lastUpdate(exchange, lease.snapshot().refreshTime());
      AgentPage page = searcher.search(lease.snapshot(), request);
      Map<HttpString, String> links =
          PageLinks.headers(exchange, baseUrls, request.paging(), page.hits());
      return JsonBodies.array(exchange, page.agents(), (out, agent) -> out.write(agent))
          .with(links);
    }
  }
}

package io.keybox.server.http.api;

import io.keybox.schema.openhouse.OpenHouseSource;
import io.keybox.server.http.edge.Exchanges;
import io.keybox.server.http.write.JsonBodies;
import io.keybox.server.http.write.Reply;
import io.keybox.server.http.write.Responses;
import io.keybox.server.index.Lease;
import io.keybox.server.index.VendorIndexes;
import io.keybox.server.query.Include;
import io.keybox.server.query.Lookup;
import io.keybox.server.query.OpenHouseRequestParser;
import io.keybox.server.query.OpenHouseSearchRequest;
import io.keybox.server.query.ParamValues;
import io.keybox.server.query.Params;
import io.keybox.server.query.VendorParam;
import io.keybox.server.search.OpenHouseSearcher;
import io.keybox.server.search.OpenHouseSearcher.OpenHousePage;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.HttpString;
import java.util.Map;

/**
 * {@code GET /openhouses} and {@code GET /openhouses/{openHouseKey}} (API.md §10): parse, lease the
 * vendor's snapshot for the whole request, search, and write the stored bytes, each open house with
 * its listing embedded.
 */
final class OpenHouseHandlers {
  private final VendorIndexes indexes;
  private final OpenHouseRequestParser parser;
  private final OpenHouseSearcher searcher = new OpenHouseSearcher();
  private final BaseUrls baseUrls;

  OpenHouseHandlers(VendorIndexes indexes, OpenHouseRequestParser parser, BaseUrls baseUrls) {
    this.indexes = indexes;
    this.parser = parser;
    this.baseUrls = baseUrls;
  }

  Reply search(HttpServerExchange exchange) throws Exception {
    Params params = Exchanges.params(exchange);
    String vendor = VendorParam.resolve(Exchanges.account(exchange), params);
    OpenHouseSearchRequest request = parser.parse(params);
    Include include = request.include();
    try (Lease lease = indexes.lease(vendor)) {
      // Set first, so that an error found in the index (404, 400) carries it too.
      Responses.lastUpdate(exchange, lease.snapshot().refreshTime());
      OpenHousePage page = searcher.search(lease.snapshot(), request);
      Map<HttpString, String> links =
          PageLinks.headers(exchange, baseUrls, request.paging(), page.hits());
      return JsonBodies.array(
              exchange,
              page.openHouses(),
              (out, openHouse) -> openHouse.writeTo(out, include.rooms(), include.compliance()))
          .with(links);
    }
  }

  Reply get(HttpServerExchange exchange) throws Exception {
    Params params = Exchanges.params(exchange);
    String vendor = VendorParam.resolve(Exchanges.account(exchange), params);
    long key = ParamValues.integer("openHouseKey", exchange.getAttachment(Router.PATH_VARIABLE));
    Lookup lookup = Lookup.parse(params);
    Include include = lookup.include();
    try (Lease lease = indexes.lease(vendor)) {
      Responses.lastUpdate(exchange, lease.snapshot().refreshTime());
      OpenHouseSource openHouse = searcher.get(lease.snapshot(), key, lookup.idx(), include);
      return JsonBodies.write(
          exchange, out -> openHouse.writeTo(out, include.rooms(), include.compliance()));
    }
  }
}

package io.keybox.server.http.api;

import io.keybox.schema.listing.IdxRule;
import io.keybox.server.http.edge.Exchanges;
import io.keybox.server.http.write.JsonBodies;
import io.keybox.server.http.write.Reply;
import io.keybox.server.http.write.Responses;
import io.keybox.server.index.Lease;
import io.keybox.server.index.VendorIndexes;
import io.keybox.server.query.AnalyticsRequestParser;
import io.keybox.server.query.FilterValues;
import io.keybox.server.query.IdxParam;
import io.keybox.server.query.ParamValues;
import io.keybox.server.query.Params;
import io.keybox.server.query.VendorParam;
import io.keybox.server.search.ListingComparison;
import io.keybox.server.search.ListingStats;
import io.keybox.server.search.MarketAnalytics;
import io.keybox.server.search.MarketStats;
import io.undertow.server.HttpServerExchange;

/**
 * {@code GET /properties/analytics} and {@code GET /properties/{mlsId}/analytics} (API.md §9), each
 * on one leased snapshot.
 */
final class AnalyticsHandlers {
  private final VendorIndexes indexes;
  private final AnalyticsRequestParser parser;
  private final MarketAnalytics market = new MarketAnalytics();
  private final ListingComparison comparison = new ListingComparison();

  AnalyticsHandlers(VendorIndexes indexes, AnalyticsRequestParser parser) {
    this.indexes = indexes;
    this.parser = parser;
  }

  Reply market(HttpServerExchange exchange) throws Exception {
    Params params = Exchanges.params(exchange);
    String vendor = VendorParam.resolve(Exchanges.account(exchange), params);
    FilterValues filter = parser.filter(params);
    try (Lease lease = indexes.lease(vendor)) {
      // Set first, so that an error found in the index (404, 400) carries it too.
      Responses.lastUpdate(exchange, lease.snapshot().refreshTime());
      MarketStats stats = market.compute(lease.snapshot(), filter);
      return JsonBodies.send(exchange, AnalyticsJson.market(stats));
    }
  }

  Reply listing(HttpServerExchange exchange) throws Exception {
    Params params = Exchanges.params(exchange);
    String vendor = VendorParam.resolve(Exchanges.account(exchange), params);
    long mlsId = ParamValues.integer("mlsId", exchange.getAttachment(Router.PATH_VARIABLE));
    IdxRule idx = IdxParam.parse(params);
    try (Lease lease = indexes.lease(vendor)) {
      Responses.lastUpdate(exchange, lease.snapshot().refreshTime());
      ListingStats stats = comparison.compare(lease.snapshot(), mlsId, idx);
      return JsonBodies.send(exchange, AnalyticsJson.listing(stats));
    }
  }
}

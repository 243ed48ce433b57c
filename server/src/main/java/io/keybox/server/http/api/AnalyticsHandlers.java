package io.keybox.server.http.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.keybox.schema.listing.IdxRule;
import io.keybox.server.http.cache.CacheableRequest;
import io.keybox.server.http.cache.ResponseCache;
import io.keybox.server.http.edge.Exchanges;
import io.keybox.server.http.write.JsonBodies;
import io.keybox.server.http.write.Reply;
import io.keybox.server.http.write.Responses;
import io.keybox.server.index.Lease;
import io.keybox.server.index.Snapshot;
import io.keybox.server.index.VendorIndexes;
import io.keybox.server.query.AnalyticsRequestParser;
import io.keybox.server.query.FilterValues;
import io.keybox.server.query.IdxParam;
import io.keybox.server.query.ParamValues;
import io.keybox.server.query.Params;
import io.keybox.server.query.VendorParam;
import io.keybox.server.search.ListingComparison;
import io.keybox.server.search.MarketAnalytics;
import io.undertow.server.HttpServerExchange;
import java.io.IOException;
import java.util.Optional;

/**
 * {@code GET /properties/analytics} and {@code GET /properties/{mlsId}/analytics} (API.md §9), each
 * on one leased snapshot, answered from the {@link ResponseCache} when it holds the request for
 * that snapshot.
 */
final class AnalyticsHandlers {
  private final VendorIndexes indexes;
  private final AnalyticsRequestParser parser;
  private final ResponseCache cache;
  private final MarketAnalytics market = new MarketAnalytics();
  private final ListingComparison comparison = new ListingComparison();

  /** The market's analytics, as the cache tells requests apart. */
  private record Market(FilterValues filter) implements CacheableRequest {}

  /** A listing's analytics, as the cache tells requests apart. */
  private record Listing(long mlsId, IdxRule idx) implements CacheableRequest {}

  AnalyticsHandlers(VendorIndexes indexes, AnalyticsRequestParser parser, ResponseCache cache) {
    this.indexes = indexes;
    this.parser = parser;
    this.cache = cache;
  }

  Reply market(HttpServerExchange exchange) throws Exception {
    Params params = Exchanges.params(exchange);
    String vendor = VendorParam.resolve(Exchanges.account(exchange), params);
    FilterValues filter = parser.filter(params);
    return answer(
        exchange,
        vendor,
        new Market(filter),
        snapshot -> AnalyticsJson.market(market.compute(snapshot, filter)));
  }

  Reply listing(HttpServerExchange exchange) throws Exception {
    Params params = Exchanges.params(exchange);
    String vendor = VendorParam.resolve(Exchanges.account(exchange), params);
    long mlsId = ParamValues.integer("mlsId", exchange.getAttachment(Router.PATH_VARIABLE));
    IdxRule idx = IdxParam.parse(params);
    return answer(
        exchange,
        vendor,
        new Listing(mlsId, idx),
        snapshot -> AnalyticsJson.listing(comparison.compare(snapshot, mlsId, idx)));
  }

  /** A JSON body computed on a snapshot. */
  @FunctionalInterface
  private interface Analysis {
    JsonNode compute(Snapshot snapshot) throws IOException;
  }

  /**
   * The reply to {@code request} on {@code vendor}'s leased snapshot: kept, or computed by {@code
   * analysis} and sent as JSON. {@code X-Service-LastUpdate} is set first, so that an error found
   * in the index (404, 400) carries it too.
   */
  private Reply answer(
      HttpServerExchange exchange, String vendor, CacheableRequest request, Analysis analysis)
      throws IOException {
    try (Lease lease = indexes.lease(vendor)) {
      Snapshot snapshot = lease.snapshot();
      Responses.lastUpdate(exchange, snapshot.refreshTime());
      return cache
          .reply(
              snapshot,
              request,
              Exchanges.mediaType(exchange),
              () ->
                  new ResponseCache.Entry(
                      JsonBodies.send(exchange, analysis.compute(snapshot)), Optional.empty()))
          .reply();
    }
  }
}

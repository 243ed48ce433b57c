package io.keybox.server.http.api;

import io.keybox.schema.listing.IdxRule;
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
import io.keybox.server.search.ListingStats;
import io.keybox.server.search.MarketAnalytics;
import io.keybox.server.search.MarketStats;
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

  /** The request of a listing's analytics, as the cache tells requests apart. */
  private record ListingRequest(long mlsId, IdxRule idx) {}

  /** A reply computed on a snapshot. */
  @FunctionalInterface
  private interface Computation {
    Reply compute(Snapshot snapshot) throws IOException;
  }

  AnalyticsHandlers(VendorIndexes indexes, AnalyticsRequestParser parser, ResponseCache cache) {
    this.indexes = indexes;
    this.parser = parser;
    this.cache = cache;
  }

  Reply market(HttpServerExchange exchange) throws Exception {
    Params params = Exchanges.params(exchange);
    String vendor = VendorParam.resolve(Exchanges.account(exchange), params);
    FilterValues filter = parser.filter(params);
    try (Lease lease = indexes.lease(vendor)) {
      // Set first, so that an error found in the index (404, 400) carries it too.
      Responses.lastUpdate(exchange, lease.snapshot().refreshTime());
      if (!cache.enabled()) {
        return market(exchange, lease.snapshot(), filter);
      }
      return cached(
          exchange,
          lease.snapshot(),
          "GET /properties/analytics",
          filter,
          snapshot -> market(exchange, snapshot, filter));
    }
  }

  Reply listing(HttpServerExchange exchange) throws Exception {
    Params params = Exchanges.params(exchange);
    String vendor = VendorParam.resolve(Exchanges.account(exchange), params);
    long mlsId = ParamValues.integer("mlsId", exchange.getAttachment(Router.PATH_VARIABLE));
    IdxRule idx = IdxParam.parse(params);
    try (Lease lease = indexes.lease(vendor)) {
      Responses.lastUpdate(exchange, lease.snapshot().refreshTime());
      if (!cache.enabled()) {
        return listing(exchange, lease.snapshot(), mlsId, idx);
      }
      return cached(
          exchange,
          lease.snapshot(),
          "GET /properties/{mlsId}/analytics",
          new ListingRequest(mlsId, idx),
          snapshot -> listing(exchange, snapshot, mlsId, idx));
    }
  }

  private Reply market(HttpServerExchange exchange, Snapshot snapshot, FilterValues filter)
      throws IOException {
    MarketStats stats = market.compute(snapshot, filter);
    return JsonBodies.send(exchange, AnalyticsJson.market(stats));
  }

  private Reply listing(HttpServerExchange exchange, Snapshot snapshot, long mlsId, IdxRule idx)
      throws IOException {
    ListingStats stats = comparison.compare(snapshot, mlsId, idx);
    return JsonBodies.send(exchange, AnalyticsJson.listing(stats));
  }

  /**
   * The cached reply to {@code request} on {@code snapshot}, or the one {@code computation} makes
   * (then kept); the cache must be enabled.
   */
  private Reply cached(
      HttpServerExchange exchange,
      Snapshot snapshot,
      String endpoint,
      Object request,
      Computation computation)
      throws IOException {
    ResponseCache.Key key = cache.key(snapshot, endpoint, request, Exchanges.mediaType(exchange));
    Optional<ResponseCache.Entry> hit = cache.get(key);
    if (hit.isPresent()) {
      return hit.get().reply();
    }
    ResponseCache.Entry entry =
        new ResponseCache.Entry(computation.compute(snapshot), Optional.empty());
    cache.put(key, entry);
    return entry.reply();
  }
}

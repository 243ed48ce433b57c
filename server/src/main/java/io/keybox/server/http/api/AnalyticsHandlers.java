package io.keybox.server.http.api;

import io.keybox.schema.listing.IdxRule;
import io.keybox.server.http.cache.CacheableRequest;
import io.keybox.server.http.cache.ResponseCache;
import io.keybox.server.http.edge.Exchanges;
import io.keybox.server.http.write.Reply;
import io.keybox.server.index.VendorIndexes;
import io.keybox.server.query.AnalyticsRequestParser;
import io.keybox.server.query.FilterValues;
import io.keybox.server.query.IdxParam;
import io.keybox.server.query.ParamValues;
import io.keybox.server.query.Params;
import io.keybox.server.search.ListingComparison;
import io.keybox.server.search.MarketAnalytics;
import io.undertow.server.HttpServerExchange;

/**
 * {@code GET /properties/analytics} and {@code GET /properties/{mlsId}/analytics} (API.md §9), each
 * on one leased snapshot, answered from the {@link ResponseCache} when it holds the request for
 * that snapshot.
 */
final class AnalyticsHandlers {
  private final AnalyticsRequestParser parser;
  private final CachedJsonAnswers answers;
  private final MarketAnalytics market = new MarketAnalytics();
  private final ListingComparison comparison = new ListingComparison();

  /** The market's analytics, as the cache tells requests apart. */
  private record Market(FilterValues filter) implements CacheableRequest {}

  /** A listing's analytics, as the cache tells requests apart. */
  private record Listing(long mlsId, IdxRule idx) implements CacheableRequest {}

  AnalyticsHandlers(VendorIndexes indexes, AnalyticsRequestParser parser, ResponseCache cache) {
    this.parser = parser;
    this.answers = new CachedJsonAnswers(indexes, cache);
  }

  Reply market(HttpServerExchange exchange) throws Exception {
    Params params = Exchanges.params(exchange);
    FilterValues filter = parser.filter(params);
    return answers.answer(
        exchange,
        params,
        new Market(filter),
        snapshot -> AnalyticsJson.market(market.compute(snapshot, filter)));
  }

  Reply listing(HttpServerExchange exchange) throws Exception {
    Params params = Exchanges.params(exchange);
    long mlsId = ParamValues.integer("mlsId", exchange.getAttachment(Router.PATH_VARIABLE));
    IdxRule idx = IdxParam.parse(params);
    return answers.answer(
        exchange,
        params,
        new Listing(mlsId, idx),
        snapshot -> AnalyticsJson.listing(comparison.compare(snapshot, mlsId, idx)));
  }
}

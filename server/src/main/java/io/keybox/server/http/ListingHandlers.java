package io.keybox.server.http;

import io.keybox.schema.listing.IdxRule;
import io.keybox.schema.listing.ListingSource;
import io.keybox.server.index.Lease;
import io.keybox.server.index.VendorIndexes;
import io.keybox.server.query.Include;
import io.keybox.server.query.ListingRequestParser;
import io.keybox.server.query.ListingSearchRequest;
import io.keybox.server.query.ParamValues;
import io.keybox.server.query.Params;
import io.keybox.server.query.VendorParam;
import io.keybox.server.search.ListingPage;
import io.keybox.server.search.ListingSearcher;
import io.undertow.server.HttpServerExchange;

/**
 * {@code GET /properties} and {@code GET /properties/{mlsId}}: parse, lease the vendor's snapshot
 * for the whole request, search, and write the stored bytes.
 */
final class ListingHandlers {
  private final VendorIndexes indexes;
  private final ListingRequestParser parser;
  private final ListingSearcher searcher = new ListingSearcher();

  ListingHandlers(VendorIndexes indexes, ListingRequestParser parser) {
    this.indexes = indexes;
    this.parser = parser;
  }

  void search(HttpServerExchange exchange) throws Exception {
    Params params = Params.parse(exchange.getQueryString());
    String vendor = VendorParam.resolve(Exchanges.account(exchange), params);
    ListingSearchRequest request = parser.parse(params);
    try (Lease lease = indexes.lease(vendor)) {
      ListingPage page = searcher.search(lease.snapshot(), request);
      Responses.lastUpdate(exchange, lease.snapshot().refreshTime());
      page.total()
          .ifPresent(
              total ->
                  exchange.getResponseHeaders().put(Responses.TOTAL_COUNT, Long.toString(total)));
      Responses.listings(exchange, page.listings(), request.include());
    }
  }

  void get(HttpServerExchange exchange) throws Exception {
    Params params = Params.parse(exchange.getQueryString());
    String vendor = VendorParam.resolve(Exchanges.account(exchange), params);
    long mlsId = ParamValues.integer("mlsId", exchange.getAttachment(Router.PATH_VARIABLE));
    IdxRule idx =
        params
            .first("idx")
            .map(v -> ParamValues.oneOf("idx", v, IdxRule::parse, IdxRule.parameterValues()))
            .orElse(IdxRule.NULL);
    Include include = Include.parse(params.values("include"));
    try (Lease lease = indexes.lease(vendor)) {
      ListingSource listing = searcher.get(lease.snapshot(), mlsId, idx, include);
      Responses.lastUpdate(exchange, lease.snapshot().refreshTime());
      Responses.listing(exchange, listing, include);
    }
  }
}

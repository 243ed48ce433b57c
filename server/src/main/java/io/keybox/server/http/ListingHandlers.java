package io.keybox.server.http;

import io.keybox.schema.listing.ListingSource;
import io.keybox.server.index.Lease;
import io.keybox.server.index.VendorIndexes;
import io.keybox.server.query.ListingRequestParser;
import io.keybox.server.query.ListingSearchRequest;
import io.keybox.server.query.Lookup;
import io.keybox.server.query.ParamValues;
import io.keybox.server.query.Params;
import io.keybox.server.query.VendorParam;
import io.keybox.server.search.ListingPage;
import io.keybox.server.search.ListingSearcher;
import io.undertow.server.HttpServerExchange;
import java.util.Map;

/**
 * {@code GET /properties} and {@code GET /properties/{mlsId}}: parse, lease the vendor's snapshot
 * for the whole request, search, and write the stored bytes.
 */
final class ListingHandlers {
  private final VendorIndexes indexes;
  private final ListingRequestParser parser;
  private final ListingSearcher searcher = new ListingSearcher();
  private final BaseUrls baseUrls;

  ListingHandlers(VendorIndexes indexes, ListingRequestParser parser, BaseUrls baseUrls) {
    this.indexes = indexes;
    this.parser = parser;
    this.baseUrls = baseUrls;
  }

  void search(HttpServerExchange exchange) throws Exception {
    Params params = Exchanges.params(exchange);
    String vendor = VendorParam.resolve(Exchanges.account(exchange), params);
    ListingSearchRequest request = parser.parse(params);
    try (Lease lease = indexes.lease(vendor)) {
      ListingPage page = searcher.search(lease.snapshot(), request);
      Responses.lastUpdate(exchange, lease.snapshot().refreshTime());
      page.total()
          .ifPresent(
              total ->
                  exchange.getResponseHeaders().put(Responses.TOTAL_COUNT, Long.toString(total)));
      LinkHeader links = links(exchange, request, page);
      if (!links.isEmpty()) {
        exchange.getResponseHeaders().put(Responses.LINK, links.value());
      }
      Responses.listings(exchange, page.listings(), request.include());
    }
  }

  /** The prev and next links of {@code page} (API.md §7, "Link header"). */
  private LinkHeader links(
      HttpServerExchange exchange, ListingSearchRequest request, ListingPage page) {
    LinkHeader links =
        new LinkHeader(baseUrls.of(exchange), exchange.getRequestPath(), exchange.getQueryString());
    String limit = Integer.toString(request.limit());
    if (request.lastId().isPresent()) {
      page.previousLastId()
          .ifPresent(
              prev -> links.add("prev", Map.of("lastId", Long.toString(prev), "limit", limit)));
      if (page.hasMore()) {
        long last = page.mlsIds().get(page.mlsIds().size() - 1);
        links.add("next", Map.of("lastId", Long.toString(last), "limit", limit));
      }
    } else {
      if (request.offset() > 0) {
        int prev = Math.max(0, request.offset() - request.limit());
        links.add("prev", Map.of("offset", Integer.toString(prev), "limit", limit));
      }
      if (page.hasMore()) {
        links.add(
            "next",
            Map.of("offset", Integer.toString(request.offset() + request.limit()), "limit", limit));
      }
    }
    return links;
  }

  void get(HttpServerExchange exchange) throws Exception {
    Params params = Exchanges.params(exchange);
    String vendor = VendorParam.resolve(Exchanges.account(exchange), params);
    long mlsId = ParamValues.integer("mlsId", exchange.getAttachment(Router.PATH_VARIABLE));
    Lookup lookup = Lookup.parse(params);
    try (Lease lease = indexes.lease(vendor)) {
      ListingSource listing = searcher.get(lease.snapshot(), mlsId, lookup.idx(), lookup.include());
      Responses.lastUpdate(exchange, lease.snapshot().refreshTime());
      Responses.listing(exchange, listing, lookup.include());
    }
  }
}

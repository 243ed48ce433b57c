package io.keybox.server.http.api;

import io.keybox.schema.listing.ListingSource;
import io.keybox.server.http.edge.Exchanges;
import io.keybox.server.http.write.JsonBodies;
import io.keybox.server.http.write.Reply;
import io.keybox.server.http.write.Responses;
import io.keybox.server.index.Lease;
import io.keybox.server.index.VendorIndexes;
import io.keybox.server.query.Include;
import io.keybox.server.query.ListingRequestParser;
import io.keybox.server.query.ListingSearchRequest;
import io.keybox.server.query.Lookup;
import io.keybox.server.query.ParamValues;
import io.keybox.server.query.Params;
import io.keybox.server.query.VendorParam;
import io.keybox.server.search.ListingPage;
import io.keybox.server.search.ListingSearcher;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.HttpString;
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

  Reply search(HttpServerExchange exchange) throws Exception {
    Params params = Exchanges.params(exchange);
    String vendor = VendorParam.resolve(Exchanges.account(exchange), params);
    ListingSearchRequest request = parser.parse(params);
    try (Lease lease = indexes.lease(vendor)) {
      // Set first, so that an error found in the index (404, 400) carries it too.
      Responses.lastUpdate(exchange, lease.snapshot().refreshTime());
      ListingPage page = searcher.search(lease.snapshot(), request);
      Map<HttpString, String> links =
          PageLinks.headers(exchange, baseUrls, request.paging(), page.hits());
      Include include = request.include();
      return JsonBodies.array(
              exchange,
              page.listings(),
              (out, listing) -> listing.writeTo(out, include.rooms(), include.compliance()))
          .with(links);
    }
  }

  Reply get(HttpServerExchange exchange) throws Exception {
    Params params = Exchanges.params(exchange);
    String vendor = VendorParam.resolve(Exchanges.account(exchange), params);
    long mlsId = ParamValues.integer("mlsId", exchange.getAttachment(Router.PATH_VARIABLE));
    Lookup lookup = Lookup.parse(params);
    try (Lease lease = indexes.lease(vendor)) {
      Responses.lastUpdate(exchange, lease.snapshot().refreshTime());
      ListingSource listing = searcher.get(lease.snapshot(), mlsId, lookup.idx(), lookup.include());
      Include include = lookup.include();
      return JsonBodies.write(
          exchange, out -> listing.writeTo(out, include.rooms(), include.compliance()));
    }
  }
}

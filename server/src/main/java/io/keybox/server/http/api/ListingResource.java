package io.keybox.server.http.api;

import io.keybox.schema.listing.ListingSource;
import io.keybox.schema.listing.PhotoUrls;
import io.keybox.server.http.write.JsonBodies;
import io.keybox.server.http.write.Reply;
import io.keybox.server.index.Snapshot;
import io.keybox.server.query.Include;
import io.keybox.server.query.ListingRequestParser;
import io.keybox.server.query.ListingSearchRequest;
import io.keybox.server.query.Lookup;
import io.keybox.server.search.ListingPage;
import io.keybox.server.search.ListingSearcher;
import io.undertow.server.HttpServerExchange;
import java.io.IOException;

/** Listings, for {@code GET /properties} and {@code GET /properties/{mlsId}}. */
final class ListingResource extends SearchResource<ListingSearchRequest, ListingPage> {
  /** Stateless, shared by the search and the get. */
  private static final ListingSearcher SEARCHER = new ListingSearcher();

  ListingResource(ListingRequestParser parser) {
    super(parser::parse, SEARCHER::search);
  }

  @Override
  public Reply page(
      HttpServerExchange exchange, ListingSearchRequest request, ListingPage page, PhotoUrls photos)
      throws IOException {
    Include include = request.include();
    return JsonBodies.array(
        exchange,
        page.listings(),
        (out, listing) -> listing.writeTo(out, include.rooms(), include.compliance(), photos));
  }

  @Override
  public JsonBodies.Body get(Snapshot snapshot, long mlsId, Lookup lookup, PhotoUrls photos)
      throws IOException {
    Include include = lookup.include();
    ListingSource listing = SEARCHER.get(snapshot, mlsId, lookup.idx(), include);
    return out -> listing.writeTo(out, include.rooms(), include.compliance(), photos);
  }
}

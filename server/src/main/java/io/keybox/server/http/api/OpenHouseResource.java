package io.keybox.server.http.api;

import io.keybox.schema.listing.PhotoUrls;
import io.keybox.schema.openhouse.OpenHouseSource;
import io.keybox.server.http.write.JsonBodies;
import io.keybox.server.http.write.Reply;
import io.keybox.server.index.Snapshot;
import io.keybox.server.query.Include;
import io.keybox.server.query.Lookup;
import io.keybox.server.query.OpenHouseRequestParser;
import io.keybox.server.query.OpenHouseSearchRequest;
import io.keybox.server.search.OpenHouseSearcher;
import io.keybox.server.search.OpenHouseSearcher.OpenHousePage;
import io.undertow.server.HttpServerExchange;
import java.io.IOException;

/**
 * Open houses, each with its listing embedded, for {@code GET /openhouses} and {@code GET
 * /openhouses/{openHouseKey}} (API.md §10).
 */
final class OpenHouseResource extends SearchResource<OpenHouseSearchRequest, OpenHousePage> {
  /** Stateless, shared by the search and the get. */
  private static final OpenHouseSearcher SEARCHER = new OpenHouseSearcher();

  OpenHouseResource(OpenHouseRequestParser parser) {
    super(parser::parse, SEARCHER::search);
  }

  @Override
  public Reply page(
      HttpServerExchange exchange,
      OpenHouseSearchRequest request,
      OpenHousePage page,
      PhotoUrls photos)
      throws IOException {
    Include include = request.include();
    return JsonBodies.array(
        exchange,
        page.openHouses(),
        (out, openHouse) -> openHouse.writeTo(out, include.rooms(), include.compliance(), photos));
  }

  @Override
  public JsonBodies.Body get(Snapshot snapshot, long key, Lookup lookup, PhotoUrls photos)
      throws IOException {
    Include include = lookup.include();
    OpenHouseSource openHouse = SEARCHER.get(snapshot, key, lookup.idx(), include);
    return out -> openHouse.writeTo(out, include.rooms(), include.compliance(), photos);
  }
}

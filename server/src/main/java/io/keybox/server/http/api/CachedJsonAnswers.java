package io.keybox.server.http.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.keybox.server.http.cache.CacheableRequest;
import io.keybox.server.http.cache.ResponseCache;
import io.keybox.server.http.edge.Exchanges;
import io.keybox.server.http.write.JsonBodies;
import io.keybox.server.http.write.Reply;
import io.keybox.server.http.write.Responses;
import io.keybox.server.index.Lease;
import io.keybox.server.index.Snapshot;
import io.keybox.server.index.VendorIndexes;
import io.keybox.server.query.Params;
import io.keybox.server.query.VendorParam;
import io.undertow.server.HttpServerExchange;
import java.io.IOException;
import java.util.Optional;

/**
 * Answers whose body is one JSON document computed on a vendor's snapshot (the analytics, the
 * clusters): each on one leased snapshot, answered from the {@link ResponseCache} when it holds the
 * request for that snapshot.
 */
final class CachedJsonAnswers {
  /** A JSON body computed on a snapshot. */
  @FunctionalInterface
  interface Computation {
    JsonNode compute(Snapshot snapshot) throws IOException;
  }

  private final VendorIndexes indexes;
  private final ResponseCache cache;

  CachedJsonAnswers(VendorIndexes indexes, ResponseCache cache) {
    this.indexes = indexes;
    this.cache = cache;
  }

  /**
   * The reply to {@code request} on the leased snapshot of the vendor {@code params} name (the
   * key's own when they name none): kept, or computed by {@code computation} and sent as JSON.
   * {@code X-Service-LastUpdate} is set first, so that an error found in the index (404, 400)
   * carries it too.
   */
  Reply answer(
      HttpServerExchange exchange, Params params, CacheableRequest request, Computation computation)
      throws IOException {
    String vendor = VendorParam.resolve(Exchanges.account(exchange), params);
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
                      JsonBodies.send(exchange, computation.compute(snapshot)), Optional.empty()))
          .reply();
    }
  }
}

package io.keybox.server.http.api;

import io.keybox.server.http.edge.Exchanges;
import io.keybox.server.http.write.JsonBodies;
import io.keybox.server.http.write.Reply;
import io.keybox.server.http.write.Responses;
import io.keybox.server.index.Lease;
import io.keybox.server.index.Snapshot;
import io.keybox.server.index.VendorIndexes;
import io.keybox.server.query.Lookup;
import io.keybox.server.query.Paging;
import io.keybox.server.query.ParamValues;
import io.keybox.server.query.Params;
import io.keybox.server.query.VendorParam;
import io.keybox.server.search.PageHits;
import io.undertow.server.HttpServerExchange;
import java.io.IOException;
import java.util.Optional;

/**
 * The search and get handlers of one resource (listings, open houses, agents), written once:
 * resolve the vendor, parse, lease the vendor's snapshot for the whole request, set {@code
 * X-Service-LastUpdate} (first, so that an error found in the index, 404 or 400, carries it too),
 * search, and answer the stored bytes: a page as a JSON array with its {@code Link} and {@code
 * X-Total-Count} headers, or one record. What differs is the {@link Resource}.
 *
 * @param <Q> the resource's search request
 * @param <P> its page of results
 */
final class ResourceHandlers<Q, P> {
  /** What one resource's search and get are. */
  interface Resource<Q, P> {
    /** The search request in {@code params}; throws the domain's 400. */
    Q parse(Params params);

    /** The page of {@code request} in {@code snapshot}. */
    P search(Snapshot snapshot, Q request) throws IOException;

    Paging paging(Q request);

    PageHits hits(P page);

    /** The page's records as the JSON array of the reply. */
    Reply page(HttpServerExchange exchange, Q request, P page) throws IOException;

    /**
     * The record {@code key} as it is written, when the resource has a get; throws the domain's 404
     * when there is none the lookup may see.
     */
    default JsonBodies.Body get(Snapshot snapshot, long key, Lookup lookup) throws IOException {
      throw new UnsupportedOperationException("no get for this resource");
    }
  }

  private final VendorIndexes indexes;
  private final BaseUrls baseUrls;
  private final Resource<Q, P> resource;
  private final Optional<String> keyName;

  /**
   * @param keyName the name of the path variable {@link #get} reads (in messages), when the
   *     resource has a get
   */
  ResourceHandlers(
      VendorIndexes indexes, BaseUrls baseUrls, Resource<Q, P> resource, Optional<String> keyName) {
    this.indexes = indexes;
    this.baseUrls = baseUrls;
    this.resource = resource;
    this.keyName = keyName;
  }

  Reply search(HttpServerExchange exchange) throws Exception {
    Params params = Exchanges.params(exchange);
    String vendor = VendorParam.resolve(Exchanges.account(exchange), params);
    Q request = resource.parse(params);
    try (Lease lease = indexes.lease(vendor)) {
      Responses.lastUpdate(exchange, lease.snapshot().refreshTime());
      P page = resource.search(lease.snapshot(), request);
      return resource
          .page(exchange, request, page)
          .with(
              PageLinks.headers(exchange, baseUrls, resource.paging(request), resource.hits(page)));
    }
  }

  Reply get(HttpServerExchange exchange) throws Exception {
    String name = keyName.orElseThrow(() -> new IllegalStateException("no get route"));
    Params params = Exchanges.params(exchange);
    String vendor = VendorParam.resolve(Exchanges.account(exchange), params);
    long key = ParamValues.integer(name, exchange.getAttachment(Router.PATH_VARIABLE));
    Lookup lookup = Lookup.parse(params);
    try (Lease lease = indexes.lease(vendor)) {
      Responses.lastUpdate(exchange, lease.snapshot().refreshTime());
      return JsonBodies.write(exchange, resource.get(lease.snapshot(), key, lookup));
    }
  }
}

package io.keybox.server.http.api;

import io.keybox.schema.listing.PhotoUrls;
import io.keybox.server.http.cache.CacheableRequest;
import io.keybox.server.http.cache.ResponseCache;
import io.keybox.server.http.edge.Exchanges;
import io.keybox.server.http.write.JsonBodies;
import io.keybox.server.http.write.Reply;
import io.keybox.server.http.write.Responses;
import io.keybox.server.index.Lease;
import io.keybox.server.index.Snapshot;
import io.keybox.server.index.VendorIndexes;
import io.keybox.server.query.Lookup;
import io.keybox.server.query.PagedRequest;
import io.keybox.server.query.ParamValues;
import io.keybox.server.query.Params;
import io.keybox.server.query.VendorParam;
import io.keybox.server.search.ResultPage;
import io.undertow.server.HttpServerExchange;
import java.io.IOException;
import java.util.Optional;

/**
 * The search and get handlers of one resource (listings, open houses, agents), written once:
 * resolve the vendor, parse, lease the vendor's snapshot for the whole request, set {@code
 * X-Service-LastUpdate} (first, so that an error found in the index, 404 or 400, carries it too),
 * search, and answer the stored bytes: a page as a JSON array with its {@code Link} and {@code
 * X-Total-Count} headers, or one record. What differs is the {@link Resource}. Both answer a
 * repeated request from the {@link ResponseCache} when it holds it for the leased snapshot; a
 * page's {@code Link} header is built per request all the same, from this request's URL.
 *
 * @param <Q> the resource's search request
 * @param <P> its page of results
 */
final class ResourceHandlers<Q extends PagedRequest, P extends ResultPage> {
  /** What one resource's search and get are. */
  interface Resource<Q extends PagedRequest, P extends ResultPage> {
    /** The search request in {@code params}; throws the domain's 400. */
    Q parse(Params params);

    /** The page of {@code request} in {@code snapshot}. */
    P search(Snapshot snapshot, Q request) throws IOException;

    /**
     * The page's records as the JSON array of the reply, mirrored photos written as {@code photos}
     * says.
     */
    Reply page(HttpServerExchange exchange, Q request, P page, PhotoUrls photos) throws IOException;

    /**
     * The record {@code key} as it is written, when the resource has a get; throws the domain's 404
     * when there is none the lookup may see.
     */
    default JsonBodies.Body get(Snapshot snapshot, long key, Lookup lookup, PhotoUrls photos)
        throws IOException {
      throw new UnsupportedOperationException("no get for this resource");
    }
  }

  private final VendorIndexes indexes;
  private final BaseUrls baseUrls;
  private final PhotoLinks photoUrls;
  private final Resource<Q, P> resource;
  private final Optional<String> keyName;
  private final ResponseCache cache;
  private final String getEndpoint;

  /**
   * A search, as the cache tells requests apart: each resource's request is its own type; the
   * photos' URLs differ with the base URL, which may be the request's own host.
   */
  private record Search<Q>(Q request, PhotoUrls photos) implements CacheableRequest {}

  /** A get, as the cache tells requests apart. */
  private record Get(String endpoint, long key, Lookup lookup, PhotoUrls photos)
      implements CacheableRequest {}

  /**
   * @param path the route of the search, e.g. {@code /properties} (the get's adds the key)
   * @param keyName the name of the path variable {@link #get} reads (in messages), when the
   *     resource has a get
   */
  ResourceHandlers(
      VendorIndexes indexes,
      BaseUrls baseUrls,
      PhotoLinks photoUrls,
      ResponseCache cache,
      Resource<Q, P> resource,
      String path,
      Optional<String> keyName) {
    this.indexes = indexes;
    this.baseUrls = baseUrls;
    this.photoUrls = photoUrls;
    this.cache = cache;
    this.resource = resource;
    this.keyName = keyName;
    this.getEndpoint = keyName.map(name -> "GET " + path + "/{" + name + "}").orElse("no get");
  }

  Reply search(HttpServerExchange exchange) throws Exception {
    Params params = Exchanges.params(exchange);
    String vendor = VendorParam.resolve(Exchanges.account(exchange), params);
    Q request = resource.parse(params);
    PhotoUrls photos = photoUrls.of(exchange, vendor);
    try (Lease lease = indexes.lease(vendor)) {
      Responses.lastUpdate(exchange, lease.snapshot().refreshTime());
      ResponseCache.Entry entry =
          cache.reply(
              lease.snapshot(),
              new Search<>(request, photos),
              Exchanges.mediaType(exchange),
              () -> {
                P page = resource.search(lease.snapshot(), request);
                return new ResponseCache.Entry(
                    resource.page(exchange, request, page, photos),
                    Optional.of(ResponseCache.Page.of(request.paging(), page.hits())));
              });
      ResponseCache.Page facts = entry.page().orElseThrow();
      // Built per request: the links echo this request's base URL, path and query as sent.
      return entry
          .reply()
          .with(PageLinks.headers(exchange, baseUrls, facts.paging(), facts.hits()));
    }
  }

  Reply get(HttpServerExchange exchange) throws Exception {
    String name = keyName.orElseThrow(() -> new IllegalStateException("no get route"));
    Params params = Exchanges.params(exchange);
    String vendor = VendorParam.resolve(Exchanges.account(exchange), params);
    long key = ParamValues.integer(name, exchange.getAttachment(Router.PATH_VARIABLE));
    Lookup lookup = Lookup.parse(params);
    PhotoUrls photos = photoUrls.of(exchange, vendor);
    try (Lease lease = indexes.lease(vendor)) {
      Responses.lastUpdate(exchange, lease.snapshot().refreshTime());
      return cache
          .reply(
              lease.snapshot(),
              new Get(getEndpoint, key, lookup, photos),
              Exchanges.mediaType(exchange),
              () ->
                  new ResponseCache.Entry(
                      JsonBodies.write(
                          exchange, resource.get(lease.snapshot(), key, lookup, photos)),
                      Optional.empty()))
          .reply();
    }
  }
}

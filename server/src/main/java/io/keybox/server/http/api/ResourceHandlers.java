package io.keybox.server.http.api;

import io.keybox.server.http.cache.ResponseCache;
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
 * X-Total-Count} headers, or one record. What differs is the {@link Resource}. Both answer a
 * repeated request from the {@link ResponseCache} when it holds it for the leased snapshot; a
 * page's {@code Link} header is built per request all the same, from this request's URL.
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
  private final ResponseCache cache;
  private final String searchEndpoint;
  private final String getEndpoint;

  /** The request of a get, as the cache tells requests apart. */
  private record GetRequest(long key, Lookup lookup) {}

  /**
   * @param path the route of the search, e.g. {@code /properties} (the get's adds the key)
   * @param keyName the name of the path variable {@link #get} reads (in messages), when the
   *     resource has a get
   */
  ResourceHandlers(
      VendorIndexes indexes,
      BaseUrls baseUrls,
      ResponseCache cache,
      Resource<Q, P> resource,
      String path,
      Optional<String> keyName) {
    this.indexes = indexes;
    this.baseUrls = baseUrls;
    this.cache = cache;
    this.resource = resource;
    this.keyName = keyName;
    this.searchEndpoint = "GET " + path;
    this.getEndpoint = keyName.map(name -> "GET " + path + "/{" + name + "}").orElse("no get");
  }

  Reply search(HttpServerExchange exchange) throws Exception {
    Params params = Exchanges.params(exchange);
    String vendor = VendorParam.resolve(Exchanges.account(exchange), params);
    Q request = resource.parse(params);
    try (Lease lease = indexes.lease(vendor)) {
      Responses.lastUpdate(exchange, lease.snapshot().refreshTime());
      if (!cache.enabled()) {
        P page = resource.search(lease.snapshot(), request);
        return resource
            .page(exchange, request, page)
            .with(
                PageLinks.headers(
                    exchange, baseUrls, resource.paging(request), resource.hits(page)));
      }
      ResponseCache.Key key =
          cache.key(lease.snapshot(), searchEndpoint, request, Exchanges.mediaType(exchange));
      ResponseCache.Entry entry = cache.get(key).orElse(null);
      if (entry == null) {
        P page = resource.search(lease.snapshot(), request);
        entry =
            new ResponseCache.Entry(
                resource.page(exchange, request, page),
                Optional.of(ResponseCache.Page.of(resource.paging(request), resource.hits(page))));
        cache.put(key, entry);
      }
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
    try (Lease lease = indexes.lease(vendor)) {
      Responses.lastUpdate(exchange, lease.snapshot().refreshTime());
      if (!cache.enabled()) {
        return JsonBodies.write(exchange, resource.get(lease.snapshot(), key, lookup));
      }
      ResponseCache.Key cacheKey =
          cache.key(
              lease.snapshot(),
              getEndpoint,
              new GetRequest(key, lookup),
              Exchanges.mediaType(exchange));
      Optional<ResponseCache.Entry> hit = cache.get(cacheKey);
      if (hit.isPresent()) {
        return hit.get().reply();
      }
      ResponseCache.Entry entry =
          new ResponseCache.Entry(
              JsonBodies.write(exchange, resource.get(lease.snapshot(), key, lookup)),
              Optional.empty());
      cache.put(cacheKey, entry);
      return entry.reply();
    }
  }
}

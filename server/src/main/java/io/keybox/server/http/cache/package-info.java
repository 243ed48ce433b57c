/**
 * The response cache of repeated identical API requests ({@code keybox serve --response-cache}):
 * {@link io.keybox.server.http.cache.ResponseCache} keeps whole 200 replies of the search, get and
 * analytics endpoints, each belonging to one snapshot of one vendor, bounded in bytes, and reports
 * its hits, misses, bytes and entries to {@code /-/metrics}. Handlers ask through its one method
 * {@code reply}, naming the request by an endpoint's {@link
 * io.keybox.server.http.cache.CacheableRequest} record. The handlers of {@code http.api} look a
 * request up after authentication, rate limiting, add-on checks and admission, once they hold the
 * vendor's snapshot, so a hit is answered from the snapshot the request leased and never another.
 *
 * <p>Depends on Caffeine, {@code http.write} (the {@link io.keybox.server.http.write.Reply} it
 * keeps), the edge's media types ({@code http.edge}), {@code index} (snapshots), {@code query} and
 * {@code search} (the paging facts a page's links are rebuilt from), and the Prometheus client's
 * model. Not on Undertow beyond the header names a {@code Reply} carries.
 */
package io.keybox.server.http.cache;

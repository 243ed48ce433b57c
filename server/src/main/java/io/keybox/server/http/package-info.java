/**
 * The HTTP server, the only part of Keybox that imports Undertow or XNIO (here and in the
 * subpackages): {@link io.keybox.server.http.KeyboxServer} wires the handler chain and starts it
 * with its configuration ({@link io.keybox.server.http.ServerConfig}, {@link
 * io.keybox.server.http.Limits}, {@link io.keybox.server.http.AdminListener}). The work is in five
 * subpackages:
 *
 * <ul>
 *   <li>{@code transport}: the connector, and the conduit that turns Undertow's own 4xx into JSON
 *       errors;
 *   <li>{@code edge}: admission, the one error mapper, auth, rate limit, CORS, URL and header
 *       limits, ops gate, access log, request metrics, media types;
 *   <li>{@code api}: router, routes, the search/get handlers of each resource, metadata, analytics,
 *       ops endpoints;
 *   <li>{@code write}: buffering a response and sending it without blocking, the JSON writer, the
 *       error body;
 *   <li>{@code cache}: the response cache of repeated identical requests, per snapshot.
 * </ul>
 *
 * <p>Handler chain, outermost first: metrics (every request, by route template and status) →
 * admission on the IO thread (concurrency cap, short queue, 503) → dispatch to a worker with the
 * body buffered (Lucene and the slow hash block; slow readers hold no thread) → gzip (its
 * Accept-Encoding normalised first) → common headers, request id, access log and error mapping →
 * header count (431) → the operational endpoints under {@code /-/} (the ops gate: no credentials,
 * loopback or admin listener only) → URL length → CORS → authentication (cached credentials first,
 * failed-login budget) → the key's rate limit (RateLimit headers, 429) → add-ons → routes (the
 * search, get and analytics handlers answer a repeated request from the response cache once they
 * hold the vendor's snapshot; gzip, outside, compresses each sent copy). An optional admin listener
 * serves only the operational endpoints ({@link io.keybox.server.http.Operations}).
 *
 * <p>Depends on every other server package, Undertow and Jackson; the subpackages may read this
 * package's configuration records.
 */
package io.keybox.server.http;

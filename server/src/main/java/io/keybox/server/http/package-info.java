/**
 * The HTTP edge, and the only package that imports Undertow: the listening socket, admission,
 * routing (404 and 405 with {@code Allow}), authentication, rate limits, media types, error mapping
 * (every {@link io.keybox.server.error.ApiException} and every unexpected failure become a JSON
 * error in {@link io.keybox.server.http.EdgeHandler}, in one place), access logging, and writing
 * responses from stored bytes.
 *
 * <p>Connection, before any handler: {@link io.keybox.server.http.transport.Connector} binds HTTP,
 * or HTTPS with HTTP/2 by ALPN; under each HTTP/1.1 connection {@link
 * io.keybox.server.http.transport.JsonErrorConduit} turns the bare 400s of Undertow's parser and
 * Host check into JSON errors (431 for a head past the limit, as {@link
 * io.keybox.server.http.transport.RequestStartConduit} counts).
 *
 * <p>Handler chain, outermost first: metrics (every request, by route template and status) →
 * admission on the IO thread (concurrency cap, short queue, 503) → dispatch to a worker with the
 * body buffered (Lucene and the slow hash block; slow readers hold no thread) → gzip (its
 * Accept-Encoding normalised first) → common headers, request id, access log and error mapping →
 * header count (431) → the operational endpoints under {@code /-/} ({@link
 * io.keybox.server.http.OpsGate}: no credentials, loopback or admin listener only) → URL length →
 * CORS → authentication (cached credentials first, failed-login budget) → the key's rate limit
 * (RateLimit headers, 429) → add-ons → routes. An optional admin listener serves only the
 * operational endpoints.
 *
 * <p>Depends on every other server package, Undertow and Jackson.
 */
package io.keybox.server.http;

/**
 * The HTTP edge, and the only package that imports Undertow: bootstrap, routing (404 and 405 with
 * {@code Allow}), authentication, media types, error mapping (every {@link
 * io.keybox.server.error.ApiException} and every unexpected failure become a JSON error here, in
 * one place), access logging, and writing responses from stored bytes.
 *
 * <p>Handler chain, outermost first: metrics (every request, by route template and status) →
 * dispatch off the IO thread (Lucene and the slow hash block) → gzip → common headers, request id,
 * access log and error mapping → the operational endpoints under {@code /-/} ({@link
 * io.keybox.server.http.OpsGate}: no credentials, loopback or admin listener only) → CORS →
 * authentication → routes. An optional admin listener serves only the operational endpoints.
 *
 * <p>Depends on every other server package, Undertow and Jackson.
 */
package io.keybox.server.http;

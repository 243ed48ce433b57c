/**
 * The HTTP edge, and the only package that imports Undertow: bootstrap, routing (404 and 405 with
 * {@code Allow}), authentication, media types, error mapping (every {@link
 * io.keybox.server.error.ApiException} and every unexpected failure become a JSON error here, in
 * one place), access logging, and writing responses from stored bytes.
 *
 * <p>Handler chain, outermost first: dispatch off the IO thread (Lucene and the slow hash block) →
 * common headers, request id, access log and error mapping → authentication → routes.
 *
 * <p>Depends on every other server package, Undertow and Jackson.
 */
package io.keybox.server.http;

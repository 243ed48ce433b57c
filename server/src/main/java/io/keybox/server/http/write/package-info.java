/**
 * Writing responses: {@link io.keybox.server.http.write.BufferedResponse} collects a handler's body
 * in memory and sends it without blocking once the handler is done (slow readers hold no thread;
 * every response has a {@code Content-Length}; an error found half-way still gets a clean JSON
 * answer); {@link io.keybox.server.http.write.JsonBodies} is the one JSON writer of 200 bodies,
 * listings, open houses and agents alike, from their stored bytes; {@link
 * io.keybox.server.http.write.Responses} writes the error body of API.md §3 and the common headers.
 *
 * <p>Depends on Undertow, Jackson, and the edge's negotiated media type ({@code http.edge}).
 */
package io.keybox.server.http.write;

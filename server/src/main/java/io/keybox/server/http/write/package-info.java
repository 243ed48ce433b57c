/**
 * Writing responses: a handler returns a {@link io.keybox.server.http.write.Reply} value and {@link
 * io.keybox.server.http.write.ReplySender} is the one place that sends it, without blocking, from
 * the thread {@code SendThread} chooses (slow readers hold no thread; every response has a {@code
 * Content-Length}); {@link io.keybox.server.http.write.BufferedResponse} is the blocking side of an
 * exchange for Undertow's own handlers, their body collected in memory and sent the same way;
 * {@link io.keybox.server.http.write.JsonBodies} is the one JSON writer of 200 bodies, listings,
 * open houses and agents alike, from their stored bytes; {@link
 * io.keybox.server.http.write.Responses} writes the error body of API.md §3 and the common headers.
 *
 * <p>Depends on Undertow, Jackson, and the edge's negotiated media type ({@code http.edge}).
 */
package io.keybox.server.http.write;

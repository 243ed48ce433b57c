/**
 * The socket side of the HTTP server, below any handler: {@link
 * io.keybox.server.http.transport.Connector} binds HTTP, or HTTPS with HTTP/2 by ALPN; {@link
 * io.keybox.server.http.transport.AdminServer} is the admin listener's own small server. Under each
 * HTTP/1.1 connection {@link io.keybox.server.http.transport.JsonErrorConduit} turns the bare 400s
 * of Undertow's parser and Host check into JSON errors (431 for a head past the limit, as {@link
 * io.keybox.server.http.transport.RequestStartConduit} counts), without parsing a byte.
 *
 * <p>Depends on Undertow and XNIO, the server's configuration records ({@code
 * io.keybox.server.http}), the edge's access log and request ids ({@code http.edge}) and the error
 * body ({@code http.write}); nothing depends on it but {@link io.keybox.server.http.KeyboxServer}.
 */
package io.keybox.server.http.transport;

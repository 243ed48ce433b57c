/**
 * What every request passes before and around its route: admission on the IO thread ({@link
 * io.keybox.server.http.edge.AdmissionHandler}: concurrency cap, short queue, 503), request
 * metrics, gzip negotiation, the common headers, request id and access log, and the one error
 * mapper ({@link io.keybox.server.http.edge.EdgeHandler}: an {@link
 * io.keybox.server.error.ApiException} becomes its status, a domain {@link
 * io.keybox.server.error.RequestException} the status of its type, anything else a 500 with a
 * request id), header count (431), the ops gate, URL length (414), CORS, authentication, the key's
 * rate limit and add-ons; media types and what the chain attaches to an exchange ({@link
 * io.keybox.server.http.edge.Exchanges}).
 *
 * <p>Depends on Undertow, the server's configuration records ({@code io.keybox.server.http}),
 * {@code auth}, {@code limit}, {@code metrics}, {@code error}, {@code query.Params}, the response
 * writer ({@code http.write}). Never on {@code http.api}, which uses the edge: a router is seen
 * through {@link io.keybox.server.http.edge.RouteTemplates}, the ops endpoints through the handler
 * and paths {@link io.keybox.server.http.edge.OpsGate} is given.
 */
package io.keybox.server.http.edge;

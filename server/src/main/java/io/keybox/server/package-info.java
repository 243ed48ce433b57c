/**
 * The Keybox server: a read-only HTTP JSON API over per-vendor index snapshots. {@link
 * io.keybox.server.Server#start} with its {@link io.keybox.server.ServerOptions} is the entry point
 * the {@code keybox serve} command (the app module) calls; the server has no command line of its
 * own.
 *
 * <p>Packages, outermost first: {@code http} (Undertow, the only package that imports it), {@code
 * auth} (accounts and credentials), {@code limit} (rate limits, failed-login budget and admission,
 * without HTTP types), {@code tls} (certificates and keys for HTTPS), {@code query} (parameters to
 * validated requests, and requests to Lucene queries through the schema module), {@code search}
 * (runs a request on one snapshot), {@code index} (snapshot managers), {@code replica} (a query
 * node following an object store through the store module), {@code mirror} (the photo mirror's
 * counts, read from the media catalog), {@code metrics} (Prometheus counters, histograms and gauges
 * in plain Java), {@code error} (the exception every layer throws for a client error).
 */
package io.keybox.server;

/**
 * The RESO Web API replication client behind {@code keybox pull}: it reads a vendor's Property,
 * OpenHouse and Member resources ({@link io.keybox.indexer.pull.Resource}) from an MLS's OData
 * service, and the listings' photos ({@code $expand=Media}, or the Media resource: {@link
 * io.keybox.indexer.pull.MediaSource}), and stages them as gzip NDJSON dumps for the builder.
 *
 * <ul>
 *   <li>{@link io.keybox.indexer.pull.VendorPull}: the whole sequence (plan, pull, index, record
 *       the high-water marks, publish) with the index run and the publication injected.
 *   <li>{@link io.keybox.indexer.pull.Puller}: pages as OData defines it ({@link
 *       io.keybox.indexer.pull.Paging}), checks the records received against {@code
 *       @odata.count}, and resumes an interrupted pull from its {@code PullCheckpoint}; {@code
 *       ListingMediaRead} completes an incremental pull's photos by listing key.
 *   <li>{@link io.keybox.indexer.pull.ResoHttp}: OAuth2 client credentials or a bearer token, a
 *       request-rate cap, Retry-After and backoff on 429, 5xx and failed connections.
 *   <li>{@link io.keybox.indexer.pull.PullState}: a mark per resource, written durably only after
 *       the index published.
 * </ul>
 *
 * <p>It never writes an index itself. Depends on the JDK's {@code java.net.http} client, Jackson,
 * {@code build.FeedDumps}/{@code build.VendorLayout} and {@code progress}. Secrets (the client
 * secret, tokens) live in {@link io.keybox.indexer.pull.Credentials} and the request headers only:
 * no message, log line or {@code toString} carries them.
 */
package io.keybox.indexer.pull;

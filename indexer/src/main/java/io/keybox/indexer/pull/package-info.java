/**
 * The RESO Web API replication client behind {@code keybox pull}: it reads a vendor's Property,
 * OpenHouse and Member resources from an MLS's OData service (OAuth2 client credentials or a bearer
 * token; full, or incremental by ModificationTimestamp; {@code @odata.nextLink} paging; 429 and 503
 * honoured through Retry-After; a request-rate cap) and writes them as gzip NDJSON dumps into the
 * vendor's staging folder ({@link io.keybox.indexer.pull.Puller}). It never writes an index itself:
 * the caller hands the dumps to {@code build.VendorIndexBuilder} and records the high-water mark
 * ({@link io.keybox.indexer.pull.PullState}) only once that build has published.
 *
 * <p>Depends on the JDK's {@code java.net.http} client, Jackson and {@code build.FeedDumps}.
 * Secrets (the client secret, tokens) live in {@link io.keybox.indexer.pull.Credentials} and the
 * request headers only: no message, log line or {@code toString} carries them.
 */
package io.keybox.indexer.pull;

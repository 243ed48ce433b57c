/**
 * The OpenSearch peer: a single-node OpenSearch 3 started as a child JVM from Maven Central
 * artifacts only (its classpath resolved by Maven apart from the bench's, so its Lucene never meets
 * Keybox's), explicit mappings of the fields the mix filters, sorts and aggregates on (listings,
 * and open houses with their listing's fields), the feed bulk-loaded, refreshed and force-merged,
 * and each request translated to the equivalent search body and sent over HTTP by the bench's own
 * client. Depends on {@code load}, {@code mix}, {@code keybox} (the HTTP client and child JVM
 * helpers), the schema, the indexer's feed reader and id map, the server's {@code query} package,
 * its {@code HistogramBucket} and {@code WebMercatorTile} (the same buckets and tiles), and
 * Jackson; never on OpenSearch's own classes.
 */
package io.keybox.bench.opensearch;

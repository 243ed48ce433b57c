/**
 * The raw Lucene peer: the server's own parser and query builder on an {@code IndexSearcher} over
 * the same index, in-process, without HTTP or JSON; the limit the server approaches. Depends on
 * {@code load}, {@code mix}, the schema, the server's {@code query} package and Lucene.
 */
package io.keybox.bench.lucene;

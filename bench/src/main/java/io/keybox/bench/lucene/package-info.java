/**
 * The raw Lucene peer: the server's own parser and query builder on an {@code IndexSearcher} over
 * the same index, in-process, without HTTP or JSON; the limit the server approaches. Also the
 * indexing limit: the schema's documents written by an {@code IndexWriter} alone ({@link
 * io.keybox.bench.lucene.LuceneIndexing}). Depends on {@code load}, {@code mix}, the schema, the
 * server's {@code query} package, the indexer's writer settings and Lucene.
 */
package io.keybox.bench.lucene;

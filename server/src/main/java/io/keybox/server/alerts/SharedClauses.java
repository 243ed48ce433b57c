package io.keybox.server.alerts;

import org.apache.lucene.index.IndexReader;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.LRUQueryCache;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.QueryCachingPolicy;

/**
 * A searcher over one matching's small index ({@link ChangedListingsIndex}) that keeps every clause
 * of every search it runs as the set of documents the clause matches, so that the clauses many
 * saved searches share (the records and status every {@code /properties} query starts with, a key's
 * IDX rule, a city, a bedroom count, a price band) are looked up in the index once per matching
 * instead of once per search. A search is then mostly the intersection of a few bit sets of a few
 * thousand documents.
 *
 * <p>Lucene's own {@link LRUQueryCache}, set up for this index rather than for a serving one: every
 * leaf is cached (the default leaves out segments under 10,000 documents, and this index is one
 * such segment), every clause is cached the first time it is used (the default waits until a clause
 * is seen several times, and never caches a term's clause, each cheap in a large index but not
 * worth its lookup here), and a clause is cached whatever its cost against the search's other
 * clauses. The cache lives as long as the matching's searcher and is bounded: a bit set of this
 * index takes {@code documents / 8} bytes, so {@value #MAX_CLAUSES} of them for the 5,000 documents
 * of a large commit take about 6 MB.
 */
final class SharedClauses implements QueryCachingPolicy {
  /** The most clauses kept: more distinct clauses than searches in any matching measured. */
  static final int MAX_CLAUSES = 10_000;

  /** The most bytes the kept clauses take. */
  static final long MAX_BYTES = 64L << 20;

  private SharedClauses() {}

  /**
   * A searcher of {@code reader} whose clauses are kept for the searches after: one per matching,
   * shared by its threads (the cache is thread-safe; a thread that finds it busy computes the
   * clause itself).
   */
  static IndexSearcher searcher(IndexReader reader) {
    IndexSearcher searcher = new IndexSearcher(reader);
    searcher.setQueryCache(
        new LRUQueryCache(MAX_CLAUSES, MAX_BYTES, leaf -> true, Float.POSITIVE_INFINITY));
    searcher.setQueryCachingPolicy(new SharedClauses());
    return searcher;
  }

  @Override
  public void onUse(Query query) {
    // Every clause is cached on its first use: nothing to count.
  }

  @Override
  public boolean shouldCache(Query query) {
    return true;
  }
}

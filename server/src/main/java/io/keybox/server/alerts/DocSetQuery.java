package io.keybox.server.alerts;

import java.util.Arrays;
import java.util.Collection;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.ConstantScoreScorer;
import org.apache.lucene.search.ConstantScoreWeight;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.QueryVisitor;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.ScorerSupplier;
import org.apache.lucene.search.Weight;

/**
 * Matches a fixed set of documents of one reader, given by their top-level ids: a commit's changed
 * listings, found once, then met with each saved search's query. As a FILTER clause it leads the
 * conjunction (its cost is the set's size), so each search visits only those documents.
 *
 * <p>NOTE: valid only on the reader the ids were found in, hence never cached.
 */
final class DocSetQuery extends Query {
  private final int[] docs;

  /**
   * Computed once: each search's query is built and rewritten around this one, and hashing the
   * whole set again each time was a tenth of matching's time in the alerts bench's profile.
   */
  private final int hash;

  DocSetQuery(Collection<Integer> docs) {
    this.docs = docs.stream().mapToInt(Integer::intValue).sorted().distinct().toArray();
    this.hash = classHash() * 31 + Arrays.hashCode(this.docs);
  }

  @Override
  public Weight createWeight(IndexSearcher searcher, ScoreMode scoreMode, float boost) {
    return new ConstantScoreWeight(this, boost) {
      @Override
      public ScorerSupplier scorerSupplier(LeafReaderContext context) {
        int base = context.docBase;
        int from = lowerBound(base);
        int to = lowerBound(base + context.reader().maxDoc());
        if (from == to) {
          return null;
        }
        int[] leaf = new int[to - from];
        for (int i = 0; i < leaf.length; i++) {
          leaf[i] = docs[from + i] - base;
        }
        float score = score();
        return new ScorerSupplier() {
          @Override
          public Scorer get(long leadCost) {
            return new ConstantScoreScorer(score, scoreMode, iterator(leaf));
          }

          @Override
          public long cost() {
            return leaf.length;
          }
        };
      }

      @Override
      public boolean isCacheable(LeafReaderContext ctx) {
        return false;
      }
    };
  }

  private int lowerBound(int doc) {
    int at = Arrays.binarySearch(docs, doc);
    return at >= 0 ? at : -at - 1;
  }

  private static DocIdSetIterator iterator(int[] docs) {
    return new DocIdSetIterator() {
      private int index = -1;
      private int doc = -1;

      @Override
      public int docID() {
        return doc;
      }

      @Override
      public int nextDoc() {
        index++;
        doc = index < docs.length ? docs[index] : NO_MORE_DOCS;
        return doc;
      }

      @Override
      public int advance(int target) {
        do {
          index++;
        } while (index < docs.length && docs[index] < target);
        doc = index < docs.length ? docs[index] : NO_MORE_DOCS;
        return doc;
      }

      @Override
      public long cost() {
        return docs.length;
      }
    };
  }

  @Override
  public void visit(QueryVisitor visitor) {
    visitor.visitLeaf(this);
  }

  @Override
  public String toString(String field) {
    return "DocSetQuery(" + docs.length + " docs)";
  }

  @Override
  public boolean equals(Object other) {
    return sameClassAs(other)
        && hash == ((DocSetQuery) other).hash
        && Arrays.equals(docs, ((DocSetQuery) other).docs);
  }

  @Override
  public int hashCode() {
    return hash;
  }
}

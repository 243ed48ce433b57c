package io.keybox.schema.field;

import java.io.IOException;
import java.util.List;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.PostingsEnum;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.util.Bits;

/**
 * The documents of one term, found without a query: a seek in each segment's term dictionary and a
 * walk of its postings. A lookup by key pays no rewrite, weight or scorer: on the 200k-listing
 * bench index those were most of a single listing's lookup through {@code IndexSearcher.search}.
 */
public final class TermDocs {
  private TermDocs() {}

  /**
   * The first live document of {@code reader} (its id in {@code reader}) holding {@code term}, or
   * -1 when none does.
   */
  public static int firstLive(IndexReader reader, Term term) throws IOException {
    for (LeafReaderContext leaf : reader.leaves()) {
      PostingsEnum postings = postings(leaf, term);
      if (postings == null) {
        continue;
      }
      Bits live = leaf.reader().getLiveDocs();
      for (int doc = postings.nextDoc();
          doc != DocIdSetIterator.NO_MORE_DOCS;
          doc = postings.nextDoc()) {
        if (live == null || live.get(doc)) {
          return leaf.docBase + doc;
        }
      }
    }
    return -1;
  }

  /**
   * Whether document {@code doc} of {@code reader} (its id in {@code reader}) holds {@code term}.
   */
  public static boolean holds(IndexReader reader, int doc, Term term) throws IOException {
    List<LeafReaderContext> leaves = reader.leaves();
    LeafReaderContext leaf = leaves.get(ReaderUtil.subIndex(doc, leaves));
    PostingsEnum postings = postings(leaf, term);
    int inLeaf = doc - leaf.docBase;
    return postings != null && postings.advance(inLeaf) == inLeaf;
  }

  /** The postings of {@code term} in {@code leaf}, or null when it holds none. */
  private static PostingsEnum postings(LeafReaderContext leaf, Term term) throws IOException {
    Terms terms = leaf.reader().terms(term.field());
    if (terms == null) {
      return null;
    }
    TermsEnum termsEnum = terms.iterator();
    return termsEnum.seekExact(term.bytes()) ? termsEnum.postings(null, PostingsEnum.NONE) : null;
  }
}

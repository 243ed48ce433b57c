package io.keybox.indexer.media;

import io.keybox.schema.listing.ListingFields;
import io.keybox.schema.listing.ListingQueries;
import java.io.IOException;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.MultiTerms;
import org.apache.lucene.index.PostingsEnum;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.Weight;
import org.apache.lucene.util.Bits;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.FixedBitSet;

/**
 * The mirrored photos a commit shows to the public: the digest of each photo that at least one
 * listing whose IDX rules allow display shows ({@link ListingQueries#displayableListings}), each
 * once, in digest order. These are the photos {@code GET /media} serves from that commit, and so
 * those a publication of it uploads:
 *
 * <pre>{@code
 * try (DirectoryReader commit = DirectoryReader.open(dir)) {
 *   CommitPhotos.each(commit, digest -> upload(digest));
 * }
 * }</pre>
 *
 * <p>Reads the photo field's terms over the whole index, one pass, against a bit set of the
 * displayable listings: memory is one bit per document, whatever the number of photos.
 */
public final class CommitPhotos {
  private CommitPhotos() {}

  /** Where {@link #each} hands the digests. */
  @FunctionalInterface
  public interface DigestSink {
    void digest(String digest) throws IOException;
  }

  /**
   * Hands {@code sink} the digest of every photo a displayable listing of {@code reader} shows.
   *
   * @throws IOException from the index or from {@code sink}
   */
  public static void each(IndexReader reader, DigestSink sink) throws IOException {
    Terms terms = MultiTerms.getTerms(reader, ListingFields.PHOTO.name());
    if (terms == null) {
      return; // no listing has a mirrored photo
    }
    FixedBitSet shown = displayable(reader);
    TermsEnum digests = terms.iterator();
    PostingsEnum listings = null;
    for (BytesRef digest = digests.next(); digest != null; digest = digests.next()) {
      listings = digests.postings(listings, PostingsEnum.NONE);
      for (int doc = listings.nextDoc();
          doc != DocIdSetIterator.NO_MORE_DOCS;
          doc = listings.nextDoc()) {
        if (shown.get(doc)) {
          sink.digest(digest.utf8ToString());
          break;
        }
      }
    }
  }

  /** The live, displayable listings of {@code reader}, by their index-wide document number. */
  private static FixedBitSet displayable(IndexReader reader) throws IOException {
    FixedBitSet shown = new FixedBitSet(Math.max(1, reader.maxDoc()));
    IndexSearcher searcher = new IndexSearcher(reader);
    searcher.setQueryCache(null); // one pass: nothing to reuse
    Weight weight =
        searcher.createWeight(
            searcher.rewrite(ListingQueries.displayableListings()),
            ScoreMode.COMPLETE_NO_SCORES,
            1f);
    for (LeafReaderContext leaf : reader.leaves()) {
      Scorer scorer = weight.scorer(leaf);
      if (scorer == null) {
        continue;
      }
      Bits live = leaf.reader().getLiveDocs();
      DocIdSetIterator docs = scorer.iterator();
      for (int doc = docs.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = docs.nextDoc()) {
        if (live == null || live.get(doc)) {
          shown.set(leaf.docBase + doc);
        }
      }
    }
    return shown;
  }
}

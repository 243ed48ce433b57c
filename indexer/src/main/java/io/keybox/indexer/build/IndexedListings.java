package io.keybox.indexer.build;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.schema.listing.ListingDocuments;
import io.keybox.schema.listing.ListingQueries;
import io.keybox.schema.listing.ListingRecord;
import io.keybox.schema.reso.ResoPropertyRecord;
import io.keybox.schema.shape.InvalidRecordException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.LongStream;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;

/**
 * The listings of the commit an incremental run started from ({@link StartingCommit}), for open
 * houses of the run that name a listing its dump lacks: the listing the index already holds is
 * joined as it is, unless the run removed it. A full run has none: its dump is the whole state.
 */
final class IndexedListings {
  private final IndexSearcher searcher;
  private final ListingDocuments documents;
  private long[] removed = new long[0];
  private long[] deleted = new long[0];

  /** The listings of {@code start}; none when it is empty (a full run). */
  IndexedListings(StartingCommit start, ObjectMapper mapper) {
    this.searcher = start.searcher().orElse(null);
    this.documents = ResoPropertyRecord.documents(mapper);
  }

  /** Whether there is no index to look in (a full run, or a vendor's first run). */
  boolean isEmpty() {
    return searcher == null;
  }

  /**
   * Leaves out the listings the run removed ({@code deleted}) and the versions it replaced under
   * another mlsId ({@code moved}): an open house naming either is a reject, as in a full run.
   */
  void removed(long[] deleted, long[] moved) {
    this.deleted = deleted.clone();
    removed = LongStream.concat(Arrays.stream(deleted), Arrays.stream(moved)).sorted().toArray();
  }

  /**
   * How many of the listings the run removed the index held: a Delete of a listing removed earlier
   * names an mlsId the id map keeps, but removes nothing.
   */
  long held() {
    if (searcher == null) {
      return 0;
    }
    try {
      long held = 0;
      for (long mlsId : deleted) {
        held += searcher.count(ListingQueries.byMlsId(mlsId)) > 0 ? 1 : 0;
      }
      return held;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The indexed listing whose mlsId is {@code mlsId}, with its mlsId. */
  Optional<ListingRecord> byMlsId(long mlsId) {
    return Arrays.binarySearch(removed, mlsId) >= 0
        ? Optional.empty()
        : first(ListingQueries.byMlsId(mlsId), l -> true);
  }

  /** The indexed listing whose listingId is {@code listingId}, with its mlsId. */
  Optional<ListingRecord> byListingId(String listingId) {
    return first(ListingQueries.byListingId(listingId), l -> l.listingId().equals(listingId))
        .filter(l -> Arrays.binarySearch(removed, l.mlsId().orElseThrow()) < 0);
  }

  /** The first listing {@code query} finds that {@code exact} accepts. */
  private Optional<ListingRecord> first(Query query, Predicate<ListingRecord> exact) {
    if (searcher == null) {
      return Optional.empty();
    }
    try {
      // Keyword values ignore case; ids that differ only in case are different listings.
      for (ScoreDoc hit : searcher.search(query, 10).scoreDocs) {
        ListingRecord listing = documents.stored(searcher.storedFields(), hit.doc);
        if (exact.test(listing)) {
          return Optional.of(listing);
        }
      }
      return Optional.empty();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InvalidRecordException e) {
      throw new IllegalStateException("the index holds a listing it cannot read back", e);
    }
  }
}

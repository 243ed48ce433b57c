package io.keybox.server.index;

import io.keybox.schema.CommitData;
import io.keybox.schema.RecordKind;
import java.time.Instant;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexCommit;
import org.apache.lucene.search.IndexSearcher;

/**
 * One vendor's index as of one commit, with everything derived from that reader. Immutable; shared
 * by all requests that lease it.
 *
 * @param vendor the vendor name
 * @param searcher the searcher over {@code reader}
 * @param reader the point-in-time reader (ref-counted by the manager)
 * @param refreshTime when the indexer published this commit (X-Service-LastUpdate)
 * @param generation the Lucene commit generation
 * @param listings the state derived from the reader's listings (facets, OPTIONS values)
 */
public record Snapshot(
    String vendor,
    IndexSearcher searcher,
    DirectoryReader reader,
    Instant refreshTime,
    long generation,
    ListingState listings) {

  /** How many records of {@code kind} this snapshot holds. */
  public long count(RecordKind kind) throws java.io.IOException {
    return searcher.count(kind.query());
  }

  /**
   * A snapshot of {@code reader}, reading the refresh time from its commit and deriving its listing
   * state.
   */
  static Snapshot of(String vendor, DirectoryReader reader) throws java.io.IOException {
    IndexCommit commit = reader.getIndexCommit();
    Instant refreshTime =
        CommitData.fromUserData(commit.getUserData())
            .map(CommitData::refreshTime)
            .orElse(Instant.EPOCH);
    IndexSearcher searcher = new IndexSearcher(reader);
    return new Snapshot(
        vendor, searcher, reader, refreshTime, commit.getGeneration(), ListingState.of(searcher));
  }
}

package io.keybox.server.index;

import io.keybox.schema.CommitData;
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
 */
public record Snapshot(
    String vendor,
    IndexSearcher searcher,
    DirectoryReader reader,
    Instant refreshTime,
    long generation) {

  /** A snapshot of {@code reader}, reading the refresh time from its commit. */
  static Snapshot of(String vendor, DirectoryReader reader) throws java.io.IOException {
    IndexCommit commit = reader.getIndexCommit();
    Instant refreshTime =
        CommitData.fromUserData(commit.getUserData())
            .map(CommitData::refreshTime)
            .orElse(Instant.EPOCH);
    return new Snapshot(
        vendor, new IndexSearcher(reader), reader, refreshTime, commit.getGeneration());
  }
}

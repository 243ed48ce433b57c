package io.keybox.server.index;

import io.keybox.schema.CommitData;
import io.keybox.schema.RecordKind;
import io.keybox.schema.SchemaVersion;
import java.io.IOException;
import java.time.Instant;
import java.util.Optional;
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
 * @param schemaVersion the {@link SchemaVersion} that wrote the index
 * @param listings the state derived from the reader's listings as it is opened (the facet state)
 * @param derivedValues the values derived later, on first use ({@link #derived})
 */
public record Snapshot(
    String vendor,
    IndexSearcher searcher,
    DirectoryReader reader,
    Instant refreshTime,
    long generation,
    int schemaVersion,
    ListingState listings,
    DerivedValues derivedValues) {

  /**
   * The value of {@code value} for this snapshot: computed by the first caller (others wait for
   * it), then kept until the snapshot is retired. Call it while holding a {@link Lease} on the
   * snapshot (its reader must be open).
   *
   * @throws IOException when the index could not be read; every later call fails the same way
   */
  public <T> T derived(DerivedValue<T> value) throws IOException {
    return derivedValues.get(value, this);
  }

  /** How many records of {@code kind} this snapshot holds. */
  public long count(RecordKind kind) throws IOException {
    return searcher.count(kind.query());
  }

  /**
   * A snapshot of {@code reader}, reading the refresh time from its commit and deriving its listing
   * state.
   */
  static Snapshot of(String vendor, DirectoryReader reader) throws IOException {
    IndexCommit commit = reader.getIndexCommit();
    Optional<CommitData> data = CommitData.fromUserData(commit.getUserData());
    IndexSearcher searcher = new IndexSearcher(reader);
    return new Snapshot(
        vendor,
        searcher,
        reader,
        data.map(CommitData::refreshTime).orElse(Instant.EPOCH),
        commit.getGeneration(),
        data.map(CommitData::schemaVersion).orElse(SchemaVersion.UNRECORDED),
        ListingState.of(searcher),
        new DerivedValues());
  }
}

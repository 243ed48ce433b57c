package io.keybox.indexer.build;

import io.keybox.schema.CommitData;
import io.keybox.schema.SchemaVersion;
import java.io.Closeable;
import java.io.IOException;
import java.util.Optional;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.store.Directory;

/**
 * The vendor's commit a run starts from, read while the run writes the next one: what the index
 * held before the run's changes (its counts and schema version for the checks, the listings a full
 * run leaves out, and, in an incremental run, the open houses and listings to join). Opened once
 * per run; empty for a vendor's first run. The searcher is safe to share between the run's threads.
 */
final class StartingCommit implements Closeable {
  private final DirectoryReader reader;
  private final IndexSearcher searcher;

  private StartingCommit(DirectoryReader reader) {
    this.reader = reader;
    this.searcher = reader == null ? null : new IndexSearcher(reader);
  }

  /** No commit to read. */
  static StartingCommit none() {
    return new StartingCommit(null);
  }

  /**
   * The last commit of {@code dir}, if any; open it before the run writes anything.
   *
   * @throws IOException from the index
   */
  static StartingCommit of(Directory dir) throws IOException {
    return new StartingCommit(DirectoryReader.indexExists(dir) ? DirectoryReader.open(dir) : null);
  }

  /**
   * The {@link SchemaVersion} that wrote the commit; this build's when there is none (a first run
   * writes this build's index).
   *
   * @throws IOException from the index
   */
  int schemaVersion() throws IOException {
    return reader == null
        ? SchemaVersion.CURRENT
        : CommitData.schemaVersionOf(reader.getIndexCommit());
  }

  /** What the indexer recorded with the commit, when there is one made by the indexer. */
  Optional<CommitData> data() throws IOException {
    return reader == null
        ? Optional.empty()
        : CommitData.fromUserData(reader.getIndexCommit().getUserData());
  }

  /** The commit's generation; 0 when there is none. */
  long generation() throws IOException {
    return reader == null ? 0 : reader.getIndexCommit().getGeneration();
  }

  /** A searcher over the commit, when there is one. */
  Optional<IndexSearcher> searcher() {
    return Optional.ofNullable(searcher);
  }

  @Override
  public void close() throws IOException {
    if (reader != null) {
      reader.close();
    }
  }
}

package io.keybox.server.index;

import java.io.IOException;
import java.util.Arrays;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.index.StandardDirectoryReader;
import org.apache.lucene.search.ReferenceManager;

/**
 * Swaps one vendor's {@link Snapshot} when a new commit is there: the indexer committed, or a
 * replica made a new publication current ({@link VendorFolder} says which reader to open). A
 * request holds its snapshot through a {@link Lease}; the old reader closes when its last lease is
 * released. Call {@link #maybeRefresh()} from a background thread (see {@link VendorIndexes}).
 */
final class SnapshotManager extends ReferenceManager<Snapshot> {
  private final String vendor;
  private final VendorFolder folder;

  /** A manager of {@code vendor}'s snapshots, read from {@code folder}. */
  SnapshotManager(String vendor, VendorFolder folder) throws IOException {
    this.vendor = vendor;
    this.folder = folder;
    DirectoryReader reader = folder.open();
    try {
      this.current = Snapshot.of(vendor, reader);
    } catch (IOException | RuntimeException e) {
      reader.decRef(); // retried on every refresh: a failed open must not keep the files open
      throw e;
    }
  }

  /** Leases the current snapshot; the caller must close the lease. */
  Lease lease() throws IOException {
    return new Lease(this, acquire());
  }

  @Override
  protected void decRef(Snapshot reference) throws IOException {
    reference.reader().decRef();
  }

  @Override
  protected Snapshot refreshIfNeeded(Snapshot referenceToRefresh) throws IOException {
    DirectoryReader newer = folder.openIfChanged(referenceToRefresh.reader());
    if (newer == null) {
      return null;
    }
    try {
      return Snapshot.of(vendor, newer);
    } catch (IOException | RuntimeException e) {
      newer.decRef(); // the derived state failed: drop the new reader, keep serving the old one
      throw e;
    }
  }

  @Override
  protected boolean tryIncRef(Snapshot reference) {
    return reference.reader().tryIncRef();
  }

  @Override
  protected int getRefCount(Snapshot reference) {
    return reference.reader().getRefCount();
  }

  /**
   * Whether the latest commit is another index's: the vendor's folder was removed and a new index
   * built in its place. Lucene's change check compares commit versions, which a new index can share
   * with the old one (the same number of changes since creation); each commit's id is random.
   */
  static boolean replaced(DirectoryReader reader) throws IOException {
    if (!(reader instanceof StandardDirectoryReader opened)) {
      return false;
    }
    byte[] latest = SegmentInfos.readLatestCommit(reader.directory()).getId();
    return !Arrays.equals(latest, opened.getSegmentInfos().getId());
  }
}

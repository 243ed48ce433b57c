package io.keybox.server.index;

import java.io.IOException;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexReader;

/**
 * The index files that open readers of each vendor use: every reader a {@link SnapshotManager}
 * opens is registered with the files of its commit, and forgotten when Lucene closes it (its last
 * reference released: the manager swapped to a newer one and the last lease on it ended).
 *
 * <p>Why: a query node's replica ({@code server/replica}) removes the files of older commits, and
 * must not remove one that a snapshot still serving requests reads. On Linux an open file would
 * survive its removal, but a reader opening lazily, or a platform that refuses the removal, would
 * not; so the rule is Lucene's own (its {@code IndexFileDeleter} keeps every file a live commit
 * references), applied to the commits that readers hold rather than those a writer's deletion
 * policy keeps: a file is in use while some reader not yet closed was opened on a commit naming it.
 */
final class OpenCommits {
  private final Map<String, Map<IndexReader.CacheKey, Collection<String>>> byVendor =
      new ConcurrentHashMap<>();

  /** Remembers {@code reader}'s commit files until it closes. */
  void opened(String vendor, DirectoryReader reader) throws IOException {
    IndexReader.CacheHelper helper = reader.getReaderCacheHelper();
    if (helper == null) {
      return;
    }
    Map<IndexReader.CacheKey, Collection<String>> open =
        byVendor.computeIfAbsent(vendor, v -> new ConcurrentHashMap<>());
    IndexReader.CacheKey key = helper.getKey();
    open.put(key, List.copyOf(reader.getIndexCommit().getFileNames()));
    helper.addClosedListener(closed -> open.remove(closed));
  }

  /** Whether a reader of {@code vendor} not yet closed uses the index file {@code name}. */
  boolean inUse(String vendor, String name) {
    Map<IndexReader.CacheKey, Collection<String>> open = byVendor.get(vendor);
    if (open == null) {
      return false;
    }
    for (Collection<String> files : open.values()) {
      if (files.contains(name)) {
        return true;
      }
    }
    return false;
  }

  /** The readers of {@code vendor} not yet closed (for tests). */
  int open(String vendor) {
    return byVendor.getOrDefault(vendor, Map.of()).size();
  }
}

package io.keybox.server.index;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.MMapDirectory;
import org.apache.lucene.store.ReadAdvice;

/**
 * Opens an index folder for searching, as the server reads it: memory-mapped, with every file
 * advised for random access ({@code madvise(MADV_RANDOM)}, where Lucene has native access).
 *
 * <p>Why random: since Lucene 10.3 the files are mapped with the kernel's default advice, under
 * which every page fault also reads the pages around it, up to the disk's read-ahead. Opening a
 * reader touches the head and the tail of each file, so on a disk with a large read-ahead it reads
 * most of the index: 382 MB of the bench's 2 GB index of 1M listings on a disk with 8 MB of
 * read-ahead, against 6 MB with random advice. A server started with that index out of the page
 * cache answered its first search after 2.3-2.5 s, and after 1.7-2.2 s with random advice
 * (bench/README, "Optimisations"). Searches read scattered pages (postings blocks, the doc values
 * of the matches, a few stored documents), which stay cached while they are used. The bench's raw
 * Lucene peer opens the index the same way, so that both read it alike.
 */
public final class SearchDirectory {
  private SearchDirectory() {}

  /**
   * Opens {@code indexDir}: Lucene's choice of directory for the platform, with random read advice
   * when it is memory-mapped.
   *
   * @throws IOException when the folder cannot be opened
   */
  public static Directory open(Path indexDir) throws IOException {
    Directory directory = FSDirectory.open(indexDir);
    if (directory instanceof MMapDirectory mapped) {
      mapped.setReadAdvice((file, context) -> Optional.of(ReadAdvice.RANDOM));
    }
    return directory;
  }
}

package io.keybox.indexer.pull;

import io.keybox.indexer.build.FeedDumps;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * The dumps a pull wrote and what they hold.
 *
 * @param dumps the staged files, to hand to the builder as a RESO dump
 * @param records records written per resource, in pull order
 * @param highWater the latest ModificationTimestamp among them; empty when none carried one
 * @param pages the pages read
 * @param bytes the bytes of the pages' bodies
 */
public record PullResult(
    FeedDumps dumps,
    Map<String, Long> records,
    Optional<Instant> highWater,
    long pages,
    long bytes) {
  public PullResult {
    records = Map.copyOf(records);
  }

  /** All records written, of every resource. */
  public long total() {
    return records.values().stream().mapToLong(Long::longValue).sum();
  }
}

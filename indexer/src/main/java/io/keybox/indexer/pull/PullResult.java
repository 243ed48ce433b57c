package io.keybox.indexer.pull;

import io.keybox.indexer.build.FeedDumps;
import java.time.Instant;
import java.util.Map;

/**
 * The dumps a pull wrote and what they hold.
 *
 * @param dumps the staged files, to hand to the builder as a RESO dump
 * @param records records written per resource (a record the server sent twice counts twice)
 * @param newest per resource, the latest ModificationTimestamp among its records (absent when none
 *     carried one)
 * @param pages the pages read, resumed ones included
 * @param bytes the bytes of the staged dumps (compressed)
 * @param startedAt when the pull started; for a resumed pull, when the interrupted one did
 * @param resumedPages the pages a resumed pull took from the interrupted one (0 when it did not
 *     resume)
 */
public record PullResult(
    FeedDumps dumps,
    Map<Resource, Long> records,
    Map<Resource, Instant> newest,
    long pages,
    long bytes,
    Instant startedAt,
    long resumedPages) {
  public PullResult {
    records = Map.copyOf(records);
    newest = Map.copyOf(newest);
  }

  /** All records written, of every resource. */
  public long total() {
    return records.values().stream().mapToLong(Long::longValue).sum();
  }
}

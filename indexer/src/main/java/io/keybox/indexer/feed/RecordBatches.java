package io.keybox.indexer.feed;

import java.io.Closeable;
import java.io.IOException;
import java.util.List;

/** A dump read as batches of records, holding one batch in memory at a time. */
public interface RecordBatches extends Closeable {
  /**
   * The next batch of up to {@code size} records; empty at the end of the dump.
   *
   * @throws IOException when the dump cannot be read (a truncated gzip stream among others)
   */
  List<RawRecord> nextBatch(int size) throws IOException;
}

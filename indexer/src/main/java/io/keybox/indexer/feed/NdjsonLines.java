package io.keybox.indexer.feed;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Streams the non-blank lines of an NDJSON dump in batches, keeping only one batch in memory.
 * Malformed UTF-8 is replaced rather than fatal, so one bad byte costs one record, not the dump.
 */
public final class NdjsonLines implements RecordBatches {
  private final BufferedReader reader;
  private long lineNumber;

  public NdjsonLines(InputStream in) {
    this.reader =
        new BufferedReader(
            new InputStreamReader(
                in,
                StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPLACE)
                    .onUnmappableCharacter(CodingErrorAction.REPLACE)),
            1 << 16);
  }

  /**
   * The next batch of up to {@code size} non-blank lines; empty at the end of the dump.
   *
   * @throws IOException when the dump cannot be read (a truncated gzip stream among others)
   */
  @Override
  public List<RawRecord> nextBatch(int size) throws IOException {
    List<RawRecord> batch = new ArrayList<>(size);
    String line;
    while (batch.size() < size && (line = reader.readLine()) != null) {
      lineNumber++;
      if (!line.isBlank()) {
        batch.add(RawRecord.ofText(lineNumber, line));
      }
    }
    return batch;
  }

  @Override
  public void close() throws IOException {
    reader.close();
  }
}

package io.keybox.indexer.build;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.indexer.feed.FeedInput;
import io.keybox.indexer.feed.NdjsonLines;
import io.keybox.indexer.feed.RawRecord;
import io.keybox.schema.shape.InvalidRecordException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;

/**
 * Reads a small NDJSON dump (open houses, agents) on the calling thread, line by line: a line that
 * is not JSON, or that its handler finds invalid, becomes a reject; anything else goes to the
 * handler. Listings, the bulk of a feed, go through the parallel pipeline instead.
 */
final class JsonDump {
  private static final int BATCH = 512;

  /** Receives each JSON record of the dump with its line number. */
  @FunctionalInterface
  interface Handler {
    void accept(long line, JsonNode record) throws InvalidRecordException, IOException;
  }

  private JsonDump() {}

  /**
   * Hands every record of {@code dump} to {@code handler}, in order.
   *
   * @param dumpName the name rejects carry, e.g. {@link Reject#AGENTS}
   * @throws UnreadableDumpException when the dump cannot be read to its end
   * @throws IOException when the handler fails to write
   */
  static void each(
      Path dump, ObjectMapper mapper, String dumpName, List<Reject> rejects, Handler handler)
      throws IOException {
    try (InputStream in = open(dump);
        NdjsonLines lines = new NdjsonLines(in)) {
      List<RawRecord> batch;
      while (!(batch = next(dump, lines)).isEmpty()) {
        for (RawRecord line : batch) {
          JsonNode record;
          try {
            record = mapper.readTree(line.text());
          } catch (IOException e) {
            rejects.add(new Reject(dumpName, line.line(), "not valid JSON"));
            continue;
          }
          try {
            handler.accept(line.line(), record);
          } catch (InvalidRecordException e) {
            rejects.add(new Reject(dumpName, line.line(), e.getMessage()));
          }
        }
      }
    }
  }

  private static InputStream open(Path dump) throws UnreadableDumpException {
    try {
      return FeedInput.open(dump);
    } catch (IOException e) {
      throw new UnreadableDumpException(dump, e);
    }
  }

  private static List<RawRecord> next(Path dump, NdjsonLines lines) throws UnreadableDumpException {
    try {
      return lines.nextBatch(BATCH);
    } catch (IOException e) {
      throw new UnreadableDumpException(dump, e);
    }
  }
}

package io.keybox.indexer.build;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.indexer.feed.FeedFormat;
import io.keybox.indexer.feed.RawRecord;
import io.keybox.indexer.feed.RecordBatches;
import io.keybox.schema.shape.InvalidRecordException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Reads a small dump (open houses, agents) on the calling thread, record by record, in the dump's
 * format (native or RESO, in any container {@link FeedFormat} reads): a record that is not a JSON
 * object, or that its handler finds invalid, becomes a reject; anything else goes to the handler
 * after {@code toNative} has mapped it onto the API's shape. Listings, the bulk of a feed, go
 * through the parallel pipeline instead.
 */
final class JsonDump {
  private static final int BATCH = 512;

  /**
   * Receives each JSON record of the dump with its line number: mapped onto the native shape, and
   * as the dump gave it ({@code source}, for the keys a RESO record carries beside its fields).
   */
  @FunctionalInterface
  interface Handler {
    void accept(long line, JsonNode record, JsonNode source)
        throws InvalidRecordException, IOException;
  }

  /** How a dump is read: its format, and the mapping of its records onto the native shape. */
  record Reading(FeedFormat format, UnaryOperator<JsonNode> toNative) {
    /** Native records, used as they are. */
    static final Reading NATIVE = new Reading(FeedFormat.NATIVE, UnaryOperator.identity());
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
      Path dump,
      Reading reading,
      ObjectMapper mapper,
      String dumpName,
      List<Reject> rejects,
      Handler handler)
      throws IOException {
    try (RecordBatches records = open(dump, reading.format(), mapper)) {
      List<RawRecord> batch;
      while (!(batch = next(dump, records)).isEmpty()) {
        for (RawRecord raw : batch) {
          JsonNode record = raw.parsed();
          if (record == null) {
            try {
              record = mapper.readTree(raw.text());
            } catch (IOException e) {
              rejects.add(new Reject(dumpName, raw.line(), "not valid JSON"));
              continue;
            }
          }
          if (record == null || !record.isObject()) {
            rejects.add(new Reject(dumpName, raw.line(), "expected a JSON object"));
            continue;
          }
          try {
            handler.accept(raw.line(), reading.toNative().apply(record), record);
          } catch (InvalidRecordException e) {
            rejects.add(new Reject(dumpName, raw.line(), e.getMessage()));
          }
        }
      }
    }
  }

  private static RecordBatches open(Path dump, FeedFormat format, ObjectMapper mapper)
      throws UnreadableDumpException {
    try {
      return format.open(dump, mapper);
    } catch (IOException e) {
      throw new UnreadableDumpException(dump, e);
    }
  }

  private static List<RawRecord> next(Path dump, RecordBatches records)
      throws UnreadableDumpException {
    try {
      return records.nextBatch(BATCH);
    } catch (IOException e) {
      throw new UnreadableDumpException(dump, e);
    }
  }
}

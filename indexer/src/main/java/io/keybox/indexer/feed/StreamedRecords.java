package io.keybox.indexer.feed;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.NullNode;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * The records of a dump read with one streaming JSON parser: only one record is materialised at a
 * time, and each keeps the line it starts on. Its {@link Walk} says where the next record starts
 * (the containers around the records differ); a value that is not valid JSON leaves no way to find
 * the next record, so the parser's error makes the dump unreadable.
 */
final class StreamedRecords implements RecordBatches {
  /** How the records of one kind of container are found. */
  interface Walk {
    /**
     * Moves {@code parser} onto the first token of the next record.
     *
     * @return false at the end of the dump
     * @throws IOException when the dump is not valid JSON or ends where it may not
     */
    boolean toNextRecord(JsonParser parser) throws IOException;
  }

  private final JsonParser parser;
  private final Walk walk;

  StreamedRecords(InputStream in, ObjectMapper mapper, Walk walk) throws IOException {
    this.parser = mapper.getFactory().createParser(in);
    this.walk = walk;
  }

  @Override
  public List<RawRecord> nextBatch(int size) throws IOException {
    List<RawRecord> batch = new ArrayList<>(size);
    while (batch.size() < size && walk.toNextRecord(parser)) {
      long line = parser.currentTokenLocation().getLineNr();
      JsonNode record = parser.readValueAsTree();
      batch.add(RawRecord.ofTree(line, record != null ? record : NullNode.getInstance()));
    }
    return batch;
  }

  @Override
  public void close() throws IOException {
    parser.close();
  }
}

package io.keybox.indexer.feed;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.NullNode;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * The records of a dump of JSON values one after the other, pretty-printed or not: a top-level
 * array holds records (a JSON array export, a saved API response), any other top-level value is a
 * record. Streamed: only one record is materialised at a time, and each keeps the line it starts
 * on.
 *
 * <p>Unlike an NDJSON line, a value that is not valid JSON leaves no way to find where the next
 * record starts, so it makes the dump unreadable, as does a dump that ends inside a value or an
 * array (cut short).
 */
public final class JsonValues implements RecordBatches {
  private final JsonParser parser;
  private boolean inArray;

  public JsonValues(InputStream in, ObjectMapper mapper) throws IOException {
    this.parser = mapper.getFactory().createParser(in);
  }

  @Override
  public List<RawRecord> nextBatch(int size) throws IOException {
    List<RawRecord> batch = new ArrayList<>(size);
    while (batch.size() < size) {
      JsonToken token = parser.nextToken();
      if (token == null) {
        if (inArray) {
          throw new IOException("the dump ends inside its array of records (cut short?)");
        }
        break;
      }
      if (!inArray && token == JsonToken.START_ARRAY) {
        inArray = true;
        continue;
      }
      if (inArray && token == JsonToken.END_ARRAY) {
        inArray = false;
        continue;
      }
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

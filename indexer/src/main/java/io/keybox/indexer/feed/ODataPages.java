package io.keybox.indexer.feed;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * The records of OData pages, {@code {"@odata.context": ..., "value": [record, ...]}}, one or more
 * pages one after the other (pretty-printed or not), streamed: only one record is materialised at a
 * time, each with the line it starts on. A page that is not valid JSON, or is not whole, makes the
 * dump unreadable (its records cannot be told apart).
 */
public final class ODataPages implements RecordBatches {
  private final JsonParser parser;
  private boolean inValues;

  public ODataPages(InputStream in, ObjectMapper mapper) throws IOException {
    this.parser = mapper.getFactory().createParser(in);
  }

  @Override
  public List<RawRecord> nextBatch(int size) throws IOException {
    List<RawRecord> batch = new ArrayList<>(size);
    while (batch.size() < size) {
      if (!inValues && !enterNextValues()) {
        break;
      }
      JsonToken token = parser.nextToken();
      if (token == JsonToken.END_ARRAY) {
        inValues = false;
        continue;
      }
      long line = parser.currentTokenLocation().getLineNr();
      batch.add(RawRecord.ofTree(line, parser.readValueAsTree()));
    }
    return batch;
  }

  /** Moves to the next {@code value} array of a page; false at the end of the dump. */
  private boolean enterNextValues() throws IOException {
    JsonToken token;
    while ((token = parser.nextToken()) != null) {
      if (token == JsonToken.FIELD_NAME && parser.currentName().equals("value")) {
        if (parser.nextToken() == JsonToken.START_ARRAY) {
          inValues = true;
          return true;
        }
        parser.skipChildren();
      } else if (token == JsonToken.FIELD_NAME) {
        parser.nextToken();
        parser.skipChildren();
      }
    }
    return false;
  }

  @Override
  public void close() throws IOException {
    parser.close();
  }
}

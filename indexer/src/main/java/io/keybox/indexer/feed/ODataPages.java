package io.keybox.indexer.feed;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;

/**
 * The records of OData pages, {@code {"@odata.context": ..., "value": [record, ...]}}, one or more
 * pages one after the other (pretty-printed or not), streamed: only one record is materialised at a
 * time, each with the line it starts on. A page that is not valid JSON, or is not whole, makes the
 * dump unreadable (its records cannot be told apart).
 */
final class ODataPages implements StreamedRecords.Walk {
  private boolean inValues;

  @Override
  public boolean toNextRecord(JsonParser parser) throws IOException {
    while (true) {
      if (!inValues && !enterNextValues(parser)) {
        return false;
      }
      if (parser.nextToken() == JsonToken.END_ARRAY) {
        inValues = false;
      } else {
        return true;
      }
    }
  }

  /** Moves to the next {@code value} array of a page; false at the end of the dump. */
  private boolean enterNextValues(JsonParser parser) throws IOException {
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
}

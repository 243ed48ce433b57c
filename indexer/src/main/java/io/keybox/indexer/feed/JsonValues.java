package io.keybox.indexer.feed;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;

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
final class JsonValues implements StreamedRecords.Walk {
  private boolean inArray;

  @Override
  public boolean toNextRecord(JsonParser parser) throws IOException {
    while (true) {
      JsonToken token = parser.nextToken();
      if (token == null) {
        if (inArray) {
          throw new IOException("the dump ends inside its array of records (cut short?)");
        }
        return false;
      }
      if (!inArray && token == JsonToken.START_ARRAY) {
        inArray = true;
      } else if (inArray && token == JsonToken.END_ARRAY) {
        inArray = false;
      } else {
        return true;
      }
    }
  }
}

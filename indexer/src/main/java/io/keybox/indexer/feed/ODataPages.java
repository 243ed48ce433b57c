package io.keybox.indexer.feed;

import com.fasterxml.jackson.core.JsonFactory;
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
 * time. A page that is not valid JSON makes the dump unreadable (its records cannot be told apart).
 */
public final class ODataPages implements RecordBatches {
  private final JsonParser parser;
  private boolean inValues;

  public ODataPages(InputStream in, ObjectMapper mapper) throws IOException {
    this.parser = mapper.getFactory().createParser(in);
  }

  /**
   * Whether the dump at {@code in} starts with an OData page: an object with a {@code value} array
   * among its first members. Reads at most {@code limit} bytes; the caller resets the stream.
   */
  public static boolean looksLikePage(InputStream in, int limit) {
    try (JsonParser peek = new JsonFactory().createParser(new BoundedInput(in, limit))) {
      if (peek.nextToken() != JsonToken.START_OBJECT) {
        return false;
      }
      JsonToken token;
      while ((token = peek.nextToken()) == JsonToken.FIELD_NAME) {
        String name = peek.currentName();
        token = peek.nextToken();
        if (name.equals("value") && token == JsonToken.START_ARRAY) {
          return true;
        }
        peek.skipChildren();
      }
      return false;
    } catch (IOException e) {
      return false;
    }
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

  /** Reads at most {@code limit} bytes of the underlying stream, without closing it. */
  private static final class BoundedInput extends InputStream {
    private final InputStream in;
    private int left;

    BoundedInput(InputStream in, int limit) {
      this.in = in;
      this.left = limit;
    }

    @Override
    public int read() throws IOException {
      if (left <= 0) {
        return -1;
      }
      left--;
      return in.read();
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      if (left <= 0) {
        return -1;
      }
      int n = in.read(b, off, Math.min(len, left));
      if (n > 0) {
        left -= n;
      }
      return n;
    }

    @Override
    public void close() {}
  }
}

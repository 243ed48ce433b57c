package io.keybox.indexer.feed;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.JsonEOFException;
import java.io.IOException;
import java.io.InputStream;

/**
 * How a dump holds its records, told by its first bytes (either format, plain or gzip):
 *
 * <ul>
 *   <li>{@link #ODATA_PAGES}: it starts with an object that has a {@code value} array, an OData
 *       page as a RESO Web API serves it; pages may follow each other;
 *   <li>{@link #JSON_VALUES}: it starts with an array (a saved {@code /properties} response, an
 *       export), or with a record that spans several lines (pretty-printed records one after the
 *       other); top-level arrays hold records, other top-level values are records;
 *   <li>{@link #NDJSON}: anything else, one record per line. A first line that is no JSON at all
 *       lands here too, so that it costs one reject, not the dump.
 * </ul>
 *
 * A record that spans lines is told from an NDJSON line by where its first value ends: on a later
 * line than it started, or not at all within the bytes looked at (a record larger than them).
 */
enum Container {
  NDJSON,
  JSON_VALUES,
  ODATA_PAGES;

  private static final JsonFactory JSON = new JsonFactory();

  /**
   * The container of the dump at {@code in}. Reads at most {@code limit} bytes; the caller resets
   * the stream.
   */
  static Container detect(InputStream in, int limit) {
    try (JsonParser peek = JSON.createParser(new BoundedInput(in, limit))) {
      JsonToken first = peek.nextToken();
      if (first == JsonToken.START_ARRAY) {
        return JSON_VALUES;
      }
      if (first != JsonToken.START_OBJECT) {
        return NDJSON;
      }
      int startLine = peek.currentTokenLocation().getLineNr();
      try {
        if (pageMembers(peek)) {
          return ODATA_PAGES;
        }
      } catch (JsonEOFException e) {
        // The first value does not end within the bytes looked at (or at all).
        return peek.currentLocation().getLineNr() > startLine ? JSON_VALUES : NDJSON;
      }
      return peek.currentLocation().getLineNr() > startLine ? JSON_VALUES : NDJSON;
    } catch (IOException e) {
      return NDJSON;
    }
  }

  /**
   * Reads the members of the object the parser is at; true as soon as one is a {@code value} array
   * (the parser then stops inside the page), false at the end of an object without one.
   */
  private static boolean pageMembers(JsonParser peek) throws IOException {
    JsonToken token;
    while ((token = peek.nextToken()) == JsonToken.FIELD_NAME) {
      String name = peek.currentName();
      token = peek.nextToken();
      if (name.equals("value") && token == JsonToken.START_ARRAY) {
        return true;
      }
      peek.skipChildren();
    }
    if (token != JsonToken.END_OBJECT) {
      throw new IOException("not an object");
    }
    return false;
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

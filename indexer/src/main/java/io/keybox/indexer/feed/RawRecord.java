package io.keybox.indexer.feed;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One record of a dump, where it starts (1-based line), and either its text (an NDJSON line, parsed
 * later by a worker) or its already parsed tree (an element of an OData page).
 */
public record RawRecord(long line, String text, JsonNode parsed) {
  /** An NDJSON line, not parsed yet. */
  public static RawRecord ofText(long line, String text) {
    return new RawRecord(line, text, null);
  }

  /** A record the reader has parsed already. */
  public static RawRecord ofTree(long line, JsonNode parsed) {
    return new RawRecord(line, null, parsed);
  }
}

package io.keybox.indexer.feed;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import java.io.BufferedReader;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Streams the non-blank lines of an NDJSON dump in batches, keeping only one batch in memory.
 * Malformed UTF-8 is replaced rather than fatal, so one bad byte costs one record, not the dump. A
 * UTF-8 byte order mark before the first record is skipped.
 *
 * <p>A dump cut short mid-record (a copy or a download that stopped) is told from a dump with a bad
 * last record by its end: its last line has no newline and is not complete JSON. That is an
 * unreadable dump, not a reject, so the run publishes nothing. A last line without a newline that
 * is complete JSON is fine (some exporters omit the final newline).
 */
public final class NdjsonLines implements RecordBatches {
  private static final JsonFactory JSON = new JsonFactory();
  private static final String BYTE_ORDER_MARK = "\uFEFF";

  private final LastByte bytes;
  private final BufferedReader reader;
  private long lineNumber;
  private long lastLineNumber;
  private String lastLine;

  public NdjsonLines(InputStream in) {
    this.bytes = new LastByte(in);
    this.reader =
        new BufferedReader(
            new InputStreamReader(
                bytes,
                StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPLACE)
                    .onUnmappableCharacter(CodingErrorAction.REPLACE)),
            1 << 16);
  }

  /**
   * The next batch of up to {@code size} non-blank lines; empty at the end of the dump.
   *
   * @throws IOException when the dump cannot be read (a truncated gzip stream among others) or ends
   *     in the middle of a record
   */
  @Override
  public List<RawRecord> nextBatch(int size) throws IOException {
    List<RawRecord> batch = new ArrayList<>(size);
    String line;
    while (batch.size() < size && (line = reader.readLine()) != null) {
      lineNumber++;
      if (lineNumber == 1 && line.startsWith(BYTE_ORDER_MARK)) {
        line = line.substring(1); // written by some Windows tools; not part of the record
      }
      if (!line.isBlank()) {
        batch.add(RawRecord.ofText(lineNumber, line));
        lastLine = line;
        lastLineNumber = lineNumber;
      }
    }
    if (batch.size() < size) {
      checkEnd();
    }
    return batch;
  }

  /** At the end of the dump: fails when it stops inside its last record. */
  private void checkEnd() throws IOException {
    boolean endsInRecord =
        lastLine != null
            && lastLineNumber == lineNumber // not followed by a blank line
            && bytes.last != '\n'
            && bytes.last != '\r';
    if (!endsInRecord || completeJson(lastLine)) {
      return;
    }
    throw new IOException(
        "the dump ends inside a record (line "
            + lastLineNumber
            + " is cut short, with no newline after it): was the file copied or downloaded"
            + " whole?");
  }

  private static boolean completeJson(String line) {
    try (JsonParser parser = JSON.createParser(line)) {
      while (parser.nextToken() != null) {
        // read to the end: an incomplete value throws
      }
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  @Override
  public void close() throws IOException {
    reader.close();
  }

  /** Remembers the last byte read from the dump. */
  private static final class LastByte extends FilterInputStream {
    int last = -1;

    LastByte(InputStream in) {
      super(in);
    }

    @Override
    public int read() throws IOException {
      int b = super.read();
      if (b >= 0) {
        last = b;
      }
      return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
      int n = super.read(buffer, offset, length);
      if (n > 0) {
        last = buffer[offset + n - 1] & 0xff;
      }
      return n;
    }
  }
}

package io.keybox.indexer.feed;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.function.LongConsumer;

/**
 * The formats of a dump (OPERATIONS.md §3): {@code native} records in the API's shapes, or {@code
 * reso} RESO Data Dictionary records. Either may be gzip-compressed, and either may hold its
 * records as NDJSON, a JSON array, JSON values one after the other (pretty-printed) or OData pages:
 * all told apart by content ({@link Container}).
 */
public enum FeedFormat {
  NATIVE,
  RESO;

  private static final int PEEK_BYTES = 1 << 20;

  /** The format a {@code --format} value names. */
  public static Optional<FeedFormat> parse(String value) {
    return switch (value.strip().toLowerCase(Locale.ROOT)) {
      case "native" -> Optional.of(NATIVE);
      case "reso" -> Optional.of(RESO);
      default -> Optional.empty();
    };
  }

  /**
   * Opens {@code dump} as record batches, in the container its first bytes show.
   *
   * @throws IOException when it cannot be opened
   */
  public RecordBatches open(Path dump, ObjectMapper mapper) throws IOException {
    return open(dump, mapper, bytes -> {});
  }

  /**
   * As {@link #open(Path, ObjectMapper)}, telling {@code bytesRead} how many bytes of the file (as
   * stored, compressed or not) each read took, for progress reports.
   */
  public RecordBatches open(Path dump, ObjectMapper mapper, LongConsumer bytesRead)
      throws IOException {
    InputStream in = FeedInput.open(dump, bytesRead);
    try {
      in.mark(PEEK_BYTES);
      Container container = Container.detect(in, PEEK_BYTES);
      in.reset();
      return switch (container) {
        case ODATA_PAGES -> new StreamedRecords(in, mapper, new ODataPages());
        case JSON_VALUES -> new StreamedRecords(in, mapper, new JsonValues());
        case NDJSON -> new NdjsonLines(in);
      };
    } catch (IOException | RuntimeException e) {
      in.close();
      throw e;
    }
  }
}

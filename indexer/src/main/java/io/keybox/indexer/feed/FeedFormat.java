package io.keybox.indexer.feed;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/**
 * The formats of a dump (OPERATIONS.md §3): {@code native} NDJSON in the API's shapes, or {@code
 * reso} RESO Data Dictionary records as NDJSON or OData pages (told apart by content). Either may
 * be gzip-compressed.
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
   * Opens {@code dump} as record batches of this format.
   *
   * @throws IOException when it cannot be opened
   */
  public RecordBatches open(Path dump, ObjectMapper mapper) throws IOException {
    InputStream in = FeedInput.open(dump);
    try {
      if (this == RESO) {
        in.mark(PEEK_BYTES);
        boolean pages = ODataPages.looksLikePage(in, PEEK_BYTES);
        in.reset();
        if (pages) {
          return new ODataPages(in, mapper);
        }
      }
      return new NdjsonLines(in);
    } catch (IOException | RuntimeException e) {
      in.close();
      throw e;
    }
  }
}

package io.keybox.state.media;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.keybox.state.StateStore;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.threeten.extra.MutableClock;

/** The per-vendor counts the server reports, read from a real catalog file. */
final class MediaSummaryTest {
  private static final Instant T0 = Instant.parse("2026-11-28T00:00:00Z");

  @TempDir Path dir;

  private static List<MediaRecord> photos(String listing, int count) {
    return IntStream.range(0, count)
        .mapToObj(
            i ->
                new MediaRecord(
                    listing + "-" + i,
                    listing,
                    i,
                    "https://m.example/" + listing + "/" + i + ".jpg",
                    Optional.empty(),
                    Optional.empty(),
                    OptionalInt.empty(),
                    OptionalInt.empty(),
                    T0))
        .toList();
  }

  @Test
  void eachVendorsPhotosByStateFailuresByKindAndBytesOnDiskOnce() {
    MutableClock clock = MutableClock.of(T0, ZoneOffset.UTC);
    try (StateStore store = StateStore.open(dir)) {
      assertEquals(List.of(), MediaSummary.read(store), "an empty catalog has no vendor");
      MediaCatalog v = new MediaCatalog(store, "v", clock);
      v.replaceListing("L", photos("L", 5));
      v.mirrored("L-0", "d-a", 1000, 800, 600);
      v.mirrored("L-1", "d-a", 1000, 800, 600); // the same picture: its files are there once
      v.failed("L-2", "HTTP 404");
      v.failed("L-3", "not an image (no reader knows its format)");
      MediaCatalog w = new MediaCatalog(store, "w", clock);
      w.replaceListing("M", photos("M", 2));
      w.replaceListing("N", photos("N", 1));
      w.mirrored("M-0", "d-b", 300, 400, 300);
      w.failed("M-1", "larger than --media-max-bytes (99999999 bytes)");
      w.mirrored("N-0", "d-c", 50, 40, 30);
      w.listingGone("N"); // its files stay until --media-keep-days

      List<MediaSummary.Vendor> vendors = MediaSummary.read(store);

      assertEquals(
          List.of(
              new MediaSummary.Vendor(
                  "v",
                  Map.of(MediaState.MIRRORED, 2L, MediaState.PENDING, 1L, MediaState.FAILED, 2L),
                  Map.of(FailureKind.NOT_FOUND, 1L, FailureKind.NOT_AN_IMAGE, 1L),
                  1000),
              new MediaSummary.Vendor(
                  "w",
                  Map.of(MediaState.MIRRORED, 1L, MediaState.FAILED, 1L, MediaState.GONE, 1L),
                  Map.of(FailureKind.TOO_LARGE, 1L),
                  350)),
          vendors);
      assertEquals(0, vendors.get(1).count(MediaState.PENDING));
    }
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "HTTP 404|NOT_FOUND",
        "no such file|NOT_FOUND",
        "HTTP 403 (no fresh URL)|REFUSED",
        "HTTP 410 (no fresh URL)|REFUSED",
        "larger than --media-max-bytes (30000000 bytes)|TOO_LARGE",
        "larger than --media-max-bytes|TOO_LARGE",
        "image of 40000 x 40000 pixels|TOO_LARGE",
        "not an image (no reader knows its format)|NOT_AN_IMAGE",
        "cut short (no JPEG end marker)|NOT_AN_IMAGE",
        "cannot decode (IIOException: bad huffman code)|NOT_AN_IMAGE",
        "HTTP 400|HTTP_ERROR",
        "HTTP 503 (8 attempts)|GAVE_UP",
        "host cdn.example unreachable (8 attempts)|GAVE_UP",
        "malformed URL|BAD_URL",
        "cannot encode a 400 px JPEG (java.io.IOException)|OTHER"
      })
  void eachReasonTheMirrorRecordsHasItsKind(String reason, FailureKind kind) {
    assertEquals(kind, FailureKind.of(reason));
  }
}

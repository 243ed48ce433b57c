package io.keybox.server.mirror;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.keybox.server.metrics.Metrics;
import io.keybox.state.StateStore;
import io.keybox.state.media.MediaCatalog;
import io.keybox.state.media.MediaRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The mirror's counts as the server reads them from a catalog file another process writes: reused
 * for their age, none without a catalog, and every state and reason a gauge of {@code /-/metrics}.
 */
final class MirrorStatusTest {
  private static final Instant T0 = Instant.parse("2026-11-28T00:00:00Z");

  @TempDir Path dir;
  private final AtomicLong nanos = new AtomicLong();

  private static MediaRecord photo(String listing, int position) {
    return new MediaRecord(
        listing + "-" + position,
        listing,
        position,
        "https://m.example/" + listing + "/" + position + ".jpg",
        Optional.empty(),
        Optional.empty(),
        OptionalInt.empty(),
        OptionalInt.empty(),
        T0);
  }

  @Test
  void aDataDirectoryWithoutACatalogHasNoCountsAndGetsNoFile() {
    MirrorStatus status = new MirrorStatus(dir, Duration.ofSeconds(5), nanos::get);
    assertEquals(Optional.empty(), status.of("v"));
    assertFalse(Files.exists(dir.resolve(StateStore.FILE)), "reading creates no state store");
  }

  @Test
  void countsAreReadFromTheCatalogAndReusedForTheirAge() {
    Clock clock = Clock.fixed(T0, ZoneOffset.UTC);
    try (StateStore indexer = StateStore.open(dir)) {
      MediaCatalog catalog = new MediaCatalog(indexer, "v", clock);
      catalog.replaceListing("L", List.of(photo("L", 0), photo("L", 1), photo("L", 2)));
      catalog.mirrored("L-0", "d-a", 4096, 800, 600);
      catalog.failed("L-1", "HTTP 404");
      MirrorStatus status = new MirrorStatus(dir, Duration.ofSeconds(5), nanos::get);

      assertEquals(Optional.of(new MirrorStatus.Counts(1, 1, 1)), status.of("v"));
      assertEquals(Optional.empty(), status.of("other"));

      catalog.mirrored("L-2", "d-b", 1024, 800, 600);
      nanos.addAndGet(Duration.ofSeconds(4).toNanos());
      assertEquals(
          Optional.of(new MirrorStatus.Counts(1, 1, 1)), status.of("v"), "4 s old: reused");
      nanos.addAndGet(Duration.ofSeconds(1).toNanos());
      assertEquals(Optional.of(new MirrorStatus.Counts(2, 0, 1)), status.of("v"), "5 s: read");

      String scrape = new Metrics(new MirrorMetrics(status)).scrape();
      for (String line :
          List.of(
              "keybox_media_photos{state=\"mirrored\",vendor=\"v\"} 2.0",
              "keybox_media_photos{state=\"pending\",vendor=\"v\"} 0.0",
              "keybox_media_photos{state=\"failed\",vendor=\"v\"} 1.0",
              "keybox_media_photos{state=\"gone\",vendor=\"v\"} 0.0",
              "keybox_media_failed_photos{reason=\"not_found\",vendor=\"v\"} 1.0",
              "keybox_media_failed_photos{reason=\"not_an_image\",vendor=\"v\"} 0.0",
              "keybox_media_disk_bytes{vendor=\"v\"} 5120.0")) {
        assertTrue(scrape.contains("\n" + line + "\n"), line + " in:\n" + scrape);
      }
    }
  }
}

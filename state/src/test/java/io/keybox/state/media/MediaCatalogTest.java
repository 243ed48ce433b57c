package io.keybox.state.media;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.keybox.state.StateStore;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.threeten.extra.MutableClock;

/**
 * The media catalog on a real SQLite file: the order of work, what a change of URL or timestamp
 * does, what a listing shows while a changed photo is pending, retries, failures, and photos gone
 * with their listing, purged after the keep period only when no photo shares their files.
 */
final class MediaCatalogTest {
  private static final Instant T0 = Instant.parse("2026-11-28T00:00:00Z");

  @TempDir Path dir;
  private StateStore store;
  private final MutableClock clock = MutableClock.of(T0, ZoneOffset.UTC);
  private MediaCatalog catalog;

  @BeforeEach
  void open() {
    store = StateStore.open(dir);
    catalog = new MediaCatalog(store, "v", clock);
  }

  @AfterEach
  void close() {
    store.close();
  }

  private static MediaRecord photo(String listing, int position, String url, Instant listed) {
    return new MediaRecord(
        listing + "-" + position,
        listing,
        position,
        url,
        Optional.empty(),
        Optional.of("photo " + position),
        OptionalInt.empty(),
        OptionalInt.empty(),
        listed);
  }

  private static List<MediaRecord> photos(String listing, int count, Instant listed) {
    return java.util.stream.IntStream.range(0, count)
        .mapToObj(i -> photo(listing, i, "https://m.example/" + listing + "/" + i + ".jpg", listed))
        .toList();
  }

  @Test
  void everyCoverComesBeforeAnySecondPhotoAndNewerListingsFirst() {
    catalog.replaceListing("OLD", photos("OLD", 2, T0));
    catalog.replaceListing("NEW", photos("NEW", 2, T0.plusSeconds(60)));
    catalog.replaceListing("MID", photos("MID", 1, T0.plusSeconds(30)));

    assertEquals(
        List.of("NEW-0", "MID-0", "OLD-0", "NEW-1", "OLD-1"),
        catalog.next(10).stream().map(MirrorTask::mediaKey).toList());
    assertEquals(
        List.of("NEW-0", "MID-0"), catalog.next(2).stream().map(MirrorTask::mediaKey).toList());
  }

  @Test
  void aMirroredPhotoIsShownAndAChangedOneKeepsShowingTheOldPictureUntilTheNewOneIsThere() {
    catalog.replaceListing("L", photos("L", 2, T0));
    catalog.mirrored("L-1", "d-second", 2000, 800, 600);
    catalog.mirrored("L-0", "d-cover", 1000, 800, 600);
    assertEquals(List.of(), catalog.next(10));
    assertEquals(
        List.of("d-cover", "d-second"),
        catalog.photos("L").stream().map(MirroredPhoto::digest).toList());

    // The same photos again: nothing to do.
    catalog.replaceListing("L", photos("L", 2, T0));
    assertEquals(List.of(), catalog.next(10));

    // The cover's URL changes: pending again, its old picture still shown meanwhile.
    catalog.replaceListing(
        "L",
        List.of(
            photo("L", 0, "https://m.example/L/0-new.jpg", T0),
            photo("L", 1, "https://m.example/L/1.jpg", T0)));
    List<MirrorTask> work = catalog.next(10);
    assertEquals(List.of("L-0"), work.stream().map(MirrorTask::mediaKey).toList());
    assertEquals(Optional.of("d-cover"), work.get(0).digest());
    assertEquals("https://m.example/L/0-new.jpg", work.get(0).sourceUrl());
    assertEquals(
        List.of("d-cover", "d-second"),
        catalog.photos("L").stream().map(MirroredPhoto::digest).toList());
    catalog.mirrored("L-0", "d-cover-2", 1100, 800, 600);
    assertEquals(
        List.of("d-cover-2", "d-second"),
        catalog.photos("L").stream().map(MirroredPhoto::digest).toList());
  }

  @Test
  void aNewerMediaModificationTimestampIsAChangeToo() {
    MediaRecord first =
        new MediaRecord(
            "K",
            "L",
            0,
            "https://m.example/k.jpg",
            Optional.of(T0),
            Optional.empty(),
            OptionalInt.empty(),
            OptionalInt.empty(),
            T0);
    catalog.upsert(List.of(first));
    catalog.mirrored("K", "d1", 10, 1, 1);
    catalog.upsert(List.of(first));
    assertEquals(List.of(), catalog.next(10));
    catalog.upsert(
        List.of(
            new MediaRecord(
                "K",
                "L",
                0,
                "https://m.example/k.jpg",
                Optional.of(T0.plusSeconds(1)),
                Optional.empty(),
                OptionalInt.empty(),
                OptionalInt.empty(),
                T0)));
    assertEquals(List.of("K"), catalog.next(10).stream().map(MirrorTask::mediaKey).toList());
  }

  @Test
  void aRetryWaitsItsTurnAndAFailureStopsUntilTheFeedChangesThePhoto() {
    catalog.replaceListing("L", photos("L", 2, T0));
    catalog.retryLater("L-0", "429 Too Many Requests", clock.instant().plusSeconds(30));
    catalog.failed("L-1", "404 Not Found");
    assertEquals(List.of(), catalog.next(10));
    clock.add(Duration.ofSeconds(30));
    List<MirrorTask> due = catalog.next(10);
    assertEquals(List.of("L-0"), due.stream().map(MirrorTask::mediaKey).toList());
    assertEquals(1, due.get(0).attempts());
    assertEquals(
        Map.of(
            MediaState.PENDING,
            1L,
            MediaState.MIRRORED,
            0L,
            MediaState.FAILED,
            1L,
            MediaState.GONE,
            0L),
        catalog.counts());

    catalog.replaceListing(
        "L",
        List.of(
            photo("L", 0, "https://m.example/L/0.jpg", T0),
            photo("L", 1, "https://m.example/L/1-fixed.jpg", T0)));
    assertEquals(
        Set.of("L-0", "L-1"),
        Set.copyOf(catalog.next(10).stream().map(MirrorTask::mediaKey).toList()));
  }

  @Test
  void photosGoneWithTheirListingArePurgedAfterTheKeepPeriodUnlessAnotherPhotoSharesTheirFiles() {
    catalog.replaceListing("A", photos("A", 2, T0));
    catalog.replaceListing("B", photos("B", 1, T0));
    catalog.mirrored("A-0", "shared", 10, 1, 1);
    catalog.mirrored("A-1", "only-a", 10, 1, 1);
    catalog.mirrored("B-0", "shared", 10, 1, 1); // the same picture in two listings

    catalog.listingGone("A");
    assertEquals(List.of(), catalog.photos("A"));
    assertEquals(Set.of(), catalog.purgeGone(clock.instant().minus(Duration.ofDays(7))));

    clock.add(Duration.ofDays(8));
    assertEquals(Set.of("only-a"), catalog.purgeGone(clock.instant().minus(Duration.ofDays(7))));
    assertEquals(
        List.of("shared"), catalog.photos("B").stream().map(MirroredPhoto::digest).toList());
    assertEquals(
        Map.of(
            MediaState.PENDING,
            0L,
            MediaState.MIRRORED,
            1L,
            MediaState.FAILED,
            0L,
            MediaState.GONE,
            0L),
        catalog.counts());
  }

  @Test
  void aListingThatComesBackShowsItsPhotosAgainWithoutADownload() {
    catalog.replaceListing("A", photos("A", 1, T0));
    catalog.mirrored("A-0", "d", 10, 1, 1);
    catalog.listingGone("A");
    catalog.replaceListing("A", photos("A", 1, T0));
    assertEquals(List.of(), catalog.next(10));
    assertEquals(List.of("d"), catalog.photos("A").stream().map(MirroredPhoto::digest).toList());
  }

  @Test
  void storedTimesSortAsTimes() {
    assertEquals("2026-11-28T00:00:00.000000Z", MediaCatalog.text(T0));
    assertEquals("2026-11-28T00:00:00.500000Z", MediaCatalog.text(T0.plusMillis(500)));
  }
}

package io.keybox.indexer.build;

import io.keybox.indexer.media.ListingPhotos;
import io.keybox.indexer.media.MediaFiles;
import io.keybox.indexer.media.MediaMirror;
import io.keybox.indexer.progress.Progress;
import io.keybox.state.media.MediaCatalog;
import io.keybox.state.media.MediaState;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Logger;

/**
 * Mirrors a vendor's pending photos after its index run and publishes them as they arrive: the
 * listings whose photos changed are committed ({@link PhotoCommit}) at most every {@code
 * commitEvery} while photos arrive, and once at the end, so a site shows the first photos of every
 * listing long before the last photo of a large feed is down. Photos of listings gone from the
 * index for {@code keepFor} are then deleted from the catalog and, when no photo uses them any
 * more, from disk.
 */
public final class PhotoMirrorRun {
  private static final Logger LOG = Logger.getLogger(PhotoMirrorRun.class.getName());

  /** The longest wait for a retry within a run: a Retry-After of a few seconds. */
  static final Duration SHORT_WAIT = Duration.ofSeconds(10);

  /**
   * What the run did.
   *
   * @param mirrored the photos mirrored
   * @param failed the photos given up on, each with its reason in the catalog
   * @param later the photos still pending at the end: due after this run (a long backoff)
   * @param bytes the bytes downloaded
   * @param commits the commits made
   * @param rewritten the listings written again with new photos
   * @param purged the photos whose files were deleted
   */
  public record Report(
      long mirrored,
      long failed,
      long later,
      long bytes,
      int commits,
      long rewritten,
      long purged) {}

  private final VendorLayout layout;
  private final MediaCatalog catalog;
  private final MediaMirror mirror;
  private final ListingPhotos photos;
  private final PhotoCommit commit;
  private final Clock clock;
  private final Duration commitEvery;
  private final Duration keepFor;
  private final MediaMirror.Pause pause;

  public PhotoMirrorRun(
      VendorLayout layout,
      MediaCatalog catalog,
      MediaMirror mirror,
      PhotoCommit commit,
      Clock clock,
      Duration commitEvery,
      Duration keepFor,
      MediaMirror.Pause pause) {
    this.layout = layout;
    this.catalog = catalog;
    this.mirror = mirror;
    this.photos = ListingPhotos.mirror(catalog);
    this.commit = commit;
    this.clock = clock;
    this.commitEvery = commitEvery;
    this.keepFor = keepFor;
    this.pause = pause;
  }

  /**
   * Mirrors until no photo is due, committing on the way; {@code progress} counts photos.
   *
   * @throws IOException from the index or the media folder
   */
  public Report run(Progress progress) throws IOException, InterruptedException {
    long pending = catalog.counts().get(MediaState.PENDING);
    progress.totalRecords(pending);
    AtomicLong done = new AtomicLong();
    long mirrored = 0;
    long failed = 0;
    long bytes = 0;
    int commits = 0;
    long rewritten = 0;
    Set<String> changed = new HashSet<>();
    Instant until = clock.instant().plus(commitEvery);
    while (true) {
      Instant windowEnd = until;
      MediaMirror.Report part =
          mirror.run(
              () -> !clock.instant().isBefore(windowEnd),
              () -> {
                done.incrementAndGet();
                progress.records(1);
              });
      mirrored += part.mirrored();
      failed += part.failed();
      bytes += part.bytes();
      changed.addAll(part.listings());
      boolean windowOver = !clock.instant().isBefore(until);
      if (!windowOver) {
        // Nothing is due now. A retry due within moments (a server's short Retry-After) is
        // waited for; a backoff, a long Retry-After or an unreachable host is the next run's.
        Optional<Instant> retry = catalog.nextRetry();
        if (retry.isPresent()
            && retry.get().isBefore(until)
            && retry.get().isBefore(clock.instant().plus(SHORT_WAIT))) {
          Duration wait = Duration.between(clock.instant(), retry.get());
          if (wait.isPositive()) {
            pause.sleep(wait);
          }
          continue;
        }
      }
      long written = commit.apply(layout, photos, changed);
      changed.clear();
      if (written > 0) {
        commits++;
        rewritten += written;
        long photosDone = done.get();
        LOG.info(
            () ->
                layout.vendor()
                    + ": published the photos of "
                    + written
                    + " listings ("
                    + photosDone
                    + " of "
                    + pending
                    + " photos done)");
      }
      if (!windowOver) {
        break; // nothing more is due in this run
      }
      until = clock.instant().plus(commitEvery);
    }
    long later = catalog.counts().get(MediaState.PENDING);
    MediaFiles files = new MediaFiles(layout.mediaDir());
    long purged = 0;
    for (String digest : catalog.purgeGone(clock.instant().minus(keepFor))) {
      files.delete(digest);
      purged++;
    }
    return new Report(mirrored, failed, later, bytes, commits, rewritten, purged);
  }
}

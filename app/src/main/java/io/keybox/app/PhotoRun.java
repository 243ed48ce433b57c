package io.keybox.app;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.indexer.build.PhotoCommit;
import io.keybox.indexer.build.PhotoMirrorRun;
import io.keybox.indexer.build.VendorLayout;
import io.keybox.indexer.media.ListingPhotos;
import io.keybox.indexer.media.MediaFiles;
import io.keybox.indexer.media.MediaMirror;
import io.keybox.indexer.media.MediaMode;
import io.keybox.indexer.progress.Progress;
import io.keybox.state.StateStore;
import io.keybox.state.StateStoreException;
import io.keybox.state.media.FailedPhoto;
import io.keybox.state.media.MediaCatalog;
import java.io.IOException;
import java.io.Writer;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;

/**
 * The photos of one index run, by {@code --media}: the {@link ListingPhotos} the run gives its
 * listings and, in {@code mirror} mode, the mirror that follows the run's commit ({@link
 * PhotoMirrorRun}), with its summary line. Holds the data directory's state store open for the run.
 */
final class PhotoRun implements AutoCloseable {
  /** The media report's file in the vendor's folder. */
  static final String REPORT = "media-report.ndjson";

  private final MediaOptions options;
  private final Optional<StateStore> state;
  private final Optional<MediaCatalog> catalog;
  private final ListingPhotos photos;
  private final Clock clock;

  private PhotoRun(MediaOptions options, VendorLayout layout, Clock clock) {
    this.options = options;
    this.clock = clock;
    if (options.mode == MediaMode.MIRROR) {
      try {
        state = Optional.of(StateStore.open(layout.dataDir()));
      } catch (StateStoreException e) {
        throw new IllegalStateException("--media mirror: " + e.getMessage(), e);
      }
      catalog = Optional.of(new MediaCatalog(state.get(), layout.vendor(), clock));
      photos = ListingPhotos.mirror(catalog.get());
    } else {
      state = Optional.empty();
      catalog = Optional.empty();
      photos = options.mode == MediaMode.LINK ? ListingPhotos.link() : ListingPhotos.off();
    }
  }

  /** The photos of a run over {@code layout} as {@code options} say. */
  static PhotoRun open(MediaOptions options, VendorLayout layout) {
    return new PhotoRun(options, layout, Clock.systemUTC());
  }

  /** What the run's listings show. */
  ListingPhotos photos() {
    return photos;
  }

  /**
   * In {@code mirror} mode, mirrors the due photos of the published run, publishing them as they
   * arrive, and prints the summary line (none when no photo was due).
   *
   * @throws IOException from the index or the media folder
   */
  void mirror(
      String command,
      VendorLayout layout,
      Console console,
      boolean quiet,
      MediaMirror.FreshUrls freshUrls)
      throws IOException, InterruptedException {
    if (catalog.isEmpty()) {
      return;
    }
    long started = System.nanoTime();
    MediaMirror mirror =
        new MediaMirror(
            catalog.get(),
            new MediaFiles(layout.mediaDir()),
            HttpClient.newBuilder()
                .followRedirects(HttpClient.Redirect.NORMAL)
                .connectTimeout(Duration.ofSeconds(30))
                .build(),
            freshUrls,
            options.mirrorSettings(),
            clock,
            Thread::sleep);
    Progress progress = IndexRun.progress(command + " photos", quiet, console);
    PhotoMirrorRun.Report report;
    try {
      report =
          new PhotoMirrorRun(
                  layout,
                  catalog.get(),
                  mirror,
                  new PhotoCommit(new ObjectMapper(), clock),
                  clock,
                  options.commitEvery,
                  Duration.ofDays(options.keepDays),
                  Thread::sleep)
              .run(progress);
    } finally {
      progress.finish();
    }
    writeReport(layout);
    if (report.mirrored() + report.failed() + report.later() + report.purged() == 0) {
      return; // no photo was due: nothing to say
    }
    double seconds = (System.nanoTime() - started) / 1e9;
    console
        .out()
        .printf(
            "%s: vendor %s: photos: %d mirrored, %d failed, %d to retry later, %.1f MB"
                + " downloaded, %d listings updated in %d commits, %d deleted, %.1f s%n",
            command,
            layout.vendor(),
            report.mirrored(),
            report.failed(),
            report.later(),
            report.bytes() / 1e6,
            report.rewritten(),
            report.commits(),
            report.purged(),
            seconds);
  }

  /**
   * Writes {@code DIR/<vendor>/media-report.ndjson}: every photo given up on, with its listing,
   * source and reason, one JSON object a line (written whole, then renamed into place).
   */
  private void writeReport(VendorLayout layout) throws IOException {
    ObjectMapper json = new ObjectMapper();
    Path report = layout.vendorDir().resolve(REPORT);
    Path partial = report.resolveSibling(REPORT + ".partial");
    try (Writer out = Files.newBufferedWriter(partial)) {
      for (FailedPhoto photo : catalog.orElseThrow().failures()) {
        out.write(json.writeValueAsString(photo));
        out.write('\n');
      }
    }
    Files.move(
        partial, report, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  @Override
  public void close() {
    state.ifPresent(StateStore::close);
  }
}

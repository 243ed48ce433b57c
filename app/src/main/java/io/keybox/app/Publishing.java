package io.keybox.app;

import io.keybox.app.cli.CommandFailure;
import io.keybox.indexer.build.VendorLayout;
import io.keybox.indexer.media.CommitPhotos;
import io.keybox.indexer.media.MediaFiles;
import io.keybox.indexer.progress.Progress;
import io.keybox.schema.listing.PhotoUrls;
import io.keybox.store.MediaCounts;
import io.keybox.store.PublishResult;
import io.keybox.store.PublishedMedia;
import io.keybox.store.Publisher;
import io.keybox.store.Store;
import io.keybox.store.StoreUrl;
import io.keybox.store.Transfers;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Consumer;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code --publish-to STORE_URL [--s3-endpoint URL]}: a mixin of the commands that commit a
 * vendor's index ({@code index}, and {@code pull}), which then publish the commit to an object
 * store. One call after the commit:
 *
 * <pre>{@code
 * @Mixin Publishing publishing;
 * ...
 * publishing.afterCommit("keybox index", dataDir, vendor, console); // no-op without --publish-to
 * }</pre>
 */
final class Publishing {
  @Option(
      names = "--publish-to",
      paramLabel = "STORE_URL",
      converter = StoreOptions.UrlConverter.class,
      description =
          "after the commit, publish it to this store: s3://bucket/prefix or file:///path"
              + " (default: none)")
  StoreUrl publishTo;

  @Mixin StoreOptions store;

  /**
   * Publishes {@code vendor}'s commit when {@code --publish-to} was given, and prints one line. A
   * failure is one line saying the commit stands and how to retry (exit 2).
   */
  void afterCommit(String prefix, Path dataDir, String vendor, Console console) {
    if (publishTo == null) {
      return;
    }
    StoreUrl to = publishTo;
    try {
      PublishResult result =
          publish(dataDir, vendor, to, store.endpoint(), Publisher.DEFAULT_KEEP_FOR, console);
      console.out().println(prefix + ": " + summary(result, to));
    } catch (IOException | RuntimeException e) {
      throw CommandFailure.failure(
          "vendor "
              + vendor
              + " is committed, but publishing it to "
              + to
              + " failed: "
              + e.getMessage()
              + "; the local index stays; retry with keybox publish",
          e);
    }
  }

  /**
   * Publishes {@code vendor}'s latest commit under {@code dataDir} to {@code to} with the photos it
   * shows, keeping older publications for {@code keepFor}; the photos' progress goes to {@code
   * console}'s error stream.
   */
  static PublishResult publish(
      Path dataDir,
      String vendor,
      StoreUrl to,
      Optional<URI> endpoint,
      Duration keepFor,
      Console console)
      throws IOException {
    VendorLayout layout = new VendorLayout(dataDir, vendor);
    Progress progress = IndexRun.progress("keybox publish: photos", false, console);
    try (Store store = to.open(endpoint)) {
      return new Publisher(store, keepFor, Clock.systemUTC(), Transfers.DEFAULT_PARALLEL)
          .publish(vendor, layout.vendorDir(), photos(layout), reporting(progress));
    } finally {
      progress.finish();
    }
  }

  /**
   * The photos a commit of {@code layout}'s vendor shows: every variant ({@link PhotoUrls#WIDTHS})
   * of each photo a displayable listing shows, from the vendor's media folder.
   */
  static PublishedMedia photos(VendorLayout layout) {
    MediaFiles files = new MediaFiles(layout.mediaDir());
    return (commit, sink) ->
        CommitPhotos.each(
            commit,
            digest -> {
              Map<Integer, Path> variants = new TreeMap<>();
              for (int width : PhotoUrls.WIDTHS) {
                variants.put(width, files.variant(digest, width));
              }
              sink.photo(new PublishedMedia.Photo(digest, variants));
            });
  }

  /** Reports the photos' running counts to {@code progress} as photos done and bytes sent. */
  private static Consumer<MediaCounts> reporting(Progress progress) {
    MediaCounts[] last = {MediaCounts.NONE};
    return counts -> {
      progress.records(counts.photos() - last[0].photos());
      progress.bytes(counts.bytes() - last[0].bytes());
      last[0] = counts;
    };
  }

  /** The one line a publication prints. */
  static String summary(PublishResult result, StoreUrl to) {
    MediaCounts photos = result.media();
    return String.format(
        "vendor %s: published generation %d to %s as publication %d: %d objects uploaded (%d"
            + " bytes), %d already stored, %d removed; photos: %d uploaded (%d files, %d bytes),"
            + " %d already stored, %d missing here",
        result.vendor(),
        result.generation(),
        to,
        result.sequence(),
        result.uploaded(),
        result.uploadedBytes(),
        result.skipped(),
        result.deleted(),
        photos.uploaded(),
        photos.files(),
        photos.bytes(),
        photos.present(),
        photos.missing());
  }
}

package io.keybox.app;

import io.keybox.app.cli.CommandFailure;
import io.keybox.store.PublishResult;
import io.keybox.store.Publisher;
import io.keybox.store.Store;
import io.keybox.store.StoreUrl;
import io.keybox.store.Transfers;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
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
          publish(dataDir, vendor, to, store.endpoint(), Publisher.DEFAULT_KEEP_FOR);
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
   * Publishes {@code vendor}'s latest commit under {@code dataDir} to {@code to}, keeping older
   * publications for {@code keepFor}.
   */
  static PublishResult publish(
      Path dataDir, String vendor, StoreUrl to, Optional<URI> endpoint, Duration keepFor)
      throws IOException {
    try (Store store = to.open(endpoint)) {
      return new Publisher(store, keepFor, Clock.systemUTC(), Transfers.DEFAULT_PARALLEL)
          .publish(vendor, dataDir.resolve(vendor));
    }
  }

  /** The one line a publication prints. */
  static String summary(PublishResult result, StoreUrl to) {
    return String.format(
        "vendor %s: published generation %d to %s as publication %d: %d objects uploaded (%d"
            + " bytes), %d already stored, %d removed",
        result.vendor(),
        result.generation(),
        to,
        result.sequence(),
        result.uploaded(),
        result.uploadedBytes(),
        result.skipped(),
        result.deleted());
  }
}

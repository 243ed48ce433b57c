package io.keybox.app;

import io.keybox.app.cli.Checked;
import io.keybox.app.cli.CommandFailure;
import io.keybox.app.cli.DurationConverter;
import io.keybox.app.cli.DurationRange;
import io.keybox.app.cli.HelpOption;
import io.keybox.app.cli.Wording;
import io.keybox.store.Layout;
import io.keybox.store.PublishResult;
import io.keybox.store.StoreUrl;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import org.apache.lucene.index.IndexNotFoundException;
import org.apache.lucene.store.LockObtainFailedException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code keybox publish}: uploads a vendor's current commit to an object store and flips its
 * pointer, for query nodes that follow the store ({@code serve --replica-of}). Exit codes: 0
 * published, 1 bad arguments or no commit to publish, 2 the store or a file failed (the previous
 * publication stays in force).
 */
@Command(
    name = "publish",
    customSynopsis = {
      "./run.sh publish --data-dir DIR --vendor NAME --to STORE_URL [--s3-endpoint URL]"
          + " [--keep-for DURATION]"
    },
    descriptionHeading = "%n",
    description = {
      "Publishes the vendor's current commit to an object store: uploads the files the store",
      "lacks (each verified against its checksum first), the vendor's id maps and pull state,",
      "the mirrored photos its listings show that the store lacks (under media/VENDOR/, as",
      "their URLs name them; DIR/VENDOR/media-uploads records what was sent), then a manifest,",
      "then, last, the pointer query nodes poll. It holds the index's write lock meanwhile,",
      "and the store's lock object of the vendor: one publisher at a time. Publications older",
      "than --keep-for are then removed, and the objects only they named (never photos).",
      "STORE_URL is s3://bucket/prefix or file:///path; region and credentials come from the",
      "AWS SDK's standard chain, never from the command line."
    },
    optionListHeading = "%nOptions:%n",
    footerHeading = "%nExamples:%n",
    footer = {
      "  ./run.sh publish --data-dir data/index --vendor houston --to s3://listings/prod",
      "  ./run.sh publish --data-dir data/index --vendor houston --to file:///mnt/backup/keybox"
    })
final class PublishCommand implements Callable<Integer>, Checked, Wording {
  @ParentCommand Keybox keybox;

  @Mixin VendorOptions vendorOptions;

  @Option(
      names = "--to",
      paramLabel = "STORE_URL",
      required = true,
      converter = StoreOptions.UrlConverter.class,
      description = "the store: s3://bucket/prefix or file:///path (required)")
  StoreUrl to;

  @Mixin StoreOptions store;

  @Option(
      names = "--keep-for",
      paramLabel = "DURATION",
      converter = DurationConverter.class,
      defaultValue = "24h",
      description =
          "how long older publications and their objects stay in the store, like 24h or 90m"
              + " (default ${DEFAULT-VALUE})")
  @DurationRange(minMillis = 60_000)
  Duration keepFor;

  @Mixin HelpOption help;

  @Override
  public String errorPrefix() {
    return "keybox publish";
  }

  @Override
  public void check() {
    vendorOptions.layout();
    try {
      Layout.checkVendor(
          vendorOptions.vendor); // a store keeps photos under media/: none is so named
    } catch (IllegalArgumentException e) {
      throw vendorOptions.usage("--vendor: " + e.getMessage());
    }
  }

  @Override
  public Integer call() {
    check();
    Path dataDir = vendorOptions.dataDir;
    String vendor = vendorOptions.vendor;
    if (!Files.isDirectory(dataDir.resolve(vendor).resolve("index"))) {
      throw CommandFailure.badInput(
          "vendor " + vendor + " has no index under " + dataDir + "; run keybox index first", null);
    }
    try {
      PublishResult result =
          Publishing.publish(dataDir, vendor, to, store.endpoint(), keepFor, keybox.console());
      keybox.console().out().println("keybox publish: " + Publishing.summary(result, to));
      return 0;
    } catch (IndexNotFoundException e) {
      throw CommandFailure.badInput(
          "vendor " + vendor + " has no commit under " + dataDir + "; run keybox index first", e);
    } catch (LockObtainFailedException e) {
      throw CommandFailure.failure(
          "vendor "
              + vendor
              + ": an index or pull run holds its index lock; publish once it is done (or run"
              + " it with --publish-to)",
          e);
    } catch (IOException | RuntimeException e) {
      throw CommandFailure.failure(
          "publishing vendor "
              + vendor
              + " to "
              + to
              + " failed: "
              + e.getMessage()
              + "; the store's previous publication stays in force",
          e);
    }
  }
}

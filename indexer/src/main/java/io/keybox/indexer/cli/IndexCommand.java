package io.keybox.indexer.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.indexer.build.BuildReport;
import io.keybox.indexer.build.Reject;
import io.keybox.indexer.build.UnreadableDumpException;
import io.keybox.indexer.build.VendorIndexBuilder;
import io.keybox.indexer.build.VendorLayout;
import io.keybox.indexer.feed.FeedFormat;
import io.keybox.schema.cli.CommandLine;
import io.keybox.schema.cli.CommandLine.Option;
import io.keybox.schema.cli.CommandLine.UsageException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import org.apache.lucene.store.LockObtainFailedException;

/**
 * {@code index}: builds a vendor's new state from a feed dump and publishes it (OPERATIONS.md
 * §2–§4). Exit codes: 0 published, 1 bad input (bad arguments, unreadable or refused dump), 2 I/O
 * failure.
 */
public final class IndexCommand {
  private static final List<Option> OPTIONS =
      List.of(
          new Option("--data-dir", true, "data directory holding one folder per vendor (required)"),
          new Option("--vendor", true, "vendor name, e.g. houston (required)"),
          new Option("--listings", true, "listings dump, plain or gzip (required)"),
          new Option(
              "--format",
              true,
              "native (API-shaped NDJSON, default) or reso (RESO Property records, NDJSON or OData pages)"),
          new Option(
              "--incremental",
              false,
              "apply the dump as upserts to the current index; status Delete removes a listing"),
          new Option("--force", false, "publish even a dump with under half the current listings"),
          new Option("--threads", true, "parsing threads (default: the number of cores)"),
          new Option("--help", false, "this text"));

  private IndexCommand() {}

  /** Runs the command; returns the exit code. */
  public static int run(String[] args, PrintStream out, PrintStream err) {
    CommandLine line;
    try {
      line = CommandLine.parse(args, OPTIONS);
      if (line.has("--help")) {
        out.print(help());
        return 0;
      }
      VendorLayout layout;
      try {
        layout = new VendorLayout(Path.of(line.required("--data-dir")), line.required("--vendor"));
      } catch (IllegalArgumentException e) {
        throw new UsageException("--vendor: " + e.getMessage());
      }
      Path listings = Path.of(line.required("--listings"));
      if (!Files.isReadable(listings)) {
        throw new UsageException("--listings: cannot read '" + listings + "'");
      }
      String formatName = line.value("--format").orElse("native");
      FeedFormat format =
          FeedFormat.parse(formatName)
              .orElseThrow(
                  () ->
                      new UsageException(
                          "--format: unknown value '" + formatName + "'; allowed: native, reso"));
      int cores = Runtime.getRuntime().availableProcessors();
      int threads = line.intValue("--threads", 1, 256, cores);
      if (line.has("--incremental") && line.has("--force")) {
        throw new UsageException(
            "--force: not needed with --incremental, which never drops listings");
      }
      return index(
          layout,
          listings,
          format,
          line.has("--incremental"),
          line.has("--force"),
          threads,
          out,
          err);
    } catch (UsageException e) {
      err.println("keybox index: " + e.getMessage() + " (see --help)");
      return 1;
    }
  }

  private static int index(
      VendorLayout layout,
      Path listings,
      FeedFormat format,
      boolean incremental,
      boolean force,
      int threads,
      PrintStream out,
      PrintStream err) {
    long started = System.nanoTime();
    try {
      VendorIndexBuilder builder =
          new VendorIndexBuilder(new ObjectMapper(), Clock.systemUTC(), threads);
      BuildReport report =
          incremental
              ? builder.update(layout, listings, format)
              : builder.rebuild(layout, listings, format, force);
      for (Reject reject : report.rejects().subList(0, Math.min(5, report.rejects().size()))) {
        err.println("keybox index: rejected line " + reject.line() + ": " + reject.reason());
      }
      if (!report.published()) {
        err.println("keybox index: " + report.refusal());
        return 1;
      }
      double seconds = (System.nanoTime() - started) / 1e9;
      out.printf(
          "keybox index: vendor %s: %d listings written, %d removed, %d rejected (see %s), %.1f s,"
              + " %.0f listings/s%n",
          layout.vendor(),
          report.listings(),
          report.deleted(),
          report.rejects().size(),
          layout.rejects(),
          seconds,
          report.listings() / Math.max(seconds, 1e-9));
      return 0;
    } catch (UnreadableDumpException e) {
      err.println("keybox index: " + e.getMessage() + "; the current index is unchanged");
      return 1;
    } catch (LockObtainFailedException e) {
      err.println(
          "keybox index: another indexer is writing vendor "
              + layout.vendor()
              + "; wait for it to finish");
      return 2;
    } catch (IOException | RuntimeException e) {
      err.println("keybox index: failed: " + e + "; the current index is unchanged");
      return 2;
    }
  }

  static String help() {
    return "Usage: ./run.sh index --data-dir DIR --vendor NAME --listings FILE [--format native|reso]"
        + " [--incremental | --force]\n\n"
        + "Builds the vendor's complete new index from a listings dump and publishes it with one\n"
        + "commit; the previous state serves until then. Bad records are skipped and written with\n"
        + "their line numbers to DIR/NAME/rejects.ndjson.\n\nOptions:\n"
        + CommandLine.help(OPTIONS)
        + "\nExample:\n  ./run.sh index --data-dir data/index --vendor houston --listings feed/listings.ndjson.gz\n";
  }
}

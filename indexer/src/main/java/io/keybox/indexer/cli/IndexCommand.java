package io.keybox.indexer.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.indexer.build.BuildReport;
import io.keybox.indexer.build.FeedDumps;
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
import java.util.Optional;
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
              "--openhouses",
              true,
              "open houses dump, plain or gzip (default: none, the state has none)"),
          new Option(
              "--agents", true, "agents dump, plain or gzip (default: none, the state has none)"),
          new Option(
              "--format",
              true,
              "native (API-shaped NDJSON) or reso (RESO Property, OpenHouse and Member records,"
                  + " NDJSON or OData pages) (default: native)"),
          new Option(
              "--incremental",
              false,
              "apply the listings as upserts to the current index; status Delete removes one"
                  + " (default: off, a full run replaces the vendor's state)"),
          new Option(
              "--force",
              false,
              "publish a dump the checks refuse: none of its records usable, under half the"
                  + " current listings or agents, no open house while some are indexed (default:"
                  + " off)"),
          new Option(
              "--threads",
              true,
              "parsing threads (default: the number of cores, here "
                  + Runtime.getRuntime().availableProcessors()
                  + ")"),
          new Option("--help", false, "this text"));

  private IndexCommand() {}

  /** What one run is asked to do. */
  private record Job(
      VendorLayout layout,
      FeedDumps dumps,
      FeedFormat format,
      boolean incremental,
      boolean force) {}

  /** Runs the command; returns the exit code. */
  public static int run(String[] args, PrintStream out, PrintStream err) {
    try {
      CommandLine line = CommandLine.parse(args, OPTIONS);
      if (line.has("--help")) {
        out.print(help());
        return 0;
      }
      int cores = Runtime.getRuntime().availableProcessors();
      int threads = line.intValue("--threads", 1, 256, cores);
      return index(job(line, true), threads, out, err);
    } catch (UsageException e) {
      err.println("keybox index: " + e.getMessage() + " (see --help)");
      return 1;
    }
  }

  /**
   * Checks {@code args} as {@link #run} would, without reading or writing any file: the options,
   * their values and their combinations (used to check the command lines in the docs).
   *
   * @throws UsageException naming the option that is wrong
   */
  public static void checkArguments(String[] args) throws UsageException {
    CommandLine line = CommandLine.parse(args, OPTIONS);
    if (!line.has("--help")) {
      line.intValue("--threads", 1, 256, 1);
      job(line, false);
    }
  }

  private static Job job(CommandLine line, boolean checkFiles) throws UsageException {
    Path dataDir = Path.of(line.required("--data-dir"));
    if (checkFiles && Files.exists(dataDir) && !Files.isDirectory(dataDir)) {
      throw new UsageException(
          "--data-dir: '" + dataDir + "' is a file; give the directory that holds the vendors");
    }
    VendorLayout layout;
    try {
      layout = new VendorLayout(dataDir, line.required("--vendor"));
    } catch (IllegalArgumentException e) {
      throw new UsageException("--vendor: " + e.getMessage());
    }
    FeedDumps dumps =
        new FeedDumps(
            readable("--listings", Optional.of(line.required("--listings")), checkFiles)
                .orElseThrow(),
            readable("--openhouses", line.value("--openhouses"), checkFiles),
            readable("--agents", line.value("--agents"), checkFiles));
    String formatName = line.value("--format").orElse("native");
    FeedFormat format =
        FeedFormat.parse(formatName)
            .orElseThrow(
                () ->
                    new UsageException(
                        "--format: unknown value '" + formatName + "'; allowed: native, reso"));
    boolean incremental = line.has("--incremental");
    if (incremental && line.has("--force")) {
      throw new UsageException(
          "--force: a full run's option; an incremental run only adds, replaces and removes what"
              + " its dumps name, and refuses only a dump none of whose records could be used");
    }
    return new Job(layout, dumps, format, incremental, line.has("--force"));
  }

  private static int index(Job job, int threads, PrintStream out, PrintStream err) {
    long started = System.nanoTime();
    VendorLayout layout = job.layout();
    try {
      VendorIndexBuilder builder =
          new VendorIndexBuilder(new ObjectMapper(), Clock.systemUTC(), threads);
      BuildReport report =
          job.incremental()
              ? builder.update(layout, job.dumps(), job.format())
              : builder.rebuild(layout, job.dumps(), job.format(), job.force());
      for (Reject reject : report.rejects().subList(0, Math.min(5, report.rejects().size()))) {
        err.println(
            "keybox index: rejected "
                + reject.dump()
                + " line "
                + reject.line()
                + ": "
                + reject.reason());
      }
      if (!report.published()) {
        err.println("keybox index: " + report.refusal());
        return 1;
      }
      double seconds = (System.nanoTime() - started) / 1e9;
      String others =
          job.incremental()
              ? String.format(
                  "%d open houses written, %d removed with their listing, %d agents written",
                  report.openHouses(), report.openHousesRemoved(), report.agents())
              : String.format("%d open houses, %d agents", report.openHouses(), report.agents());
      // An incremental run's work is the records it read (deletes too), not what it wrote.
      String rate =
          job.incremental()
              ? String.format("%.0f records/s", report.read() / Math.max(seconds, 1e-9))
              : String.format("%.0f listings/s", report.listings() / Math.max(seconds, 1e-9));
      out.printf(
          "keybox index: vendor %s: %d listings written, %d removed, %s,"
              + " %d rejected (see %s)%s, %.1f s, %s%n",
          layout.vendor(),
          report.listings(),
          report.deleted(),
          others,
          report.rejects().size(),
          layout.rejects(),
          (report.superseded() > 0 ? ", " + report.superseded() + " superseded" : "")
              + (report.hidden() > 0 ? ", " + report.hidden() + " hidden (MlgCanView)" : ""),
          seconds,
          rate);
      if (report.untyped() > 0) {
        err.println(
            "keybox index: warning: "
                + report.untyped()
                + " listings have no property type: they are indexed, but no search finds them");
      }
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
      err.println("keybox index: " + FailureAdvice.line(e, layout));
      return 2;
    }
  }

  private static Optional<Path> readable(String option, Optional<String> value, boolean check)
      throws UsageException {
    if (value.isEmpty()) {
      return Optional.empty();
    }
    Path file = Path.of(value.get());
    if (check && !Files.isReadable(file)) {
      throw new UsageException(option + ": cannot read '" + file + "'");
    }
    return Optional.of(file);
  }

  static String help() {
    return "Usage: ./run.sh index --data-dir DIR --vendor NAME --listings FILE"
        + " [--openhouses FILE] [--agents FILE]\n"
        + "                     [--format native|reso] [--incremental | --force]\n\n"
        + "Builds the vendor's complete new index from a dump (listings, and optionally open\n"
        + "houses and agents) and publishes it with one commit; the previous state serves until\n"
        + "then. A full run without --openhouses or --agents publishes a state without them. Open\n"
        + "houses name their listing by mlsId or listingId of the same dump, or carry it whole.\n"
        + "--incremental applies the dumps as upserts: listings (status Delete removes one, with\n"
        + "its open houses), open houses (by openHouseId; they may name a listing already\n"
        + "indexed) and agents (by id); what the dumps do not name stays.\n"
        + "Bad records are skipped and written with their dump and line numbers to\n"
        + "DIR/NAME/rejects.ndjson.\n\nOptions:\n"
        + CommandLine.help(OPTIONS)
        + "\nExamples:\n  ./run.sh index --data-dir data/index --vendor houston"
        + " --listings feed/listings.ndjson.gz \\\n      --openhouses feed/openhouses.ndjson.gz"
        + " --agents feed/agents.ndjson.gz\n"
        + "  ./run.sh index --data-dir data/index --vendor houston --format reso"
        + " --listings reso/Property.json.gz\n";
  }
}

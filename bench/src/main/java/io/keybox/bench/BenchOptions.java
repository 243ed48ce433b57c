package io.keybox.bench;

import io.keybox.generator.GeneratorConfig;
import io.keybox.schema.cli.CommandLine;
import io.keybox.schema.cli.CommandLine.Option;
import io.keybox.schema.cli.CommandLine.UsageException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * What one bench run does. {@code --quick} changes the defaults (20,000 listings, keybox and
 * lucene, 2 s per class after 1 s of warm-up); options given explicitly still win.
 *
 * @param listings listings to generate and index
 * @param clients concurrent clients per system
 * @param durationSeconds measured seconds per class and system
 * @param warmupSeconds unmeasured seconds before each measurement
 * @param systems the systems to compare
 * @param out where to write the JSON report, if anywhere
 * @param quick whether this is the quick run of the test suite
 * @param seed the generator's seed; the query mix is drawn from it too
 * @param vendor the vendor name of the generated feed
 * @param workDir a directory to keep the feed, index and logs in (reused when the feed matches);
 *     empty: a temporary directory, deleted at the end
 * @param profile whether to record the indexer and server with JFR and print the hottest frames
 * @param serverHeap the server's {@code -Xmx}, or empty for the JVM's default
 * @param classes the query classes to run (empty: all)
 * @param gzip whether the HTTP clients accept gzip
 * @param rounds how many times each system runs each class, in turn with the others, sharing the
 *     duration
 * @param reuseIndex whether to reuse the index of an earlier run in the work directory (indexing is
 *     then not measured)
 * @param rate requests per second per class and system, sent at fixed times (open loop); 0: the
 *     clients send back to back (closed loop)
 */
public record BenchOptions(
    long listings,
    int clients,
    int durationSeconds,
    int warmupSeconds,
    Set<SystemName> systems,
    Optional<Path> out,
    boolean quick,
    long seed,
    String vendor,
    Optional<Path> workDir,
    boolean profile,
    Optional<String> serverHeap,
    Set<String> classes,
    boolean gzip,
    int rounds,
    boolean reuseIndex,
    int rate) {

  public static final long DEFAULT_LISTINGS = 1_000_000;
  public static final long QUICK_LISTINGS = 20_000;
  public static final int DEFAULT_CLIENTS = 8;
  public static final int DEFAULT_DURATION = 20;
  public static final int QUICK_DURATION = 1;
  public static final String DEFAULT_SERVER_HEAP = "512m";

  static final List<Option> OPTIONS =
      List.of(
          new Option(
              "--listings",
              true,
              "listings to generate and index (default 1,000,000; --quick: 20,000)"),
          new Option("--clients", true, "concurrent keep-alive clients per system (default 8)"),
          new Option(
              "--rate",
              true,
              "open loop: R requests/s per class, at fixed times spread over the clients, latency"
                  + " counted from each scheduled time (default 0: back to back)"),
          new Option(
              "--duration", true, "measured seconds per query class and system (default 20)"),
          new Option(
              "--warmup", true, "unmeasured seconds before each measurement (default duration/4)"),
          new Option(
              "--systems",
              true,
              "comma-separated: keybox,lucene,postgres (default all; --quick: keybox,lucene)"),
          new Option(
              "--rounds",
              true,
              "split each class's duration into rounds, the systems taking turns (default:"
                  + " duration/5, 1..4)"),
          new Option("--out", true, "write the JSON report to this file"),
          new Option("--quick", false, "the test suite's run: 20,000 listings, keybox and lucene"),
          new Option("--seed", true, "generator seed; the query mix is drawn from it (default 42)"),
          new Option("--classes", true, "comma-separated query classes to run (default: all)"),
          new Option(
              "--work-dir",
              true,
              "keep feed, index, logs and profiles here; a matching feed is reused"
                  + " (default: a temporary directory, deleted)"),
          new Option("--profile", false, "record the indexer and the server with JFR"),
          new Option(
              "--server-heap",
              true,
              "the server's heap, -Xms and -Xmx both, or 'default' for the JVM's own (default 512m)"),
          new Option("--gzip", false, "HTTP clients send Accept-Encoding: gzip"),
          new Option(
              "--reuse-index",
              false,
              "with --work-dir: reuse the index of an earlier run (indexing not measured)"),
          new Option("--help", false, "this text"));

  /**
   * Parses the command line.
   *
   * @return empty when {@code --help} was asked for
   * @throws UsageException naming the option and what is allowed
   */
  public static Optional<BenchOptions> parse(String[] args) throws UsageException {
    CommandLine line = CommandLine.parse(args, OPTIONS);
    if (line.has("--help")) {
      return Optional.empty();
    }
    boolean quick = line.has("--quick");
    long listings = longValue(line, "--listings", quick ? QUICK_LISTINGS : DEFAULT_LISTINGS);
    if (listings < 100 || listings > GeneratorConfig.MAX_LISTINGS) {
      throw new UsageException(
          "--listings must be 100.." + GeneratorConfig.MAX_LISTINGS + " (got: " + listings + ")");
    }
    int clients = line.intValue("--clients", 1, 1024, DEFAULT_CLIENTS);
    int rate = line.intValue("--rate", 0, 1_000_000, 0);
    int duration = line.intValue("--duration", 1, 3600, quick ? QUICK_DURATION : DEFAULT_DURATION);
    int warmup = line.intValue("--warmup", 0, 3600, Math.max(1, duration / 4));
    int rounds =
        line.intValue("--rounds", 1, Math.max(1, duration), Math.max(1, Math.min(4, duration / 5)));
    Set<SystemName> systems =
        systems(line.value("--systems").orElse(quick ? "keybox,lucene" : "keybox,lucene,postgres"));
    Optional<Path> out = path(line, "--out");
    if (line.has("--reuse-index") && !line.has("--work-dir")) {
      throw new UsageException("--reuse-index needs --work-dir DIR (the run whose index to reuse)");
    }
    long seed = longValue(line, "--seed", GeneratorConfig.DEFAULT_SEED);
    Set<String> classes = new LinkedHashSet<>();
    line.value("--classes")
        .ifPresent(
            v -> {
              for (String name : v.split(",")) {
                if (!name.isBlank()) {
                  classes.add(name.strip());
                }
              }
            });
    Optional<String> heap =
        Optional.of(line.value("--server-heap").orElse(DEFAULT_SERVER_HEAP))
            .filter(h -> !h.equalsIgnoreCase("default"));
    if (heap.isPresent() && !heap.get().matches("[0-9]+[kmgKMG]?")) {
      throw new UsageException(
          "--server-heap must be a JVM size such as 512m or 2g, or 'default' (got: '"
              + heap.get()
              + "')");
    }
    return Optional.of(
        new BenchOptions(
            listings,
            clients,
            duration,
            warmup,
            systems,
            out,
            quick,
            seed,
            GeneratorConfig.DEFAULT_VENDOR,
            path(line, "--work-dir"),
            line.has("--profile"),
            heap,
            Set.copyOf(classes),
            line.has("--gzip"),
            rounds,
            line.has("--reuse-index"),
            rate));
  }

  /** The --help text. */
  public static String help() {
    return "Usage: ./run.sh bench [--listings N] [--clients C] [--duration S] [--systems"
        + " keybox,lucene,postgres]\n"
        + "                     [--out FILE] [--quick] [--classes a,b] [--work-dir DIR]"
        + " [--profile]\n\n"
        + "Generates N listings with the feed generator, indexes them with the Keybox indexer,"
        + " starts the\n"
        + "server, and runs a fixed query mix (see bench/README.md) with C concurrent keep-alive"
        + " clients\n"
        + "for S seconds per query class against each system: Keybox over HTTP, the same"
        + " Lucene queries\n"
        + "in-process, and PostgreSQL 15 + PostGIS (installed with apt-get when missing, if"
        + " run as root;\n"
        + "started on a loopback port in a temporary directory and removed afterwards).\n"
        + "Prints a table per class and the targets; --out writes the same as JSON.\n\n"
        + "Options:\n"
        + CommandLine.help(OPTIONS)
        + "\nExamples:\n"
        + "  ./run.sh bench                                   # the full run: 1M listings, all"
        + " three systems\n"
        + "  ./run.sh bench --listings 200000 --duration 10 --out bench.json\n"
        + "  ./run.sh bench --quick                           # what ./run.sh test runs\n";
  }

  private static Set<SystemName> systems(String value) throws UsageException {
    Set<SystemName> systems = EnumSet.noneOf(SystemName.class);
    for (String name : value.split(",")) {
      String label = name.strip().toLowerCase(Locale.ROOT);
      if (label.isEmpty()) {
        continue;
      }
      systems.add(
          SystemName.parse(label)
              .orElseThrow(
                  () ->
                      new UsageException(
                          "--systems: unknown system '"
                              + name.strip()
                              + "'; allowed: "
                              + String.join(", ", SystemName.labels()))));
    }
    if (systems.isEmpty()) {
      throw new UsageException(
          "--systems: name at least one of " + String.join(", ", SystemName.labels()));
    }
    return systems;
  }

  private static long longValue(CommandLine line, String name, long fallback)
      throws UsageException {
    Optional<String> value = line.value(name);
    if (value.isEmpty()) {
      return fallback;
    }
    try {
      return Long.parseLong(value.get().strip().replace("_", "").replace(",", ""));
    } catch (NumberFormatException e) {
      throw new UsageException(name + " must be a whole number (got: '" + value.get() + "')");
    }
  }

  private static Optional<Path> path(CommandLine line, String name) throws UsageException {
    Optional<String> value = line.value(name);
    if (value.isEmpty()) {
      return Optional.empty();
    }
    try {
      return Optional.of(Path.of(value.get()));
    } catch (InvalidPathException e) {
      throw new UsageException(name + ": '" + value.get() + "' is not a valid path");
    }
  }
}

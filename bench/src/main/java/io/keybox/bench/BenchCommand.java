package io.keybox.bench;

import io.keybox.app.cli.HelpOption;
import io.keybox.app.cli.Range;
import io.keybox.app.cli.Wording;
import io.keybox.bench.media.MediaBench;
import io.keybox.bench.report.JsonReport;
import io.keybox.bench.report.QpsChart;
import io.keybox.bench.report.RunReport;
import io.keybox.bench.report.TextReport;
import io.keybox.generator.GeneratorConfig;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code ./run.sh bench}: reads the {@link BenchOptions} of a run from the command line, runs it,
 * and prints the report. Exit codes: 0 done, 1 bad arguments, 2 a step of the run failed.
 */
@Command(
    name = "bench",
    customSynopsis = {
      "./run.sh bench [--listings N] [--clients C] [--duration S]",
      "                     [--systems keybox,lucene,postgres,opensearch] [--out FILE] [--quick]",
      "                     [--classes a,b] [--work-dir DIR] [--profile] [--rate R|half]",
      "                     [--repeat N] [--pin] [--chart FILE] [--alerts N]",
      "       ./run.sh bench --media-only [--listings N] [--clients C] [--duration S] [--work-dir DIR]",
      "                     [--distinct-listings N] [--media-host NAME]"
    },
    descriptionHeading = "%n",
    description = {
      "Generates N listings with the feed generator, indexes them with the Keybox indexer, starts"
          + " the",
      "server, and runs a fixed query mix (see bench/README.md) with C concurrent keep-alive"
          + " clients",
      "for S seconds per query class against each system: Keybox over HTTP, the same Lucene"
          + " queries",
      "in-process, PostgreSQL 15 + PostGIS (installed with apt-get when missing, if run as"
          + " root;",
      "started on a loopback port in a temporary directory and removed afterwards), and a"
          + " single-node",
      "OpenSearch 3 over HTTP (its jars resolved from Maven Central by bench/opensearch/pom.xml;"
          + " Java 21+).",
      "Prints a table per class and the targets; --out writes the same as JSON.",
      "--media-only runs the media measurement alone (issue 33): the mirror rate of 'keybox index",
      "--media mirror' and Keybox serving 800 px photos against nginx (installed with apt-get when",
      "missing, if run as root) serving the same files; and the resize rate, a mirror of photos",
      "that are all distinct (--distinct-listings)."
    },
    optionListHeading = "%nOptions:%n",
    footerHeading = "%nExamples:%n",
    footer = {
      "  ./run.sh bench                                   # the full run: 1M listings, all four"
          + " systems",
      "  ./run.sh bench --listings 200000 --duration 10 --out bench.json",
      "  ./run.sh bench --quick                           # what ./run.sh test runs",
      "  ./run.sh bench --quick --classes hot-pages --rate half  # + open loop at half load",
      "  ./run.sh bench --listings 20000 --duration 4 --repeat 2 --pin  # medians, spreads,"
          + " pinned too",
      "  ./run.sh bench --media-only --listings 20000 --duration 10  # photos: mirror rate, vs"
          + " nginx"
    })
final class BenchCommand implements Callable<Integer>, Wording {
  @Spec CommandSpec spec;

  private final PrintStream out;
  private final PrintStream err;

  @Option(
      names = "--listings",
      paramLabel = "N",
      converter = WholeNumber.class,
      description = "listings to generate and index (default 1,000,000; --quick: 20,000)")
  @Range(min = 100, max = GeneratorConfig.MAX_LISTINGS)
  Long listings;

  @Option(
      names = "--clients",
      paramLabel = "C",
      description = "concurrent keep-alive clients per system (default ${DEFAULT-VALUE})")
  @Range(min = 1, max = 1024)
  int clients = BenchOptions.DEFAULT_CLIENTS;

  @Option(
      names = "--rate",
      paramLabel = "R",
      description =
          "open loop: R requests/s per class, at fixed times spread over the clients, latency"
              + " counted from each scheduled time; 'half': closed loop, then open loop at half of"
              + " Keybox's closed-loop QPS of each class (default 0: back to back)")
  String rate = "0";

  @Option(
      names = "--duration",
      paramLabel = "S",
      description = "measured seconds per query class and system (default 20; --quick: 1)")
  @Range(min = 1, max = 3600)
  Integer duration;

  @Option(
      names = "--warmup",
      paramLabel = "S",
      description = "unmeasured seconds before each measurement (default duration/4, at least 1)")
  @Range(min = 0, max = 3600)
  Integer warmup;

  @Option(
      names = "--systems",
      paramLabel = "LIST",
      description =
          "comma-separated: keybox,lucene,postgres,opensearch (default all; --quick:"
              + " keybox,lucene)")
  String systems;

  @Option(
      names = "--rounds",
      paramLabel = "N",
      description =
          "split each class's duration into rounds, the systems taking turns (default:"
              + " duration/5, 1..4)")
  @Range(min = 1, max = 3600)
  Integer rounds;

  @Option(
      names = "--out",
      paramLabel = "FILE",
      description = "write the JSON report to this file (default: none)")
  Path reportFile;

  @Option(
      names = "--quick",
      description = "the test suite's run: 20,000 listings, keybox and lucene (default: off)")
  boolean quick;

  @Option(
      names = "--seed",
      paramLabel = "S",
      converter = WholeNumber.class,
      description = "generator seed; the query mix is drawn from it (default ${DEFAULT-VALUE})")
  long seed = GeneratorConfig.DEFAULT_SEED;

  @Option(
      names = "--classes",
      paramLabel = "LIST",
      description = "comma-separated query classes to run (default: all)")
  String classes;

  @Option(
      names = "--work-dir",
      paramLabel = "DIR",
      description =
          "keep feed, index, logs and profiles here; a matching feed is reused (default: a"
              + " temporary directory, deleted)")
  Path workDir;

  @Option(
      names = "--profile",
      description = "record the indexer and the server with JFR (default: off)")
  boolean profile;

  @Option(
      names = "--server-heap",
      paramLabel = "SIZE",
      description =
          "the server's heap, -Xms and -Xmx both, or 'default' for the JVM's own (default"
              + " ${DEFAULT-VALUE})")
  String serverHeap = BenchOptions.DEFAULT_SERVER_HEAP;

  @Option(names = "--gzip", description = "HTTP clients send Accept-Encoding: gzip (default: off)")
  boolean gzip;

  @Option(
      names = "--reuse-index",
      description =
          "with --work-dir: reuse the index of an earlier run (indexing not measured; default:"
              + " off)")
  boolean reuseIndex;

  @Option(
      names = "--chart",
      paramLabel = "FILE",
      description =
          "draw the run's QPS per class and system as a PNG bar chart, from its JSON report"
              + " (default: none)")
  Path chartFile;

  @Option(
      names = "--repeat",
      paramLabel = "N",
      description =
          "measure each class N times, the systems interleaved in each; report the median QPS and"
              + " the spread (min-max) of each ratio (default 3; --quick: 1)")
  @Range(min = 1, max = 100)
  Integer repeat;

  @Option(
      names = "--alerts",
      paramLabel = "N",
      description =
          "start the Keybox server with --alerts and N saved searches of the bench key, to"
              + " measure the request path with alerts on (issue 35; default: 0, alerts off)")
  @Range(min = 0, max = 10_000)
  int alertsSearches;

  @Option(
      names = "--pin",
      description =
          "measure each repeat twice: as is, and pinned (taskset: every server on CPU 0, the"
              + " load generator on CPU 1), and report both ratios (default: off)")
  boolean pin;

  @Option(
      names = "--media-only",
      description =
          "run only the media measurement: the photo mirror rate, and Keybox serving 800 px"
              + " photos against nginx (default: off; its listings default to 20,000)")
  boolean mediaOnly;

  @Option(
      names = "--distinct-listings",
      paramLabel = "N",
      converter = WholeNumber.class,
      defaultValue = "1000",
      description =
          "with --media-only: also mirror the first N listings with every photo distinct, from a"
              + " loopback web server, for the resize rate (each photo decoded and its variants"
              + " written); 0 skips it (default: ${DEFAULT-VALUE})")
  long distinctListings;

  @Option(
      names = "--media-host",
      paramLabel = "NAME",
      defaultValue = MediaBench.DEFAULT_HOST,
      description =
          "with --media-only: the Host header of the photo requests (they go to 127.0.0.1 whatever"
              + " it names), as a browser names a site or CDN; an IP literal such as 127.0.0.1 is"
              + " what the bench sent before session 7 (default: ${DEFAULT-VALUE})")
  String mediaHost;

  @Mixin HelpOption help;

  BenchCommand(PrintStream out, PrintStream err) {
    this.out = out;
    this.err = err;
  }

  /** Whole numbers as people write them: {@code 1,000,000} and {@code 1_000_000} too. */
  static final class WholeNumber implements ITypeConverter<Long> {
    @Override
    public Long convert(String value) {
      return Long.parseLong(value.strip().replace("_", "").replace(",", ""));
    }
  }

  @Override
  public String errorPrefix() {
    return "keybox bench";
  }

  @Override
  public Integer call() {
    BenchOptions options = options();
    if (mediaOnly) {
      return media(options);
    }
    RunReport report;
    try {
      report = new BenchRun(options, err).run();
    } catch (IllegalArgumentException e) {
      err.println("keybox bench: " + e.getMessage());
      return 1;
    } catch (Exception e) {
      err.println("keybox bench: failed: " + e);
      e.printStackTrace(err);
      return 2;
    }
    TextReport.print(report, out);
    if (options.out().isPresent()) {
      try {
        JsonReport.write(report, options.out().get());
        err.println("keybox bench: JSON report written to " + options.out().get());
      } catch (IOException e) {
        err.println("keybox bench: cannot write " + options.out().get() + ": " + e.getMessage());
        return 2;
      }
    }
    if (chartFile != null) {
      try {
        QpsChart.write(JsonReport.toJson(report), chartFile);
        err.println("keybox bench: chart written to " + chartFile);
      } catch (IOException | IllegalArgumentException e) {
        err.println("keybox bench: cannot draw " + chartFile + ": " + e.getMessage());
        return 2;
      }
    }
    return 0;
  }

  /** {@code --media-only}: the media measurement alone. */
  private int media(BenchOptions options) {
    MediaBench.Settings settings = mediaSettings(options);
    try {
      MediaBench.print(new MediaBench(settings, err).run(), out);
      return 0;
    } catch (Exception e) {
      err.println("keybox bench: failed: " + e);
      e.printStackTrace(err);
      return 2;
    }
  }

  /**
   * What {@code --media-only} measures: the run's options, but 20,000 listings unless {@code
   * --listings} says (every listing's photos are mirrored first).
   */
  MediaBench.Settings mediaSettings(BenchOptions options) {
    return new MediaBench.Settings(
        listings != null ? listings : BenchOptions.QUICK_LISTINGS,
        options.seed(),
        options.clients(),
        options.durationSeconds(),
        options.warmupSeconds(),
        options.rounds(),
        options.workDir(),
        options.serverHeap(),
        options.profile(),
        distinctListings,
        mediaHost);
  }

  /** The options of the run: those given, and the defaults (of {@code --quick}) for the rest. */
  BenchOptions options() {
    int seconds =
        duration != null
            ? duration
            : quick ? BenchOptions.QUICK_DURATION : BenchOptions.DEFAULT_DURATION;
    int roundCount = rounds != null ? rounds : Math.max(1, Math.min(4, seconds / 5));
    if (roundCount > Math.max(1, seconds)) {
      throw usage(
          "--rounds must be a whole number 1.."
              + Math.max(1, seconds)
              + " (got: '"
              + roundCount
              + "')");
    }
    if (reuseIndex && workDir == null) {
      throw usage("--reuse-index needs --work-dir DIR (the run whose index to reuse)");
    }
    if (!mediaHost.matches("[A-Za-z0-9.-]+")) {
      throw usage(
          "--media-host must be a host name or IPv4 address, without a port (got: '"
              + mediaHost
              + "')");
    }
    if (distinctListings < 0) {
      throw usage(
          "--distinct-listings must be 0 (no resize rate) or more (got: " + distinctListings + ")");
    }
    Optional<String> heap = Optional.of(serverHeap).filter(h -> !h.equalsIgnoreCase("default"));
    if (heap.isPresent() && !heap.get().matches("[0-9]+[kmgKMG]?")) {
      throw usage(
          "--server-heap must be a JVM size such as 512m or 2g, or 'default' (got: '"
              + heap.get()
              + "')");
    }
    boolean halfLoad = rate.strip().equalsIgnoreCase(HALF);
    int perSecond = halfLoad ? 0 : rate(rate);
    Set<String> classNames = new LinkedHashSet<>();
    if (classes != null) {
      for (String name : classes.split(",")) {
        if (!name.isBlank()) {
          classNames.add(name.strip());
        }
      }
    }
    return new BenchOptions(
        listings != null
            ? listings
            : quick ? BenchOptions.QUICK_LISTINGS : BenchOptions.DEFAULT_LISTINGS,
        clients,
        seconds,
        warmup != null ? warmup : Math.max(1, seconds / 4),
        systems(
            systems != null
                ? systems
                : quick ? "keybox,lucene" : String.join(",", SystemName.labels())),
        Optional.ofNullable(reportFile),
        quick,
        seed,
        GeneratorConfig.DEFAULT_VENDOR,
        Optional.ofNullable(workDir),
        profile,
        heap,
        Set.copyOf(classNames),
        gzip,
        roundCount,
        reuseIndex,
        perSecond,
        halfLoad,
        repeat != null ? repeat : quick ? 1 : BenchOptions.DEFAULT_REPEAT,
        pin,
        alertsSearches);
  }

  /** {@code --rate half}. */
  static final String HALF = "half";

  /** A numeric {@code --rate}: requests per second, 0..1,000,000. */
  private int rate(String value) {
    try {
      int perSecond = Integer.parseInt(value.strip().replace("_", "").replace(",", ""));
      if (perSecond >= 0 && perSecond <= 1_000_000) {
        return perSecond;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw usage(
        "--rate must be a whole number 0..1,000,000 or '" + HALF + "' (got: '" + value + "')");
  }

  private Set<SystemName> systems(String value) {
    Set<SystemName> names = EnumSet.noneOf(SystemName.class);
    for (String name : value.split(",")) {
      String label = name.strip().toLowerCase(Locale.ROOT);
      if (label.isEmpty()) {
        continue;
      }
      names.add(
          SystemName.parse(label)
              .orElseThrow(
                  () ->
                      usage(
                          "--systems: unknown system '"
                              + name.strip()
                              + "'; allowed: "
                              + String.join(", ", SystemName.labels()))));
    }
    if (names.isEmpty()) {
      throw usage("--systems: name at least one of " + String.join(", ", SystemName.labels()));
    }
    return names;
  }

  private ParameterException usage(String problem) {
    return new ParameterException(spec.commandLine(), problem);
  }
}

package io.keybox.bench.report;

import io.keybox.bench.BenchOptions;
import io.keybox.bench.SystemName;
import io.keybox.bench.keybox.ServerProcess;
import io.keybox.bench.load.LoadResult;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Everything one run measured, and the targets checked against it.
 *
 * @param started when the run started
 * @param finished when it finished
 * @param machine the machine
 * @param loadBefore the 1-minute load average before the first measurement
 * @param loadAfter the 1-minute load average after the last
 * @param options the run's options
 * @param indexing what indexing or loading cost, per system
 * @param serverStartMillis how long the server took to answer its first search on the existing
 *     index (JVM start included), when Keybox ran: its first start, without a class-data archive
 * @param serverRestartMillis the same for its restart after the run, with the class-data archive
 *     the first start wrote at exit (as every later start run.sh makes); not measured with {@code
 *     --profile}
 * @param serverMemory the server's memory after the run, when Keybox ran
 * @param classes the results per query class, in mix order
 * @param profiles hottest frames of each JFR recording, by recording name, with {@code --profile}
 * @param notes remarks on the run (skipped peers and why)
 */
public record RunReport(
    Instant started,
    Instant finished,
    Machine machine,
    double loadBefore,
    double loadAfter,
    BenchOptions options,
    List<IndexingReport> indexing,
    OptionalDouble serverStartMillis,
    OptionalDouble serverRestartMillis,
    Optional<ServerProcess.Memory> serverMemory,
    List<ClassReport> classes,
    Map<String, String> profiles,
    List<String> notes) {

  /** The targets: set for 1,000,000 listings, 8 clients, on a 2-core machine. */
  public List<TargetCheck> targets() {
    List<TargetCheck> checks = new ArrayList<>();
    // Not a target of the issue, but what every ratio below rests on.
    List<String> differing =
        classes.stream()
            .filter(ClassReport::answersDiffer)
            .map(c -> c.queryClass().name())
            .toList();
    checks.add(
        new TargetCheck(
            "the systems' answers agree on every class",
            "all classes",
            differing.isEmpty()
                ? "agree on " + classes.size() + " classes"
                : "DIFFER on " + String.join(", ", differing) + " (see the class table)",
            classes.isEmpty() ? null : differing.isEmpty()));
    Optional<MixComparison> postgres = MixComparison.of(classes, SystemName.POSTGRES);
    checks.add(
        new TargetCheck(
            "mix throughput vs PostgreSQL/PostGIS",
            ">= 5x",
            postgres.map(RunReport::overClasses).orElse("not measured"),
            postgres.map(m -> m.ratio() >= 5).orElse(null)));
    Optional<MixComparison> lucene = MixComparison.of(classes, SystemName.LUCENE);
    checks.add(
        new TargetCheck(
            "mix throughput vs raw Lucene",
            ">= 0.7x",
            lucene.map(RunReport::overClasses).orElse("not measured"),
            lucene.map(m -> m.ratio() >= 0.7).orElse(null)));
    for (ClassReport report : classes) {
      checks.add(p99(report));
    }
    Optional<IndexingReport> keyboxIndexing =
        indexing.stream().filter(i -> i.system().equals(SystemName.KEYBOX.label())).findFirst();
    Optional<IndexingReport> luceneIndexing =
        indexing.stream().filter(i -> i.system().equals(SystemName.LUCENE.label())).findFirst();
    checks.add(
        new TargetCheck(
            "Keybox indexing",
            ">= 25,000 listings/s",
            keyboxIndexing
                .map(
                    i ->
                        String.format(Locale.ROOT, "%,.0f listings/s", i.listingsPerSecond())
                            + luceneIndexing
                                .map(
                                    l ->
                                        String.format(
                                            Locale.ROOT,
                                            " (Lucene alone: %,.0f listings/s; %.2fx of it)",
                                            l.listingsPerSecond(),
                                            i.listingsPerSecond() / l.listingsPerSecond()))
                                .orElse(""))
                .orElse("not measured"),
            keyboxIndexing.map(i -> i.listingsPerSecond() >= 25_000).orElse(null)));
    checks.add(
        new TargetCheck(
            "server heap after the run (live, after a full GC)",
            "<= 512 MB",
            serverMemory
                .filter(m -> m.heapLiveBytes() >= 0)
                .map(
                    m ->
                        mb(m.heapLiveBytes())
                            + " (in use before the GC: "
                            + mb(m.heapUsedBytes())
                            + ", RSS "
                            + mb(m.rssBytes())
                            + ")")
                .orElse("not measured"),
            serverMemory
                .filter(m -> m.heapLiveBytes() >= 0)
                .map(m -> m.heapLiveBytes() <= 512L * 1024 * 1024)
                .orElse(null)));
    checks.add(start(serverStartMillis, serverRestartMillis));
    return checks;
  }

  /** The server's start, and its restart when measured: "1.62 s first, 1.01 s restarted". */
  public String startText() {
    return startText(serverStartMillis, serverRestartMillis);
  }

  private static String startText(OptionalDouble first, OptionalDouble restart) {
    if (first.isEmpty()) {
      return "not measured";
    }
    String text = String.format(Locale.ROOT, "%.2f s", first.getAsDouble() / 1000);
    return restart.isEmpty()
        ? text
        : String.format(
            Locale.ROOT, "%s first, %.2f s restarted", text, restart.getAsDouble() / 1000);
  }

  /**
   * The start target: the first start (no class-data archive yet) and the restart (with it), when
   * measured, both within 2 s.
   */
  static TargetCheck start(OptionalDouble first, OptionalDouble restart) {
    return new TargetCheck(
        "server start on an existing index (to the first answered search)",
        "<= 2 s",
        startText(first, restart),
        first.isPresent()
            ? first.getAsDouble() <= 2000 && (restart.isEmpty() || restart.getAsDouble() <= 2000)
            : null);
  }

  /**
   * The p99 target of one class: Keybox's p99 against it. Raw Lucene's p99 in the same run is shown
   * beside it when the peer ran the class, for context only: whether the target can be met on this
   * machine at all.
   */
  static TargetCheck p99(ClassReport report) {
    SystemResult keybox = report.results().get(SystemName.KEYBOX);
    Optional<LoadResult> load = keybox == null ? Optional.empty() : keybox.load();
    SystemResult lucene = report.results().get(SystemName.LUCENE);
    String limit =
        lucene == null
            ? ""
            : lucene
                .load()
                .map(l -> String.format(Locale.ROOT, " (raw Lucene: %.1f ms)", l.p99Millis()))
                .orElse("");
    double target = report.queryClass().p99TargetMillis();
    return new TargetCheck(
        "p99 " + report.queryClass().name(),
        String.format(Locale.ROOT, "<= %.0f ms", target),
        load.map(l -> String.format(Locale.ROOT, "%.1f ms", l.p99Millis()) + limit)
            .orElse("not measured" + (keybox == null ? "" : ": " + keybox.note())),
        load.map(l -> l.p99Millis() <= target && l.errors() == 0).orElse(null));
  }

  private static String overClasses(MixComparison m) {
    return ratio(m.ratio())
        + " over "
        + m.classes().size()
        + " classes"
        + (m.leftOut().isEmpty()
            ? ""
            : " (left out, the answers differ: " + String.join(", ", m.leftOut()) + ")");
  }

  static String ratio(double ratio) {
    return Double.isNaN(ratio) ? "n/a" : String.format(Locale.ROOT, "%.2fx", ratio);
  }

  static String mb(long bytes) {
    return bytes < 0 ? "?" : String.format(Locale.ROOT, "%.0f MB", bytes / (1024.0 * 1024));
  }
}

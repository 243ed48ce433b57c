package io.keybox.bench.report;

import io.keybox.bench.SystemName;
import io.keybox.bench.load.LoadResult;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** The report as text tables: one block per class, then indexing, the server, the targets. */
public final class TextReport {
  /** A line of the target list: verdict, as written, name, target held to, measured. */
  private static final String TARGET_ROW = "  %-13s %-36s %-64s %-20s %s%n";

  private TextReport() {}

  /**
   * The class's throughput per repeat and Keybox's ratios over the repeats (median, and min-max),
   * per mode: {@code unpinned} and, with {@code --pin}, {@code pinned}.
   */
  static void printRepeats(ClassReport c, PrintStream out) {
    for (Map.Entry<String, Repeats> mode : c.repeats().entrySet()) {
      StringBuilder line =
          new StringBuilder("                  ").append(mode.getKey()).append(": QPS");
      for (Map.Entry<SystemName, List<Double>> system : mode.getValue().qps().entrySet()) {
        line.append(' ')
            .append(system.getKey().label())
            .append(' ')
            .append(String.format(Locale.ROOT, "%,.0f", mode.getValue().medianQps(system.getKey())))
            .append(" [")
            .append(
                String.join(
                    " ",
                    system.getValue().stream()
                        .map(q -> String.format(Locale.ROOT, "%.0f", q))
                        .toList()))
            .append(']');
      }
      for (SystemName peer : RunReport.PEERS) {
        Repeats.Ratio ratio = mode.getValue().ratio(SystemName.KEYBOX, peer);
        if (ratio.measured()) {
          line.append("; keybox/").append(peer.label()).append(' ').append(ratio.text());
        }
      }
      out.println(line);
    }
  }

  public static void print(RunReport report, PrintStream out) {
    var o = report.options();
    out.println();
    out.printf(
        Locale.ROOT,
        "Keybox bench: %,d listings, %d clients%s, %d s per class after %d s warm-up; systems %s%n",
        o.listings(),
        o.clients(),
        o.rate() > 0
            ? String.format(Locale.ROOT, " at %,d requests/s in all (open loop)", o.rate())
            : o.halfLoad() ? " (closed loop, then open loop at half of Keybox's QPS)" : "",
        o.durationSeconds(),
        o.warmupSeconds(),
        String.join(", ", o.systems().stream().map(SystemName::label).toList()));
    out.printf(
        Locale.ROOT,
        "machine: %s%nload average: %.2f before, %.2f after; %s .. %s%n",
        report.machine().summary(),
        report.loadBefore(),
        report.loadAfter(),
        report.started(),
        report.finished());
    if (o.rate() > 0) {
      out.println(
          "note: open loop: QPS is the offered rate where a system keeps up, so the throughput"
              + " ratios and targets say little; read the latencies");
    }
    for (String note : report.notes()) {
      out.println("note: " + note);
    }
    out.println();
    out.printf(
        Locale.ROOT,
        "%-17s %-12s %10s %9s %9s %9s %8s %9s  %s%n",
        "class",
        "system",
        "QPS",
        "p50 ms",
        "p99 ms",
        "max ms",
        "errors",
        "KB/answer",
        "QPS of each round");
    for (ClassReport c : report.classes()) {
      boolean first = true;
      for (Map.Entry<SystemName, SystemResult> e : c.results().entrySet()) {
        String name = first ? c.queryClass().name() : "";
        first = false;
        Optional<LoadResult> load = e.getValue().load();
        if (load.isEmpty()) {
          out.printf(
              Locale.ROOT,
              "%-17s %-12s   skipped: %s%n",
              name,
              e.getKey().label(),
              e.getValue().note());
          continue;
        }
        LoadResult l = load.get();
        out.printf(
            Locale.ROOT,
            "%-17s %-12s %,10.0f %9.2f %9.2f %9.1f %8d %9s  %s%n",
            name,
            e.getKey().label(),
            e.getValue().qps(),
            l.p50Millis(),
            l.p99Millis(),
            l.maxMillis(),
            l.errors(),
            l.bytesPerAnswer() == 0
                ? "-"
                : String.format(Locale.ROOT, "%.1f", l.bytesPerAnswer() / 1024.0),
            java.util.Arrays.stream(l.roundQps())
                .mapToObj(q -> String.format(Locale.ROOT, "%.0f", q))
                .collect(java.util.stream.Collectors.joining(" ")));
        if (l.firstError() != null) {
          out.println("                  first error: " + l.firstError());
        }
      }
      StringBuilder ratios = new StringBuilder("                  ");
      for (SystemName peer : RunReport.PEERS) {
        if (c.results().containsKey(peer) && c.results().containsKey(SystemName.KEYBOX)) {
          ratios.append("keybox/").append(peer.label()).append(' ');
          ratios.append(RunReport.ratio(c.ratio(peer))).append("   ");
        }
      }
      if (c.results().containsKey(SystemName.KEYBOX_CACHE)
          && c.results().containsKey(SystemName.KEYBOX)) {
        ratios.append("keybox+cache/keybox ");
        ratios
            .append(RunReport.ratio(c.ratio(SystemName.KEYBOX_CACHE, SystemName.KEYBOX)))
            .append("   ");
      }
      ratios.append(String.format(Locale.ROOT, "load %.1f   ", c.loadAverage()));
      ratios.append("answers: ").append(c.agreement());
      out.println(ratios);
      printRepeats(c, out);
    }
    printOpenLoop(report, out);
    out.println();
    out.println(
        "Mix throughput (one request of each class in turn; harmonic mean of class QPS;"
            + " keybox+cache not part of it):");
    for (SystemName peer : RunReport.PEERS) {
      MixComparison.of(report.classes(), peer)
          .ifPresent(
              m ->
                  out.printf(
                      Locale.ROOT,
                      "  keybox %,.0f QPS vs %s %,.0f QPS: %s over %d classes (%s)%s%n",
                      m.keyboxQps(),
                      peer.label(),
                      m.peerQps(),
                      RunReport.ratio(m.ratio()),
                      m.classes().size(),
                      String.join(", ", m.classes()),
                      m.leftOut().isEmpty()
                          ? ""
                          : "; left out, the answers differ: " + String.join(", ", m.leftOut())));
    }
    out.println();
    out.println("Indexing:");
    for (IndexingReport i : report.indexing()) {
      out.printf(
          Locale.ROOT,
          "  %-9s %,d listings in %.1f s: %,.0f listings/s; %s on disk%s%s%n",
          i.system(),
          i.listings(),
          i.seconds(),
          i.listingsPerSecond(),
          RunReport.mb(i.dataBytes()),
          i.indexBytes() > 0 ? " + " + RunReport.mb(i.indexBytes()) + " of indexes" : "",
          i.note() == null ? "" : " (" + i.note() + ")");
    }
    if (report.serverStarts().firstMillis().isPresent()) {
      out.printf(
          Locale.ROOT,
          "Server start on the index: %s%s%n",
          report.serverStarts().text(),
          report.serverStarts().firstArchived()
              ? " (first: as run.sh starts it; restarted: as without run.sh)"
              : "");
    }
    report
        .serverMemory()
        .ifPresent(
            m ->
                out.printf(
                    Locale.ROOT,
                    "Server memory after the run: heap %s in use, %s live after a full GC; RSS %s"
                        + " (-Xmx %s)%n",
                    RunReport.mb(m.heapUsedBytes()),
                    RunReport.mb(m.heapLiveBytes()),
                    RunReport.mb(m.rssBytes()),
                    report.options().serverHeap().orElse("JVM default")));
    out.println();
    out.printf(
        Locale.ROOT,
        "Targets (set for 1,000,000 listings, 8 clients, 2 cores; this run: %,d listings, %d"
            + " clients, %d processors):%n",
        report.options().listings(),
        report.options().clients(),
        report.machine().processors());
    out.printf(
        Locale.ROOT,
        "  Where the limit (raw Lucene's p99, Lucene alone's indexing rate) misses the issue's"
            + " target in this run,%n  Keybox is held to %.1fx of the limit instead; \"as written\""
            + " gives the issue's target and its verdict.%n",
        RunReport.LIMIT_SHARE);
    out.printf(Locale.ROOT, TARGET_ROW, "verdict", "as written", "target", "held to", "measured");
    for (TargetCheck t : report.targets()) {
      out.printf(
          Locale.ROOT,
          TARGET_ROW,
          t.verdict(),
          t.changed() ? t.verdictAsWritten() + " at " + t.written() : "-",
          t.name(),
          t.target(),
          t.measured());
    }
    for (Map.Entry<String, String> profile : report.profiles().entrySet()) {
      out.println();
      out.println("Profile " + profile.getKey() + ":");
      out.println(profile.getValue());
    }
  }

  /** The second table of {@code --rate half}: each class open loop at half of Keybox's QPS. */
  private static void printOpenLoop(RunReport report, PrintStream out) {
    if (report.classes().stream().noneMatch(c -> c.openLoop().isPresent())) {
      return;
    }
    out.println();
    out.println(
        "Open loop at half of Keybox's closed-loop throughput (latency from each scheduled"
            + " time):");
    out.printf(
        Locale.ROOT,
        "%-17s %10s %-12s %9s %9s %9s %8s%n",
        "class",
        "rate/s",
        "system",
        "p50 ms",
        "p99 ms",
        "max ms",
        "errors");
    for (ClassReport c : report.classes()) {
      if (c.openLoop().isEmpty()) {
        continue;
      }
      OpenLoop open = c.openLoop().get();
      boolean first = true;
      for (Map.Entry<SystemName, SystemResult> e : open.results().entrySet()) {
        Optional<LoadResult> load = e.getValue().load();
        if (load.isEmpty()) {
          continue;
        }
        LoadResult l = load.get();
        out.printf(
            Locale.ROOT,
            "%-17s %10s %-12s %9.2f %9.2f %9.1f %8d%n",
            first ? c.queryClass().name() : "",
            first ? String.format(Locale.ROOT, "%,d", open.rate()) : "",
            e.getKey().label(),
            l.p50Millis(),
            l.p99Millis(),
            l.maxMillis(),
            l.errors());
        if (l.firstError() != null) {
          out.println("                  first error: " + l.firstError());
        }
        first = false;
      }
    }
  }
}

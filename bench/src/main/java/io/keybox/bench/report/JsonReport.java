package io.keybox.bench.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.keybox.bench.BenchOptions;
import io.keybox.bench.SystemName;
import io.keybox.bench.load.LoadResult;
import io.keybox.bench.mix.QueryClass;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * The report as JSON ({@code --out}); bench/README.md documents every field. Numbers that were not
 * measured are {@code null}.
 */
public final class JsonReport {
  /** Bumped when a field changes meaning or disappears. */
  public static final int FORMAT = 5;

  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private JsonReport() {}

  /** Writes {@code report} to {@code file}, replacing it. */
  public static void write(RunReport report, Path file) throws IOException {
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    JSON.writeValue(file.toFile(), toJson(report));
  }

  /** The JSON tree of {@code report}. */
  public static ObjectNode toJson(RunReport report) {
    ObjectNode root = JSON.createObjectNode();
    root.put("format", FORMAT);
    root.put("started", report.started().toString());
    root.put("finished", report.finished().toString());
    ObjectNode machine = root.putObject("machine");
    machine.put("processors", report.machine().processors());
    machine.put("cpuModel", report.machine().cpuModel());
    machine.put("memoryBytes", report.machine().memoryBytes());
    machine.put("jdk", report.machine().jdk());
    machine.put("os", report.machine().os());
    machine.put("loadAverageBefore", report.loadBefore());
    machine.put("loadAverageAfter", report.loadAfter());
    root.set("config", config(report.options()));
    ArrayNode notes = root.putArray("notes");
    report.notes().forEach(notes::add);
    ArrayNode indexing = root.putArray("indexing");
    for (IndexingReport i : report.indexing()) {
      ObjectNode node = indexing.addObject();
      node.put("system", i.system());
      node.put("listings", i.listings());
      node.put("seconds", i.seconds());
      node.put("listingsPerSecond", i.listingsPerSecond());
      node.put("dataBytes", i.dataBytes());
      node.put("indexBytes", i.indexBytes());
      node.put("note", i.note());
    }
    ObjectNode server = root.putObject("server");
    ServerStarts starts = report.serverStarts();
    putMillis(server, "startMillis", starts.firstMillis());
    server.put("startArchived", starts.firstArchived());
    putMillis(server, "startWithoutArchiveMillis", starts.withoutArchiveMillis());
    server.put("heapLimit", report.options().serverHeap().orElse(null));
    report
        .serverMemory()
        .ifPresentOrElse(
            m -> {
              server.put("heapUsedBytes", m.heapUsedBytes());
              server.put("heapLiveBytes", m.heapLiveBytes());
              server.put("rssBytes", m.rssBytes());
            },
            () -> {
              server.putNull("heapUsedBytes");
              server.putNull("heapLiveBytes");
              server.putNull("rssBytes");
            });
    ArrayNode classes = root.putArray("classes");
    for (ClassReport c : report.classes()) {
      classes.add(classNode(c));
    }
    ObjectNode mix = root.putObject("mix");
    for (SystemName system : SystemName.values()) {
      if (!system.selectable()) {
        continue; // keybox+cache: hot-pages only, never part of the mix
      }
      number(mix.putObject(system.label()), "qps", MixComparison.mixQps(report.classes(), system));
    }
    for (SystemName peer : RunReport.PEERS) {
      String name = "keyboxOver" + capitalized(peer.label());
      MixComparison.of(report.classes(), peer)
          .ifPresentOrElse(
              m -> {
                ObjectNode node = mix.putObject(name);
                node.put("ratio", m.ratio());
                node.put("keyboxQps", m.keyboxQps());
                node.put("peerQps", m.peerQps());
                ArrayNode names = node.putArray("classes");
                m.classes().forEach(names::add);
                ArrayNode leftOut = node.putArray("leftOut");
                m.leftOut().forEach(leftOut::add);
              },
              () -> mix.putNull(name));
    }
    ArrayNode targets = root.putArray("targets");
    for (TargetCheck t : report.targets()) {
      ObjectNode node = targets.addObject();
      node.put("name", t.name());
      node.put("target", t.target());
      node.put("measured", t.measured());
      putVerdict(node, "holds", t.holds());
      node.put("written", t.written());
      putVerdict(node, "holdsAsWritten", t.holdsAsWritten());
      node.put("verdict", t.verdict());
    }
    ObjectNode profiles = root.putObject("profiles");
    report.profiles().forEach(profiles::put);
    return root;
  }

  private static void putMillis(ObjectNode node, String name, OptionalDouble millis) {
    if (millis.isPresent()) {
      node.put(name, millis.getAsDouble());
    } else {
      node.putNull(name);
    }
  }

  private static void putVerdict(ObjectNode node, String name, Boolean holds) {
    if (holds == null) {
      node.putNull(name);
    } else {
      node.put(name, holds);
    }
  }

  private static ObjectNode config(BenchOptions o) {
    ObjectNode config = JSON.createObjectNode();
    config.put("listings", o.listings());
    config.put("clients", o.clients());
    config.put("rate", o.rate());
    config.put("halfLoad", o.halfLoad());
    config.put("durationSeconds", o.durationSeconds());
    config.put("warmupSeconds", o.warmupSeconds());
    config.put("rounds", o.rounds());
    ArrayNode systems = config.putArray("systems");
    o.systems().forEach(s -> systems.add(s.label()));
    config.put("quick", o.quick());
    config.put("seed", o.seed());
    config.put("vendor", o.vendor());
    config.put("gzip", o.gzip());
    config.put("profile", o.profile());
    config.put("repeat", o.repeat());
    config.put("pin", o.pin());
    return config;
  }

  private static ObjectNode classNode(ClassReport c) {
    QueryClass q = c.queryClass();
    ObjectNode node = JSON.createObjectNode();
    node.put("name", q.name());
    if (q.endpoints().size() == 1) {
      node.put("endpoint", q.endpoints().iterator().next().name());
    } else {
      node.putNull("endpoint");
    }
    ArrayNode endpoints = node.putArray("endpoints");
    q.endpoints().forEach(e -> endpoints.add(e.name()));
    node.put("description", q.description());
    node.put("why", q.why());
    node.put("p99TargetMillis", q.p99TargetMillis());
    node.put("agreement", c.agreement());
    node.put("loadAverage", c.loadAverage());
    results(node.putObject("results"), c.results());
    ObjectNode ratios = node.putObject("ratios");
    number(ratios, "keyboxOverLucene", c.ratio(SystemName.LUCENE));
    number(ratios, "keyboxOverPostgres", c.ratio(SystemName.POSTGRES));
    number(ratios, "keyboxOverOpensearch", c.ratio(SystemName.OPENSEARCH));
    number(ratios, "keyboxCacheOverKeybox", c.ratio(SystemName.KEYBOX_CACHE, SystemName.KEYBOX));
    ObjectNode repeats = node.putObject("repeats");
    for (Map.Entry<String, Repeats> mode : c.repeats().entrySet()) {
      ObjectNode m = repeats.putObject(mode.getKey());
      ObjectNode qps = m.putObject("qps");
      for (Map.Entry<SystemName, List<Double>> system : mode.getValue().qps().entrySet()) {
        ObjectNode s = qps.putObject(system.getKey().label());
        number(s, "median", mode.getValue().medianQps(system.getKey()));
        ArrayNode each = s.putArray("repeats");
        system.getValue().forEach(each::add);
      }
      ObjectNode modeRatios = m.putObject("ratios");
      for (SystemName peer : RunReport.PEERS) {
        Repeats.Ratio ratio = mode.getValue().ratio(SystemName.KEYBOX, peer);
        if (ratio.measured()) {
          ObjectNode r = modeRatios.putObject("keyboxOver" + capitalized(peer.label()));
          number(r, "median", ratio.median());
          number(r, "min", ratio.min());
          number(r, "max", ratio.max());
        }
      }
    }
    if (c.openLoop().isPresent()) {
      ObjectNode open = node.putObject("openLoop");
      open.put("rate", c.openLoop().get().rate());
      results(open.putObject("results"), c.openLoop().get().results());
    } else {
      node.putNull("openLoop");
    }
    return node;
  }

  private static void results(ObjectNode results, Map<SystemName, SystemResult> measured) {
    for (Map.Entry<SystemName, SystemResult> e : measured.entrySet()) {
      ObjectNode r = results.putObject(e.getKey().label());
      if (e.getValue().load().isEmpty()) {
        r.put("status", "skipped");
        r.put("note", e.getValue().note());
        continue;
      }
      LoadResult l = e.getValue().load().get();
      r.put("status", "measured");
      r.put("requests", l.requests());
      r.put("errors", l.errors());
      r.put("seconds", l.seconds());
      // With repeats: the median throughput; the latencies are those of the repeat nearest it.
      number(r, "qps", e.getValue().qps());
      number(r, "p50Millis", l.p50Millis());
      number(r, "p90Millis", l.p90Millis());
      number(r, "p99Millis", l.p99Millis());
      number(r, "maxMillis", l.maxMillis());
      number(r, "meanMillis", l.meanMillis());
      r.put("bytesPerAnswer", l.bytesPerAnswer());
      r.put("firstError", l.firstError());
      ArrayNode roundQps = r.putArray("roundQps");
      for (double roundQ : l.roundQps()) {
        roundQps.add(roundQ);
      }
    }
  }

  private static String capitalized(String label) {
    return Character.toUpperCase(label.charAt(0)) + label.substring(1);
  }

  private static void number(ObjectNode node, String name, double value) {
    if (Double.isNaN(value) || Double.isInfinite(value)) {
      node.putNull(name);
    } else {
      node.put(name, value);
    }
  }
}

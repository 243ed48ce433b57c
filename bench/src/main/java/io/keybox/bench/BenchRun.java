package io.keybox.bench;

import io.keybox.bench.keybox.BenchSearches;
import io.keybox.bench.keybox.ChildJvm;
import io.keybox.bench.keybox.IndexerProcess;
import io.keybox.bench.keybox.KeyboxTarget;
import io.keybox.bench.keybox.ServerProcess;
import io.keybox.bench.load.AnswerKeys;
import io.keybox.bench.load.CpuPinning;
import io.keybox.bench.load.LoadResult;
import io.keybox.bench.load.LoadRunner;
import io.keybox.bench.load.Outcome;
import io.keybox.bench.load.Round;
import io.keybox.bench.load.Target;
import io.keybox.bench.lucene.LuceneIndexing;
import io.keybox.bench.lucene.LuceneTarget;
import io.keybox.bench.mix.BenchRequest;
import io.keybox.bench.mix.ClientState;
import io.keybox.bench.mix.Endpoint;
import io.keybox.bench.mix.Mix;
import io.keybox.bench.mix.QueryClass;
import io.keybox.bench.mix.Vocabulary;
import io.keybox.bench.opensearch.OpenSearchClasspath;
import io.keybox.bench.opensearch.OpenSearchLoader;
import io.keybox.bench.opensearch.OpenSearchNode;
import io.keybox.bench.opensearch.OpenSearchTarget;
import io.keybox.bench.os.Directories;
import io.keybox.bench.postgres.PostgresCluster;
import io.keybox.bench.postgres.PostgresLoader;
import io.keybox.bench.postgres.PostgresTarget;
import io.keybox.bench.profile.JfrSummary;
import io.keybox.bench.report.ClassReport;
import io.keybox.bench.report.IndexingReport;
import io.keybox.bench.report.Machine;
import io.keybox.bench.report.OpenLoop;
import io.keybox.bench.report.Repeats;
import io.keybox.bench.report.RunReport;
import io.keybox.bench.report.ServerStarts;
import io.keybox.bench.report.SystemResult;
import io.keybox.generator.FeedGenerator;
import io.keybox.generator.GeneratorConfig;
import io.keybox.indexer.build.VendorLayout;
import io.keybox.indexer.ids.IdMap;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;

/**
 * One bench run, end to end: generate the feed, index it with the Keybox indexer, start the server,
 * start and load the PostgreSQL peer, then for each query class run each system (check their
 * answers agree, warm up, measure), and collect the report. Everything it starts it stops.
 */
public final class BenchRun {
  /** The server's default offset window; the mix stays inside it. */
  static final int OFFSET_WINDOW = 10_000;

  /** Requests per class whose answers are compared between systems. */
  static final int CHECKS = 5;

  /** The class also measured on a second server with its response cache on. */
  static final String HOT_PAGES = "hot-pages";

  /** The cached server's cache: the server's default size. */
  static final String CACHE_SIZE = "64m";

  private final BenchOptions options;
  private final PrintStream progress;
  private final List<String> notes = new ArrayList<>();

  /** Whether the server under test has a response cache ({@code serve --response-cache}). */
  private boolean responseCache;

  /** The processes of the servers under test, which {@code --pin} puts on one core. */
  private final List<Long> serverPids = new ArrayList<>();

  /** How {@code --pin} pins, when it was asked for and the machine can. */
  private Optional<CpuPinning> pinning = Optional.empty();

  public BenchRun(BenchOptions options, PrintStream progress) {
    this.options = options;
    this.progress = progress;
  }

  /**
   * Runs the bench.
   *
   * @throws Exception when a step that the whole run needs fails (generating, indexing, starting
   *     the server); a peer that cannot be set up is skipped with a note instead
   */
  public RunReport run() throws Exception {
    Instant started = Instant.now();
    Machine machine = Machine.describe();
    Path work =
        options.workDir().isPresent()
            ? Files.createDirectories(options.workDir().get())
            : Files.createTempDirectory("keybox-bench-");
    boolean keepWork = options.workDir().isPresent() || options.profile();
    try {
      return run(started, machine, work);
    } finally {
      if (!keepWork) {
        Directories.deleteTree(work);
      } else {
        say("work directory kept: " + work);
      }
    }
  }

  private RunReport run(Instant started, Machine machine, Path work) throws Exception {
    Path feed = work.resolve("feed");
    boolean feedReused = generate(feed);
    VendorLayout layout = new VendorLayout(work.resolve("data"), options.vendor());
    List<IndexingReport> indexing = new ArrayList<>();
    boolean reuse = options.reuseIndex() && feedReused && Files.isDirectory(layout.indexDir());
    if (reuse) {
      say("reusing the index in " + layout.indexDir() + " (indexing not measured)");
      notes.add("--reuse-index: the index of an earlier run was reused; indexing not measured");
    } else {
      indexing.add(index(layout, feed, work));
      if (options.systems().contains(SystemName.LUCENE)) {
        indexing.add(luceneIndexing(feed, work, machine));
      }
    }

    Map<String, String> profiles = new LinkedHashMap<>();
    ServerProcess server = null;
    PostgresCluster postgres = null;
    OpenSearchNode openSearch = null;
    Optional<ServerProcess.Memory> memory = Optional.empty();
    ServerStarts starts = ServerStarts.NONE;
    List<ClassReport> reports = new ArrayList<>();
    double loadBefore;
    try (Directory directory = FSDirectory.open(layout.indexDir());
        DirectoryReader reader = DirectoryReader.open(directory)) {
      Map<SystemName, Target> targets = new EnumMap<>(SystemName.class);
      // The server starts first, while this JVM is idle: reading the vocabulary leaves its JIT
      // compiler busy for a while, on the cores the server's start is measured on.
      if (options.systems().contains(SystemName.KEYBOX)) {
        responseCache = ServerProcess.hasResponseCache(work);
        say(
            responseCache
                ? "starting the Keybox server with its response cache off (--response-cache 0) ..."
                : "starting the Keybox server ...");
        server =
            ServerProcess.start(
                layout.dataDir(),
                options.vendor(),
                work,
                options.serverHeap(),
                options.profile() ? Optional.of(work.resolve("server.jfr")) : Optional.empty(),
                responseCache ? Optional.of("0") : Optional.empty(),
                options.alertsSearches() > 0,
                "server");
        starts = ServerStarts.first(server.startMillis(), server.archived());
        serverPids.add(server.pid());
        if (server.archive().isPresent() && !server.archived()) {
          notes.add(
              "the server's JVM did not map the class-data archive run.sh gave ("
                  + server.archive().get()
                  + "): its first start is one without an archive");
        }
        say(
            String.format(
                Locale.ROOT,
                "server answering after %.2f s on port %d (%s)",
                server.startMillis() / 1000,
                server.port(),
                server.archived() ? "with the class-data archive" : "no class-data archive"));
        targets.put(
            SystemName.KEYBOX,
            new KeyboxTarget(
                "127.0.0.1", server.port(), ServerProcess.KEY, server.secret(), options.gzip()));
      }
      Vocabulary vocabulary = Vocabulary.read(reader, options.seed());
      List<QueryClass> classes = selectedClasses(Mix.classes(vocabulary, options.seed()));
      if (server != null && options.alertsSearches() > 0) {
        say(
            String.format(
                Locale.ROOT,
                "saving %,d searches of the bench key (the server's alerts on) ...",
                options.alertsSearches()));
        BenchSearches.save(server, options.alertsSearches(), vocabulary.cities());
        notes.add(
            "the Keybox server ran with --alerts and "
                + options.alertsSearches()
                + " saved searches (no commit during the run: nothing matched or delivered)");
      }
      if (options.systems().contains(SystemName.LUCENE)) {
        targets.put(SystemName.LUCENE, new LuceneTarget(reader, OFFSET_WINDOW));
      }
      if (options.systems().contains(SystemName.POSTGRES)) {
        postgres = startPostgres(work, feed, layout, machine, indexing);
        if (postgres != null) {
          serverPids.add(postgres.pid());
          targets.put(SystemName.POSTGRES, new PostgresTarget(postgres, OFFSET_WINDOW));
        }
      }
      if (options.systems().contains(SystemName.OPENSEARCH)) {
        openSearch = startOpenSearch(work, feed, layout, machine, indexing);
        if (openSearch != null) {
          serverPids.add(openSearch.pid());
          targets.put(
              SystemName.OPENSEARCH, new OpenSearchTarget(openSearch.port(), OFFSET_WINDOW));
        }
      }
      if (options.pin()) {
        StringBuilder whyNot = new StringBuilder();
        pinning = CpuPinning.available(machine.processors(), whyNot);
        if (pinning.isEmpty()) {
          notes.add("pinned runs skipped: " + whyNot);
          say("pinned runs skipped: " + whyNot);
        }
      }
      loadBefore = Machine.loadAverage();
      say(String.format(Locale.ROOT, "load average before measuring: %.2f", loadBefore));
      for (int i = 0; i < classes.size(); i++) {
        QueryClass queryClass = classes.get(i);
        say(
            String.format(
                Locale.ROOT,
                "[%d/%d] %s (load average %.2f)",
                i + 1,
                classes.size(),
                queryClass.name(),
                Machine.loadAverage()));
        if (queryClass.name().equals(HOT_PAGES) && server != null) {
          reports.add(measureWithCache(queryClass, i, targets, layout, work));
        } else {
          reports.add(measure(queryClass, i, targets));
        }
      }
      if (server != null) {
        memory = Optional.of(server.memory());
        // A profiled restart would record over the run's recording.
        if (!options.profile()) {
          say("restarting the Keybox server on the same index, without a class-data archive ...");
          try {
            server = server.restartWithoutArchive();
            starts = starts.withRestartWithoutArchive(server.startMillis());
            say(
                String.format(
                    Locale.ROOT, "server answering after %.2f s", server.startMillis() / 1000));
          } catch (IOException e) {
            // The run's results stand; only the restart is not measured.
            server = null;
            notes.add("the server's restart failed, so it is not measured: " + e.getMessage());
          }
        }
      }
    } finally {
      if (server != null) {
        server.close();
      }
      if (postgres != null) {
        postgres.close();
      }
      if (openSearch != null) {
        openSearch.close();
      }
    }
    double loadAfter = Machine.loadAverage();
    if (options.profile()) {
      for (String name : List.of("server", "indexer")) {
        Path recording = work.resolve(name + ".jfr");
        if (Files.exists(recording)) {
          String summary = JfrSummary.summarize(recording, t -> true, 20);
          profiles.put(name + " (" + recording + ")", summary);
          Files.writeString(work.resolve(name + "-profile.txt"), summary, StandardCharsets.UTF_8);
        }
      }
    }
    return new RunReport(
        started,
        Instant.now(),
        machine,
        loadBefore,
        loadAfter,
        options,
        indexing,
        starts,
        memory,
        reports,
        profiles,
        List.copyOf(notes));
  }

  /** Indexes the feed with the Keybox indexer, as an operator would, and reports what it cost. */
  private IndexingReport index(VendorLayout layout, Path feed, Path work) throws IOException {
    Directories.deleteTree(layout.vendorDir());
    say(
        String.format(
            Locale.ROOT, "indexing %,d listings with the Keybox indexer ...", options.listings()));
    Optional<Path> profile =
        options.profile() ? Optional.of(work.resolve("indexer.jfr")) : Optional.empty();
    IndexerProcess.Result indexed =
        IndexerProcess.index(
            layout, feed, options.listings(), work.resolve("indexer.log"), profile);
    say(
        String.format(
            Locale.ROOT,
            "indexed in %.1f s: %,.0f listings/s, index %.0f MB",
            indexed.seconds(),
            indexed.listingsPerSecond(),
            indexed.indexBytes() / 1048576.0));
    if (!indexed.openHouses()) {
      notes.add(
          "the indexer has no --openhouses option yet: open houses were not indexed for Keybox");
    }
    return new IndexingReport(
        SystemName.KEYBOX.label(),
        indexed.listings(),
        indexed.seconds(),
        indexed.indexBytes(),
        0,
        "wall time of the indexer process, JVM start and commit included"
            + (indexed.openHouses() ? "; open houses indexed too" : ""));
  }

  /**
   * Writes the same listings and open houses with Lucene alone (the indexing limit, see {@link
   * LuceneIndexing}) into a scratch index, deleted afterwards.
   */
  private IndexingReport luceneIndexing(Path feed, Path work, Machine machine) throws IOException {
    say(
        String.format(
            Locale.ROOT,
            "writing %,d listings with Lucene alone (Jackson's read and write of each record, and"
                + " the writer, timed) ...",
            options.listings()));
    Path scratch = work.resolve("lucene-indexing");
    Directories.deleteTree(scratch);
    try {
      LuceneIndexing.Result written =
          new LuceneIndexing(machine.processors())
              .index(
                  feed.resolve(FeedGenerator.LISTINGS_FILE),
                  Optional.of(feed.resolve(FeedGenerator.OPEN_HOUSES_FILE)),
                  options.listings(),
                  scratch);
      long bytes = ChildJvm.directorySize(scratch);
      say(
          String.format(
              Locale.ROOT,
              "written in %.1f s: %,.0f listings/s (the writer alone %,.0f/s), index %.0f MB",
              written.seconds(),
              written.listingsPerSecond(),
              written.writerListingsPerSecond(),
              bytes / 1048576.0));
      return new IndexingReport(
          SystemName.LUCENE.label(),
          written.listings(),
          written.seconds(),
          bytes,
          0,
          String.format(
              Locale.ROOT,
              "%,d open houses too; IndexWriter %.1f s (%,.0f listings/s alone) + Jackson reading"
                  + " and writing back each record %.1f s, with the indexer's settings and threads;"
                  + " validating, joining and building documents untimed",
              written.openHouses(),
              written.writerSeconds(),
              written.writerListingsPerSecond(),
              written.codecSeconds()));
    } finally {
      Directories.deleteTree(scratch);
    }
  }

  /**
   * Writes the feed unless {@code feed} already holds the one these options describe.
   *
   * @return whether the feed was already there
   */
  private boolean generate(Path feed) throws IOException {
    GeneratorConfig config =
        new GeneratorConfig(options.listings(), options.seed(), options.vendor());
    Path marker = feed.resolve("bench-feed.txt");
    String describes = config.toString();
    if (Files.exists(marker) && Files.readString(marker).strip().equals(describes)) {
      say("reusing the generated feed in " + feed);
      return true;
    }
    say(
        String.format(
            Locale.ROOT,
            "generating %,d listings (seed %d) ...",
            options.listings(),
            options.seed()));
    long started = System.nanoTime();
    Files.deleteIfExists(marker);
    var summary = new FeedGenerator(config).writeDirectory(feed);
    Files.writeString(marker, describes + "\n");
    say(
        String.format(
            Locale.ROOT,
            "generated %,d listings and %,d open houses in %.1f s",
            summary.listings(),
            summary.openHouses(),
            (System.nanoTime() - started) / 1e9));
    return false;
  }

  /** Installs (if needed), starts and loads the peer; null with a note when it cannot run. */
  private PostgresCluster startPostgres(
      Path work, Path feed, VendorLayout layout, Machine machine, List<IndexingReport> indexing)
      throws Exception {
    Optional<String> missing = PostgresCluster.ensureInstalled(work.resolve("apt.log"), progress);
    if (missing.isPresent()) {
      notes.add("postgres peer skipped: " + missing.get());
      say("postgres peer skipped: " + missing.get());
      return null;
    }
    say("starting PostgreSQL 15 with PostGIS on loopback in a temporary directory ...");
    PostgresCluster cluster = PostgresCluster.start(machine.memoryBytes(), options.clients());
    try {
      say(
          String.format(
              Locale.ROOT, "loading %,d listings into PostgreSQL ...", options.listings()));
      PostgresLoader.Result loaded;
      try (var connection = cluster.connect()) {
        loaded =
            new PostgresLoader(machine.processors())
                .load(
                    connection,
                    feed.resolve(FeedGenerator.LISTINGS_FILE),
                    feed.resolve(FeedGenerator.OPEN_HOUSES_FILE),
                    IdMap.load(layout.idMap()));
      }
      indexing.add(
          new IndexingReport(
              SystemName.POSTGRES.label(),
              loaded.listings(),
              loaded.seconds(),
              loaded.tableBytes(),
              loaded.indexBytes(),
              String.format(
                  Locale.ROOT,
                  "COPY %.1f s (%,d open houses too), indexes %.1f s, VACUUM ANALYZE %.1f s,"
                      + " CHECKPOINT %.1f s",
                  loaded.copySeconds(),
                  loaded.openHouses(),
                  loaded.indexSeconds(),
                  loaded.analyzeSeconds(),
                  loaded.checkpointSeconds())));
      say(
          String.format(
              Locale.ROOT,
              "loaded in %.1f s: %,.0f listings/s; tables %.0f MB, indexes %.0f MB",
              loaded.seconds(),
              loaded.listingsPerSecond(),
              loaded.tableBytes() / 1048576.0,
              loaded.indexBytes() / 1048576.0));
      return cluster;
    } catch (Exception e) {
      cluster.close();
      throw e;
    }
  }

  /**
   * Resolves (first time), starts and loads the OpenSearch peer; null with a note when it cannot
   * run. Its heap is the Keybox server's.
   */
  private OpenSearchNode startOpenSearch(
      Path work, Path feed, VendorLayout layout, Machine machine, List<IndexingReport> indexing)
      throws IOException {
    if (Runtime.version().feature() < 21) {
      String why = "OpenSearch 3 needs Java 21+, the bench runs on " + Runtime.version();
      notes.add("opensearch peer skipped: " + why);
      say("opensearch peer skipped: " + why);
      return null;
    }
    OpenSearchNode node;
    try {
      say("resolving the OpenSearch node's jars (Maven Central; once per checkout) ...");
      OpenSearchClasspath classpath =
          OpenSearchClasspath.resolve(work.resolve("opensearch-maven.log"));
      say("starting OpenSearch " + classpath.version() + " (single node, loopback) ...");
      node =
          OpenSearchNode.start(
              classpath.jars(),
              classpath.version(),
              options.serverHeap(),
              work.resolve("opensearch.log"));
      say(
          String.format(
              Locale.ROOT,
              "OpenSearch answering after %.1f s on port %d",
              node.startMillis() / 1000,
              node.port()));
    } catch (IOException e) {
      notes.add("opensearch peer skipped: " + e.getMessage().lines().findFirst().orElse(""));
      say("opensearch peer skipped: " + e.getMessage());
      return null;
    }
    try {
      say(
          String.format(
              Locale.ROOT, "loading %,d listings into OpenSearch ...", options.listings()));
      OpenSearchLoader.Result loaded =
          new OpenSearchLoader(node.port(), machine.processors())
              .load(
                  feed.resolve(FeedGenerator.LISTINGS_FILE),
                  feed.resolve(FeedGenerator.OPEN_HOUSES_FILE),
                  IdMap.load(layout.idMap()));
      indexing.add(
          new IndexingReport(
              SystemName.OPENSEARCH.label(),
              loaded.listings(),
              loaded.seconds(),
              loaded.indexBytes(),
              0,
              String.format(
                  Locale.ROOT,
                  "_bulk %.1f s (batches of 1,000 listings on %d threads, %,d open houses"
                      + " too), refresh + force merge to one segment %.1f s",
                  loaded.bulkSeconds(),
                  machine.processors(),
                  loaded.openHouses(),
                  loaded.refreshMergeSeconds())));
      say(
          String.format(
              Locale.ROOT,
              "loaded in %.1f s: %,.0f listings/s; index %.0f MB",
              loaded.seconds(),
              loaded.listings() / loaded.seconds(),
              loaded.indexBytes() / 1048576.0));
      return node;
    } catch (IOException | RuntimeException e) {
      node.close();
      throw e;
    }
  }

  private List<QueryClass> selectedClasses(List<QueryClass> all) {
    if (options.classes().isEmpty()) {
      return all;
    }
    Set<String> known = all.stream().map(QueryClass::name).collect(Collectors.toSet());
    for (String name : options.classes()) {
      if (!known.contains(name)) {
        throw new IllegalArgumentException(
            "--classes: unknown class '"
                + name
                + "'; allowed: "
                + all.stream().map(QueryClass::name).collect(Collectors.joining(", ")));
      }
    }
    return all.stream().filter(c -> options.classes().contains(c.name())).toList();
  }

  /**
   * Measures {@code hot-pages} as any class, and also on a second Keybox server started on the same
   * index with its response cache on ({@value #CACHE_SIZE}), with the same JVM options and heap, as
   * the system {@code keybox+cache}. The main server stays up but idle while the cached one is
   * measured (the systems take turns), and the cached one is stopped after the class, so no two
   * servers are ever busy at once. Without the option in the server's help, a note says the cached
   * row was skipped.
   */
  private ClassReport measureWithCache(
      QueryClass queryClass,
      int index,
      Map<SystemName, Target> targets,
      VendorLayout layout,
      Path work)
      throws Exception {
    if (!responseCache) {
      notes.add(
          "keybox+cache skipped: the server's serve --help lists no "
              + ServerProcess.RESPONSE_CACHE
              + " option");
      return measure(queryClass, index, targets);
    }
    say("  starting a second Keybox server with --response-cache " + CACHE_SIZE + " ...");
    ServerProcess cached;
    try {
      cached =
          ServerProcess.start(
              layout.dataDir(),
              options.vendor(),
              work,
              options.serverHeap(),
              Optional.empty(),
              Optional.of(CACHE_SIZE),
              false,
              "server-cache");
    } catch (IOException e) {
      notes.add("keybox+cache skipped: its server did not start: " + e.getMessage());
      return measure(queryClass, index, targets);
    }
    serverPids.add(cached.pid());
    try (cached) {
      Map<SystemName, Target> withCache = new EnumMap<>(targets);
      withCache.put(
          SystemName.KEYBOX_CACHE,
          new KeyboxTarget(
              SystemName.KEYBOX_CACHE,
              "127.0.0.1",
              cached.port(),
              ServerProcess.KEY,
              cached.secret(),
              options.gzip()));
      return measure(queryClass, index, withCache);
    } finally {
      serverPids.remove(Long.valueOf(cached.pid()));
    }
  }

  /**
   * Checks the systems agree on the class, then measures them in rounds: in each round every system
   * runs for its share of the duration, one after the other.
   */
  private ClassReport measure(QueryClass queryClass, int index, Map<SystemName, Target> targets)
      throws Exception {
    double loadAverage = Machine.loadAverage();
    Map<SystemName, SystemResult> results = new EnumMap<>(SystemName.class);
    Map<SystemName, List<List<String>>> answers = new EnumMap<>(SystemName.class);
    List<BenchRequest> checks = null;
    List<String> problems = new ArrayList<>();
    Set<SystemName> disagreeing = EnumSet.noneOf(SystemName.class);
    Map<SystemName, Target> running = new EnumMap<>(SystemName.class);
    for (Map.Entry<SystemName, Target> entry : targets.entrySet()) {
      SystemName system = entry.getKey();
      Target target = entry.getValue();
      Optional<String> unsupported = target.unsupported(queryClass);
      if (unsupported.isPresent()) {
        results.put(system, SystemResult.skipped(unsupported.get()));
        say("  " + system.label() + ": skipped: " + unsupported.get());
        continue;
      }
      Check check = check(target, queryClass, checks);
      if (check.unavailable() != null) {
        results.put(system, SystemResult.skipped(check.unavailable()));
        say("  " + system.label() + ": skipped: " + check.unavailable());
        continue;
      }
      if (checks == null) {
        checks = check.requests();
      }
      answers.put(system, check.answers());
      problems.addAll(check.problems().stream().map(p -> system.label() + ": " + p).toList());
      if (!check.problems().isEmpty()) {
        disagreeing.add(system);
      }
      running.put(system, target);
    }
    Map<String, Repeats> repeats = new LinkedHashMap<>();
    results.putAll(repeated(queryClass, index, running, repeats));
    Optional<OpenLoop> openLoop = Optional.empty();
    if (options.halfLoad()) {
      SystemResult keybox = results.get(SystemName.KEYBOX);
      if (keybox != null && keybox.load().isPresent() && keybox.qps() > 0) {
        int rate = OpenLoop.halfOf(keybox.qps());
        say(String.format(Locale.ROOT, "  open loop at %,d requests/s (half of Keybox's):", rate));
        Map<SystemName, SystemResult> open = new EnumMap<>(SystemName.class);
        for (Map.Entry<SystemName, LoadResult> entry :
            rounds(queryClass, index, running, rate, 0).entrySet()) {
          open.put(entry.getKey(), SystemResult.measured(entry.getValue()));
        }
        openLoop = Optional.of(new OpenLoop(rate, open));
      } else {
        say("  open loop skipped: Keybox has no closed-loop throughput for this class");
      }
    }
    String agreement = agreement(checks, answers, problems, disagreeing);
    return new ClassReport(
        queryClass, results, agreement, disagreeing, loadAverage, openLoop, repeats);
  }

  /**
   * Measures the class {@code --repeat} times, every system in each repeat (interleaved by {@link
   * #rounds}), and with {@code --pin} each repeat a second time pinned. With one repeat and no pin,
   * each system's result is its measurement; otherwise it is the repeat closest to its median
   * throughput, carrying that median, and {@code repeats} receives every repeat's throughput per
   * mode.
   */
  private Map<SystemName, SystemResult> repeated(
      QueryClass queryClass,
      int index,
      Map<SystemName, Target> running,
      Map<String, Repeats> repeats)
      throws Exception {
    int count = options.repeat();
    Map<SystemName, List<LoadResult>> asIs = new EnumMap<>(SystemName.class);
    Map<SystemName, List<LoadResult>> pinned = new EnumMap<>(SystemName.class);
    for (int repeat = 0; repeat < count; repeat++) {
      if (count > 1) {
        say(String.format(Locale.ROOT, "  repeat %d/%d:", repeat + 1, count));
      }
      rounds(queryClass, index, running, options.rate(), repeat)
          .forEach(
              (system, load) -> asIs.computeIfAbsent(system, k -> new ArrayList<>()).add(load));
      if (pinning.isPresent()) {
        say(
            "  pinned (servers on CPU "
                + CpuPinning.SERVER_CPU
                + ", the load generator on CPU "
                + CpuPinning.CLIENT_CPU
                + "):");
        pinning.get().pin(serverPids);
        try {
          rounds(queryClass, index, running, options.rate(), repeat)
              .forEach(
                  (system, load) ->
                      pinned.computeIfAbsent(system, k -> new ArrayList<>()).add(load));
        } finally {
          pinning.get().unpin(serverPids);
        }
      }
    }
    Map<SystemName, SystemResult> results = new EnumMap<>(SystemName.class);
    boolean single = count == 1 && pinning.isEmpty();
    for (Map.Entry<SystemName, List<LoadResult>> entry : asIs.entrySet()) {
      List<LoadResult> loads = entry.getValue();
      if (single) {
        results.put(entry.getKey(), SystemResult.measured(loads.get(0)));
        continue;
      }
      double median = Repeats.median(loads.stream().map(LoadResult::qps).toList());
      LoadResult closest =
          loads.stream()
              .min(Comparator.comparingDouble(l -> Math.abs(l.qps() - median)))
              .orElseThrow();
      results.put(entry.getKey(), SystemResult.median(closest, median));
    }
    if (!single) {
      repeats.put(ClassReport.UNPINNED, throughputs(asIs));
      if (!pinned.isEmpty()) {
        repeats.put(ClassReport.PINNED, throughputs(pinned));
      }
    }
    return results;
  }

  private static Repeats throughputs(Map<SystemName, List<LoadResult>> loads) {
    Map<SystemName, List<Double>> qps = new EnumMap<>(SystemName.class);
    loads.forEach((system, list) -> qps.put(system, list.stream().map(LoadResult::qps).toList()));
    return new Repeats(qps);
  }

  /**
   * Measures the running systems on the class in rounds: in each round every system runs for its
   * share of the duration, one after the other, so that load from other processes, which comes and
   * goes on a shared machine, falls on every system alike.
   *
   * @param rate requests per second (open loop), or 0 for back to back
   * @param repeat which repeat this is: each draws its own requests
   */
  private Map<SystemName, LoadResult> rounds(
      QueryClass queryClass, int index, Map<SystemName, Target> running, int rate, int repeat)
      throws Exception {
    Map<SystemName, List<Round>> rounds = new EnumMap<>(SystemName.class);
    int count = options.rounds();
    Duration slice = Duration.ofMillis(options.durationSeconds() * 1000L / count);
    for (int round = 0; round < count; round++) {
      Duration warmup =
          round == 0
              ? Duration.ofSeconds(options.warmupSeconds())
              : Duration.ofMillis(Math.min(1000, options.warmupSeconds() * 1000L));
      for (Map.Entry<SystemName, Target> entry : running.entrySet()) {
        rounds
            .computeIfAbsent(entry.getKey(), k -> new ArrayList<>())
            .add(
                LoadRunner.run(
                    entry.getValue(),
                    queryClass,
                    options.clients(),
                    rate,
                    warmup,
                    slice,
                    ((options.seed() * 31 + index) * 1_000_003L + round) ^ ((long) repeat << 40)));
      }
    }
    Map<SystemName, LoadResult> results = new EnumMap<>(SystemName.class);
    for (Map.Entry<SystemName, List<Round>> entry : rounds.entrySet()) {
      LoadResult load = LoadResult.of(entry.getValue());
      results.put(entry.getKey(), load);
      say(
          String.format(
              Locale.ROOT,
              "  %-12s %,9.0f QPS  p50 %7.2f ms  p99 %7.2f ms  errors %d  rounds %s%s",
              entry.getKey().label(),
              load.qps(),
              load.p50Millis(),
              load.p99Millis(),
              load.errors(),
              Arrays.stream(load.roundQps())
                  .mapToObj(q -> String.format(Locale.ROOT, "%.0f", q))
                  .collect(Collectors.joining("/")),
              load.firstError() == null ? "" : " (first: " + load.firstError() + ")"));
    }
    return results;
  }

  /**
   * The answers of one system to the class's check requests.
   *
   * @param requests the requests (drawn by the first system that runs; null for the first)
   * @param answers per request, the answer's keys, or null when it failed
   * @param problems failed check requests
   * @param unavailable why the system cannot run the class at all, or null
   */
  private record Check(
      List<BenchRequest> requests,
      List<List<String>> answers,
      List<String> problems,
      String unavailable) {}

  private Check check(Target target, QueryClass queryClass, List<BenchRequest> given)
      throws Exception {
    List<BenchRequest> requests = given == null ? new ArrayList<>() : given;
    List<List<String>> answers = new ArrayList<>();
    List<String> problems = new ArrayList<>();
    ClientState state = new ClientState(options.seed() ^ 0x5EED, 0);
    try (Target.Session session = target.open()) {
      for (int i = 0; i < CHECKS; i++) {
        BenchRequest request = given == null ? queryClass.next(state) : given.get(i);
        Outcome outcome = session.execute(request, true);
        if (i == 0) {
          Optional<String> missing = missingEndpoint(request, outcome);
          if (missing.isPresent()) {
            return new Check(requests, List.of(), List.of(), missing.get());
          }
        }
        if (given == null) {
          requests.add(request);
          outcome.advance(state);
        }
        if (!outcome.ok()) {
          problems.add(request.pathAndQuery() + " -> " + outcome.status() + " " + outcome.error());
        }
        answers.add(outcome.ok() ? outcome.keys() : null);
      }
    }
    return new Check(requests, answers, problems, null);
  }

  /**
   * Why the server cannot answer an endpoint that is still being built, judging by its first
   * answer: 404 for an unknown path, or, for {@code /properties/analytics} and {@code
   * /properties/clusters}, the 400 of the {@code /properties/{mlsId}} route reading "analytics" as
   * an mlsId. Empty when the endpoint exists.
   */
  static Optional<String> missingEndpoint(BenchRequest request, Outcome outcome) {
    if (request.endpoint() != Endpoint.OPEN_HOUSES
        && request.endpoint() != Endpoint.ANALYTICS
        && request.endpoint() != Endpoint.CLUSTERS) {
      return Optional.empty();
    }
    String path = request.pathAndQuery().replaceFirst("\\?.*", "");
    if (outcome.status() == 404) {
      return Optional.of("not available: " + path + " returns 404 (" + outcome.error() + ")");
    }
    if (outcome.status() == 400 && String.valueOf(outcome.error()).contains("mlsId")) {
      return Optional.of(
          "not available: the server has no "
              + path
              + " route yet (it answers 400, reading the last segment as an mlsId)");
    }
    return Optional.empty();
  }

  /** Whether every system answered the check requests alike. */
  private static String agreement(
      List<BenchRequest> checks,
      Map<SystemName, List<List<String>>> answers,
      List<String> problems,
      Set<SystemName> disagreeing) {
    if (checks == null || answers.isEmpty()) {
      return "not checked";
    }
    List<String> differences = new ArrayList<>(problems);
    SystemName reference = answers.keySet().iterator().next();
    List<List<String>> expected = answers.get(reference);
    for (Map.Entry<SystemName, List<List<String>>> e : answers.entrySet()) {
      if (e.getKey() == reference) {
        continue;
      }
      for (int i = 0; i < checks.size(); i++) {
        List<String> want = expected.get(i);
        List<String> got = e.getValue().get(i);
        if (want != null && got != null && !AnswerKeys.agree(want, got)) {
          disagreeing.add(e.getKey());
          differences.add(
              e.getKey().label()
                  + " differs from "
                  + reference.label()
                  + " on "
                  + checks.get(i).pathAndQuery()
                  + ": "
                  + difference(want, got));
        }
      }
    }
    if (differences.isEmpty()) {
      return answers.size() == 1
          ? "one system, " + checks.size() + " requests answered"
          : "agree on " + checks.size() + " requests";
    }
    return ClassReport.DIFFER + String.join("; ", differences);
  }

  private static String difference(List<String> want, List<String> got) {
    for (int i = 0; i < Math.min(want.size(), got.size()); i++) {
      if (!AnswerKeys.same(want.get(i), got.get(i))) {
        return "item " + i + " is " + got.get(i) + ", not " + want.get(i);
      }
    }
    return got.size() + " items, not " + want.size();
  }

  private void say(String line) {
    progress.println("bench: " + line);
  }
}

package io.keybox.bench.replica;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.bench.os.GzipLines;
import io.keybox.generator.FeedGenerator;
import io.keybox.generator.GeneratorConfig;
import io.keybox.indexer.build.BuildReport;
import io.keybox.indexer.build.FeedDumps;
import io.keybox.indexer.build.VendorIndexBuilder;
import io.keybox.indexer.build.VendorLayout;
import io.keybox.indexer.feed.FeedFormat;
import io.keybox.server.index.VendorIndexes;
import io.keybox.server.index.VendorStatus;
import io.keybox.server.replica.Replica;
import io.keybox.store.PublishResult;
import io.keybox.store.Publisher;
import io.keybox.store.Store;
import io.keybox.store.StoreUrl;
import io.keybox.store.Transfers;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Publish-to-served for three replicas (issue 28 point 6): one indexer publishes a vendor's commit
 * to a {@code file://} store, three query nodes (each a {@link VendorIndexes} with its {@link
 * Replica}, in this JVM, polling every 200 ms) fetch it; the bench reports how long the publication
 * took, the time from the pointer flip to each replica serving the commit, and the bytes uploaded
 * and downloaded, for the first full run (replicas start empty), an incremental run (1% of the
 * listings upserted) and a second full rebuild. The third argument is how many files the publisher
 * and each replica transfer at once (default 8; 1 is serial).
 *
 * <pre>
 * java -cp bench/target/keybox-bench.jar io.keybox.bench.replica.ReplicaBench 200000 /tmp/replica-bench 8
 * </pre>
 */
public final class ReplicaBench {
  private static final String VENDOR = "houston";
  private static final Duration POLL = Duration.ofMillis(200);

  private ReplicaBench() {}

  public static void main(String[] args) throws Exception {
    long listings = args.length > 0 ? Long.parseLong(args[0]) : 200_000;
    Path work = Path.of(args.length > 1 ? args[1] : "target/replica-bench");
    int parallel = args.length > 2 ? Integer.parseInt(args[2]) : Transfers.DEFAULT_PARALLEL;
    say("%d transfers at once", parallel);
    Files.createDirectories(work);
    Path feed = work.resolve("feed-" + listings);
    if (!Files.exists(feed.resolve(FeedGenerator.LISTINGS_FILE))) {
      say("generating %,d listings ...", listings);
      new FeedGenerator(GeneratorConfig.of(listings)).writeDirectory(feed);
    }
    Path update = work.resolve("update-" + listings + ".ndjson.gz");
    int upserts = (int) Math.max(1, listings / 100);
    firstLines(feed.resolve(FeedGenerator.LISTINGS_FILE), update, upserts);

    Path run = Files.createTempDirectory(work, "run-");
    Path indexer = run.resolve("indexer");
    Path store = run.resolve("store");
    StoreUrl url = StoreUrl.parse(store.toUri().toString());
    VendorIndexBuilder builder =
        new VendorIndexBuilder(
            new ObjectMapper(), Clock.systemUTC(), Runtime.getRuntime().availableProcessors());
    VendorLayout layout = new VendorLayout(indexer, VENDOR);
    FeedDumps full =
        new FeedDumps(
            feed.resolve(FeedGenerator.LISTINGS_FILE),
            Optional.of(feed.resolve(FeedGenerator.OPEN_HOUSES_FILE)),
            Optional.of(feed.resolve(FeedGenerator.AGENTS_FILE)));

    List<Node> nodes = new ArrayList<>();
    try {
      for (int i = 0; i < 3; i++) {
        nodes.add(Node.start(Files.createDirectories(run.resolve("replica-" + i)), url, parallel));
      }
      measure(
          "full run (replicas empty)",
          nodes,
          url,
          parallel,
          indexer,
          () -> builder.rebuild(layout, full, false));
      measure(
          String.format(Locale.ROOT, "incremental run (%,d listings upserted)", upserts),
          nodes,
          url,
          parallel,
          indexer,
          () ->
              builder.update(
                  layout,
                  new FeedDumps(update, Optional.empty(), Optional.empty()),
                  FeedFormat.NATIVE));
      measure(
          "full rebuild",
          nodes,
          url,
          parallel,
          indexer,
          () -> builder.rebuild(layout, full, false));
    } finally {
      for (Node node : nodes) {
        node.close();
      }
    }
    say("index size %s MB; work folder %s", mb(size(indexer.resolve(VENDOR))), run);
  }

  private interface Build {
    BuildReport run() throws IOException;
  }

  private static void measure(
      String what, List<Node> nodes, StoreUrl url, int parallel, Path indexer, Build build)
      throws Exception {
    long started = System.nanoTime();
    BuildReport report = build.run();
    if (!report.published()) {
      throw new IllegalStateException(what + ": the indexer refused the dump: " + report.refusal());
    }
    double indexSeconds = seconds(started);
    long[] before = new long[nodes.size()];
    for (int i = 0; i < nodes.size(); i++) {
      before[i] = nodes.get(i).downloadedBytes();
    }
    long publishStarted = System.nanoTime();
    PublishResult published;
    try (Store store = url.open(Optional.empty())) {
      published =
          new Publisher(store, Publisher.DEFAULT_KEEP_FOR, Clock.systemUTC(), parallel)
              .publish(VENDOR, indexer.resolve(VENDOR));
    }
    long flipped = System.nanoTime();
    List<String> served = new ArrayList<>();
    for (int i = 0; i < nodes.size(); i++) {
      Node node = nodes.get(i);
      long deadline = flipped + Duration.ofMinutes(10).toNanos();
      while (node.generation() != published.generation()) {
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException(what + ": replica " + i + " did not catch up in 10 min");
        }
        Thread.sleep(5);
      }
      served.add(
          String.format(
              Locale.ROOT,
              "%.2f s (%s MB down)",
              (System.nanoTime() - flipped) / 1e9,
              mb(node.downloadedBytes() - before[i])));
    }
    say(
        "%s: indexed in %.1f s; published in %.2f s (%d objects, %s MB up, %d already stored);"
            + " served after the flip by replica 1: %s, 2: %s, 3: %s",
        what,
        indexSeconds,
        (flipped - publishStarted) / 1e9,
        published.uploaded(),
        mb(published.uploadedBytes()),
        published.skipped(),
        served.get(0),
        served.get(1),
        served.get(2));
  }

  /** A query node without HTTP: its indexes (refreshed every 100 ms) and its replica. */
  private record Node(VendorIndexes indexes, Replica replica) implements AutoCloseable {
    static Node start(Path dataDir, StoreUrl url, int parallel) throws IOException {
      VendorIndexes indexes = new VendorIndexes(dataDir, 100);
      indexes.start();
      Replica replica =
          new Replica(
              url.open(Optional.empty()),
              dataDir,
              indexes,
              Duration.ofMinutes(10),
              Clock.systemUTC(),
              parallel);
      replica.start(POLL);
      return new Node(indexes, replica);
    }

    long generation() throws IOException {
      for (VendorStatus status : indexes.status(List.of())) {
        if (status.vendor().equals(VENDOR) && status.index().isPresent()) {
          return status.index().get().generation();
        }
      }
      return -1;
    }

    long downloadedBytes() {
      for (MetricSnapshot snapshot : replica.metrics().collect()) {
        if (snapshot.getMetadata().getName().equals("keybox_replica_downloaded_bytes")
            && snapshot instanceof CounterSnapshot counter
            && !counter.getDataPoints().isEmpty()) {
          return (long) counter.getDataPoints().get(0).getValue();
        }
      }
      return 0;
    }

    @Override
    public void close() throws IOException {
      try (indexes) {
        replica.close();
      }
    }
  }

  private static void firstLines(Path gzip, Path target, int lines) throws IOException {
    try (BufferedReader in = GzipLines.reader(gzip);
        BufferedWriter out = GzipLines.writer(target)) {
      for (int i = 0; i < lines; i++) {
        String line = in.readLine();
        if (line == null) {
          break;
        }
        out.write(line);
        out.newLine();
      }
    }
  }

  private static long size(Path dir) throws IOException {
    try (var files = Files.walk(dir)) {
      return files.filter(Files::isRegularFile).mapToLong(f -> f.toFile().length()).sum();
    }
  }

  private static String mb(long bytes) {
    return String.format(Locale.ROOT, "%.1f", bytes / 1e6);
  }

  private static double seconds(long startedNanos) {
    return (System.nanoTime() - startedNanos) / 1e9;
  }

  private static void say(String format, Object... args) {
    System.out.println("replica-bench: " + String.format(Locale.ROOT, format, args));
  }
}

package io.keybox.bench.alerts;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.management.OperatingSystemMXBean;
import com.sun.net.httpserver.HttpServer;
import io.keybox.bench.os.GzipLines;
import io.keybox.generator.FeedGenerator;
import io.keybox.generator.GeneratorConfig;
import io.keybox.indexer.build.BuildReport;
import io.keybox.indexer.build.FeedDumps;
import io.keybox.indexer.build.VendorIndexBuilder;
import io.keybox.indexer.build.VendorLayout;
import io.keybox.indexer.feed.FeedFormat;
import io.keybox.server.alerts.Alerts;
import io.keybox.server.auth.Account;
import io.keybox.server.auth.Accounts;
import io.keybox.server.auth.Addon;
import io.keybox.server.auth.RateLimit;
import io.keybox.server.auth.SecretHash;
import io.keybox.server.index.VendorIndexes;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Alerts at scale (issue 35, "Speed"): a generated vendor indexed by the real indexer, S saved
 * searches (a random city, minimum bedrooms and a $100,000 price band, as a site's visitors save
 * them), then one incremental commit changing C listings (their prices cut 5%); it reports how long
 * matching that commit took, and the delivery rate to a loopback receiver that answers 200 at once.
 *
 * <pre>
 * java -Xmx2g -cp bench/target/keybox-bench.jar io.keybox.bench.alerts.AlertsBench 200000 10000 5000 /tmp/alerts-bench
 * </pre>
 */
public final class AlertsBench {
  private static final String VENDOR = "houston";
  private static final ObjectMapper JSON = new ObjectMapper();

  private AlertsBench() {}

  public static void main(String[] args) throws Exception {
    long listings = args.length > 0 ? Long.parseLong(args[0]) : 200_000;
    int searches = args.length > 1 ? Integer.parseInt(args[1]) : 10_000;
    int changed = args.length > 2 ? Integer.parseInt(args[2]) : 5_000;
    Path work = Path.of(args.length > 3 ? args[3] : "target/alerts-bench");
    Path feed = work.resolve("feed-" + listings);
    if (!Files.exists(feed.resolve(FeedGenerator.LISTINGS_FILE))) {
      say("generating %,d listings ...", listings);
      new FeedGenerator(GeneratorConfig.of(listings)).writeDirectory(feed);
    }
    Path data = Files.createTempDirectory(Files.createDirectories(work), "run-");
    Path update = data.resolve("update.ndjson.gz");
    Set<String> cities = priceCut(feed.resolve(FeedGenerator.LISTINGS_FILE), update, changed);
    VendorIndexBuilder builder =
        new VendorIndexBuilder(JSON, Clock.systemUTC(), Runtime.getRuntime().availableProcessors());
    VendorLayout layout = new VendorLayout(data, VENDOR);
    long started = System.nanoTime();
    check(builder.rebuild(layout, feed.resolve(FeedGenerator.LISTINGS_FILE), false));
    say("indexed %,d listings in %.1f s", listings, seconds(started));

    AtomicLong received = new AtomicLong();
    HttpServer receiver =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 256);
    receiver.createContext(
        "/",
        exchange -> {
          exchange.getRequestBody().readAllBytes();
          exchange.sendResponseHeaders(200, -1);
          exchange.close();
          received.incrementAndGet();
        });
    ExecutorService receiving = Executors.newFixedThreadPool(8);
    receiver.setExecutor(receiving);
    receiver.start();
    Account account =
        new Account(
            "bench",
            List.of(VENDOR),
            Set.of(Addon.ALERTS),
            new RateLimit(RateLimit.MAX, RateLimit.MAX),
            SecretHash.create("bench", 1000));
    try (VendorIndexes indexes = new VendorIndexes(data, 3_600_000);
        Alerts alerts = startAlerts(data, indexes, account, searches)) {
      String hook = "http://127.0.0.1:" + receiver.getAddress().getPort() + "/hook";
      Random random = new Random(42);
      List<String> cityList = new ArrayList<>(cities);
      started = System.nanoTime();
      for (int i = 0; i < searches; i++) {
        int minPrice = 100_000 + 25_000 * random.nextInt(20);
        String query =
            "cities="
                + cityList.get(random.nextInt(cityList.size())).replace(' ', '+')
                + "&minbeds="
                + (2 + random.nextInt(3))
                + "&minprice="
                + minPrice
                + "&maxprice="
                + (minPrice + 100_000);
        alerts
            .service()
            .create(
                account,
                ("{\"name\":\"s"
                        + i
                        + "\",\"query\":\""
                        + query
                        + "\",\"webhook\":\""
                        + hook
                        + "\",\"events\":[\"new\",\"price\",\"status\",\"openhouse\"]}")
                    .getBytes(StandardCharsets.UTF_8));
      }
      say("saved %,d searches in %.1f s", searches, seconds(started));

      check(
          builder.update(
              layout,
              new FeedDumps(update, Optional.empty(), Optional.empty()),
              FeedFormat.NATIVE));
      started = System.nanoTime();
      long cpuStarted = processCpuNanos();
      // The refresh's warm-up hook starts matching the new commit on the alerts thread at once;
      // matchNow then waits for it (one matching at a time), or matches the commit itself.
      indexes.refresh();
      alerts.matchNow(VENDOR);
      double matchSeconds = seconds(started);
      double matchCpuSeconds = (processCpuNanos() - cpuStarted) / 1e9;
      long deliveries = 0;
      for (JsonNode count : alerts.service().health().get("deliveries")) {
        deliveries += count.asLong();
      }
      say(
          "matched a commit of %,d changed listings against %,d searches in %.2f s (%.2f s of"
              + " CPU, the whole process): %,d deliveries",
          changed, searches, matchSeconds, matchCpuSeconds, deliveries);
      started = System.nanoTime();
      while (received.get() < deliveries
          || alerts.service().health().at("/deliveries/pending").asLong() > 0) {
        Thread.sleep(20);
      }
      double deliverSeconds = seconds(started);
      say(
          "delivered %,d in %.2f s: %.0f deliveries/s",
          deliveries, deliverSeconds, deliveries / deliverSeconds);
    } finally {
      receiver.stop(0);
      receiving.shutdownNow(); // its threads would keep the JVM from exiting
    }
  }

  private static Alerts startAlerts(Path data, VendorIndexes indexes, Account account, int searches)
      throws IOException {
    indexes.start();
    Alerts alerts =
        Alerts.start(
            data,
            indexes,
            () -> Accounts.of(List.of(account)),
            new Alerts.Settings(true, Math.max(1, searches), 16),
            new PrometheusRegistry(),
            Clock.systemUTC());
    alerts.matchNow(VENDOR); // the baseline: the vendor's first commit changed nothing
    return alerts;
  }

  /**
   * Writes the first {@code count} listings of {@code listings} with their price cut 5% to {@code
   * update}; returns the cities of the feed's first 10,000 listings.
   */
  private static Set<String> priceCut(Path listings, Path update, int count) throws IOException {
    Set<String> cities = new TreeSet<>();
    try (BufferedReader in = GzipLines.reader(listings);
        BufferedWriter out = GzipLines.writer(update)) {
      String line;
      int read = 0;
      while ((line = in.readLine()) != null && (read < count || read < 10_000)) {
        ObjectNode listing = (ObjectNode) JSON.readTree(line);
        cities.add(listing.path("address").path("city").asText());
        if (read < count && listing.path("listPrice").isNumber()) {
          listing.put("listPrice", Math.round(listing.get("listPrice").asDouble() * 0.95));
          out.write(JSON.writeValueAsString(listing));
          out.write('\n');
        }
        read++;
      }
    }
    cities.remove("");
    return cities;
  }

  private static void check(BuildReport report) {
    if (!report.published()) {
      throw new IllegalStateException("the indexer refused the dump: " + report.refusal());
    }
  }

  /**
   * CPU time the whole process has used (every thread, the JIT and GC included): on a shared
   * machine it says what matching cost, where its wall time says mostly what the others left it.
   */
  private static long processCpuNanos() {
    return ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }

  private static double seconds(long startedNanos) {
    return (System.nanoTime() - startedNanos) / 1e9;
  }

  private static void say(String format, Object... args) {
    System.out.println("alerts-bench: " + String.format(Locale.ROOT, format, args));
  }
}

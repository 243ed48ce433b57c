package io.keybox.server.alerts;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.indexer.build.BuildReport;
import io.keybox.indexer.build.FeedDumps;
import io.keybox.indexer.build.VendorIndexBuilder;
import io.keybox.indexer.build.VendorLayout;
import io.keybox.indexer.feed.FeedFormat;
import io.keybox.server.auth.Account;
import io.keybox.server.auth.Accounts;
import io.keybox.server.auth.Addon;
import io.keybox.server.auth.Authenticator;
import io.keybox.server.auth.RateLimit;
import io.keybox.server.auth.SecretHash;
import io.keybox.server.http.KeyboxServer;
import io.keybox.server.index.VendorIndexes;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.threeten.extra.MutableClock;

/**
 * A real server with alerts on over a vendor {@value #VENDOR} indexed by the real indexer, whose
 * later index runs the tests make ({@link #incremental}, {@link #full}); after each, the index is
 * refreshed and the commit matched ({@link Alerts#matchNow}, which the warm-up hook also calls:
 * each commit is matched once whoever comes first). Keys: {@code alice} and {@code bob} with the
 * {@code alerts} add-on, {@code carol} without; every secret is {@code secret-<key>}.
 */
final class AlertsFixture implements AutoCloseable {
  static final String VENDOR = "fixture";
  static final Instant START = Instant.parse("2026-11-28T06:00:00Z");
  private static final ObjectMapper JSON = new ObjectMapper();

  final Path dataDir;
  final MutableClock clock = MutableClock.of(START, ZoneOffset.UTC);
  private final Alerts.Settings settings;
  private final Authenticator authenticator;
  private final HttpClient client = HttpClient.newHttpClient();
  private VendorIndexes indexes;
  private KeyboxServer server;
  private Alerts alerts;
  private int runs;

  /** Indexes {@code listings} (NDJSON lines) as the vendor's first commit and starts the server. */
  AlertsFixture(Path dataDir, boolean allowPrivate, String... listings) throws IOException {
    this.dataDir = dataDir;
    this.settings = new Alerts.Settings(allowPrivate, 3, 4);
    this.authenticator =
        new Authenticator(
            Accounts.of(
                List.of(
                    account("alice", Set.of(Addon.ALERTS)),
                    account("bob", Set.of(Addon.ALERTS)),
                    account("carol", Set.of()))));
    full(listings);
    start();
  }

  private static Account account(String key, Set<Addon> addons) {
    return new Account(
        key,
        List.of(VENDOR),
        addons,
        new RateLimit(RateLimit.MAX, RateLimit.MAX),
        SecretHash.create("secret-" + key, 1000));
  }

  /** Starts (again) the indexes, the HTTP server and alerts over the data directory. */
  void start() throws IOException {
    indexes = new VendorIndexes(dataDir, 60_000);
    indexes.start();
    server =
        AlertsServers.start(
            dataDir, indexes, authenticator, settings, clock, started -> alerts = started);
    alerts.matchNow(VENDOR); // the baseline of a first start; a no-op after a restart
  }

  /**
   * Stops everything, as a stop of the server would; index runs meanwhile are not matched, and
   * {@link #start} brings it back.
   */
  void stop() throws IOException {
    server.close();
    alerts.close();
    indexes.close();
    indexes = null;
  }

  Alerts alerts() {
    return alerts;
  }

  /** An incremental run of {@code listings}, then the commit's matching; returns its report. */
  BuildReport incremental(String... listings) throws IOException {
    return run(false, Optional.empty(), listings);
  }

  /** An incremental run of {@code listings} with the open houses {@code openHouses}. */
  BuildReport incrementalWithOpenHouses(String openHouses, String... listings) throws IOException {
    return run(false, Optional.of(openHouses), listings);
  }

  /** A full run of {@code listings}, then the commit's matching (none before the server runs). */
  BuildReport full(String... listings) throws IOException {
    return run(true, Optional.empty(), listings);
  }

  private BuildReport run(boolean full, Optional<String> openHouses, String... listings)
      throws IOException {
    Path dumps = Files.createDirectories(dataDir.resolve("dumps"));
    int run = ++runs;
    Path listingsFile =
        Files.writeString(
            dumps.resolve("listings-" + run + ".ndjson"), String.join("\n", listings));
    Optional<Path> openHousesFile = Optional.empty();
    if (openHouses.isPresent()) {
      openHousesFile =
          Optional.of(
              Files.writeString(dumps.resolve("openhouses-" + run + ".ndjson"), openHouses.get()));
    }
    FeedDumps feed = new FeedDumps(listingsFile, openHousesFile, Optional.empty());
    VendorIndexBuilder builder = new VendorIndexBuilder(JSON, clock, 1);
    VendorLayout layout = new VendorLayout(dataDir, VENDOR);
    BuildReport report =
        full
            ? builder.rebuild(layout, feed, FeedFormat.NATIVE, true)
            : builder.update(layout, feed, FeedFormat.NATIVE);
    if (!report.published()) {
      throw new AssertionError("the run published nothing: " + report);
    }
    if (indexes != null) {
      indexes.refresh();
      alerts.matchNow(VENDOR);
    }
    return report;
  }

  /** A listing line of the native feed. */
  static String listing(long mlsId, String city, int beds, long price, String status) {
    return "{\"mlsId\":"
        + mlsId
        + ",\"listingId\":\"L-"
        + mlsId
        + "\",\"listPrice\":"
        + price
        + ",\"modified\":\"2026-11-01T10:00:00Z\",\"listDate\":\"2026-10-01T12:00:00Z\","
        + "\"property\":{\"type\":\"RES\",\"bedrooms\":"
        + beds
        + ",\"bathsFull\":2,\"area\":2000},\"address\":{\"streetNumber\":"
        + mlsId
        + ",\"streetName\":\"Alert St\",\"city\":\""
        + city
        + "\",\"state\":\"TX\",\"postalCode\":\"77494\",\"full\":\""
        + mlsId
        + " Alert St\"},\"geo\":{\"lat\":29.78,\"lng\":-95.82},\"mls\":{\"status\":\""
        + status
        + "\",\"area\":\"Katy\",\"daysOnMarket\":3}}";
  }

  HttpResponse<String> call(String method, String path, String body, String key)
      throws IOException, InterruptedException {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
            .method(
                method,
                body == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(body));
    if (key != null) {
      request.header(
          "Authorization",
          "Basic "
              + Base64.getEncoder()
                  .encodeToString(("" + key + ":secret-" + key).getBytes(StandardCharsets.UTF_8)));
    }
    return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  static JsonNode json(HttpResponse<String> response) throws IOException {
    return JSON.readTree(response.body());
  }

  static JsonNode json(byte[] body) throws IOException {
    return JSON.readTree(body);
  }

  /** Creates a search of {@code key}; returns the 201's body. */
  JsonNode create(String key, String name, String query, String webhook, String events)
      throws Exception {
    HttpResponse<String> created =
        call(
            "POST",
            "/searches",
            "{\"name\":\""
                + name
                + "\",\"query\":\""
                + query
                + "\",\"webhook\":\""
                + webhook
                + "\",\"events\":"
                + events
                + "}",
            key);
    if (created.statusCode() != 201) {
      throw new AssertionError("POST /searches: " + created.statusCode() + " " + created.body());
    }
    return json(created);
  }

  @Override
  public void close() throws IOException {
    if (indexes != null) {
      stop();
    }
  }
}

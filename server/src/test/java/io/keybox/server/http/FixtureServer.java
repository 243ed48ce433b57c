package io.keybox.server.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.generator.FeedGenerator;
import io.keybox.generator.GeneratorConfig;
import io.keybox.indexer.build.BuildReport;
import io.keybox.indexer.build.FeedDumps;
import io.keybox.indexer.build.PhotoCommit;
import io.keybox.indexer.build.PhotoMirrorRun;
import io.keybox.indexer.build.VendorIndexBuilder;
import io.keybox.indexer.build.VendorLayout;
import io.keybox.indexer.feed.FeedFormat;
import io.keybox.indexer.media.ListingPhotos;
import io.keybox.indexer.media.MediaFiles;
import io.keybox.indexer.media.MediaMirror;
import io.keybox.indexer.progress.Progress;
import io.keybox.server.alerts.Alerts;
import io.keybox.server.alerts.AlertsServers;
import io.keybox.server.auth.Account;
import io.keybox.server.auth.Accounts;
import io.keybox.server.auth.Addon;
import io.keybox.server.auth.Authenticator;
import io.keybox.server.auth.KeysFileException;
import io.keybox.server.auth.KeysFileWatcher;
import io.keybox.server.auth.RateLimit;
import io.keybox.server.auth.SecretHash;
import io.keybox.server.index.VendorIndexes;
import io.keybox.server.media.PhotoFiles;
import io.keybox.server.replica.ReplicaStatus;
import io.keybox.state.StateStore;
import io.keybox.state.media.MediaCatalog;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.lucene.util.IOUtils;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A real Keybox server on a free loopback port over fixtures from {@code data/fixtures}, indexed by
 * the real indexer into a temporary directory. One per test class, the one fixture set-up every
 * HTTP test shares:
 *
 * <pre>{@code
 * @RegisterExtension
 * static final FixtureServer server = FixtureServer.perClass("fixture", "basic", KEY, SECRET);
 * }</pre>
 *
 * <p>or, for other keys, limits or logs, {@link #perClass(Setup)} with the set-up written out. A
 * test that needs a server of its own (a restart, another configuration) constructs one in a
 * try-with-resources block.
 */
final class FixtureServer implements AutoCloseable, BeforeAllCallback, AfterAllCallback {
  static final Instant REFRESH_TIME = Instant.parse("2026-11-01T06:00:00Z");

  /** A rate limit no test that is not about rate limits will reach. */
  static final io.keybox.server.auth.RateLimit UNTHROTTLED =
      new io.keybox.server.auth.RateLimit(
          io.keybox.server.auth.RateLimit.MAX, io.keybox.server.auth.RateLimit.MAX);

  private static final ObjectMapper JSON = new ObjectMapper();

  /** A per-class server's set-up: index fixtures into {@code dataDir}, then start a server. */
  @FunctionalInterface
  interface Setup {
    FixtureServer start(Path dataDir) throws Exception;
  }

  // Set once: by the constructor, or before a per-class server's tests by beforeAll.
  private VendorIndexes indexes;
  private KeyboxServer server;
  private Alerts alerts;
  private KeysFileWatcher keysWatcher;
  private final HttpClient client = HttpClient.newHttpClient();
  private final Setup setup;
  private Path dataDir;

  private FixtureServer(Setup setup) {
    this.setup = setup;
  }

  /**
   * A server for the tests of one class, started by {@code setup} in a fresh directory before them
   * and stopped (the directory deleted) after them; register it with {@code @RegisterExtension}.
   */
  static FixtureServer perClass(Setup setup) {
    return new FixtureServer(setup);
  }

  /**
   * A per-class server over {@code data/fixtures/<fixture>} indexed as {@code vendor}, with one
   * unthrottled key that reads it ({@link #withOneKey}).
   */
  static FixtureServer perClass(String vendor, String fixture, String key, String secret) {
    return perClass(vendor, fixture, dataDir -> withOneKey(dataDir, vendor, key, secret));
  }

  /**
   * A per-class server over {@code data/fixtures/basic} indexed as vendor {@code fixture}, then
   * started by {@code setup} (its keys, limits or logs).
   */
  static FixtureServer perClassOnBasic(Setup setup) {
    return perClass("fixture", "basic", setup);
  }

  /**
   * A per-class server over {@code data/fixtures/<fixture>} indexed as {@code vendor}, then started
   * by {@code setup} (its keys, limits or logs).
   */
  static FixtureServer perClass(String vendor, String fixture, Setup setup) {
    return perClass(
        dataDir -> {
          index(dataDir, vendor, fixture);
          return setup.start(dataDir);
        });
  }

  /**
   * A per-class server over {@code data/fixtures/basic} as {@code fixture} with two unthrottled
   * keys of the same secret: {@code agency} with the agents add-on, {@code plain} without.
   */
  static FixtureServer withAgentsAddOn(String agency, String plain, String secret) {
    return withAgentsAddOn(dataDir -> index(dataDir, "fixture", "basic"), agency, plain, secret);
  }

  /** Indexes a vendor's fixture under a data directory. */
  interface Indexing {
    void index(Path dataDir) throws IOException;
  }

  /**
   * As {@link #withAgentsAddOn(String, String, String)}, over what {@code indexing} indexes as
   * {@code fixture}.
   */
  static FixtureServer withAgentsAddOn(
      Indexing indexing, String agency, String plain, String secret) {
    return perClass(
        dataDir -> {
          indexing.index(dataDir);
          SecretHash hash = SecretHash.create(secret, 1000);
          Accounts accounts =
              Accounts.of(
                  List.of(
                      new Account(
                          agency, List.of("fixture"), Set.of(Addon.AGENTS), UNTHROTTLED, hash),
                      new Account(plain, List.of("fixture"), Set.of(), UNTHROTTLED, hash)));
          return new FixtureServer(dataDir, accounts, ServerConfig.loopback(0));
        });
  }

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    dataDir = Files.createTempDirectory("keybox-fixture-server");
    FixtureServer started = setup.start(dataDir);
    this.indexes = started.indexes;
    this.server = started.server;
  }

  @Override
  public void afterAll(ExtensionContext context) throws Exception {
    try {
      close();
    } finally {
      IOUtils.rm(dataDir);
    }
  }

  /** A per-class server's data directory (its fixtures are indexed there). */
  Path dataDir() {
    return dataDir;
  }

  /**
   * A loopback server on {@code dataDir} with one unthrottled key, without add-ons, that reads
   * {@code vendor}.
   */
  static FixtureServer withOneKey(Path dataDir, String vendor, String key, String secret)
      throws IOException {
    return new FixtureServer(dataDir, oneKey(vendor, key, secret), ServerConfig.loopback(0));
  }

  /**
   * An account without add-ons for {@code key} that reads {@code vendor} within {@code limit}; its
   * secret is hashed with 1,000 iterations, quick enough for a test.
   */
  static Account account(String vendor, String key, String secret, RateLimit limit) {
    return new Account(key, List.of(vendor), Set.of(), limit, SecretHash.create(secret, 1000));
  }

  /** The accounts of one unthrottled key without add-ons that reads {@code vendor}. */
  static Accounts oneKey(String vendor, String key, String secret) {
    return Accounts.of(List.of(account(vendor, key, secret, UNTHROTTLED)));
  }

  FixtureServer(Path dataDir, Accounts accounts, ServerConfig config) throws IOException {
    this(dataDir, accounts, config, Optional.empty());
  }

  /** A server with an admin listener when {@code admin} is given. */
  FixtureServer(Path dataDir, Accounts accounts, ServerConfig config, Optional<AdminListener> admin)
      throws IOException {
    this(dataDir, new Authenticator(accounts), config, noRequestLog(), admin);
  }

  /** A server whose accounts come from {@code authenticator}, logging requests to {@code log}. */
  FixtureServer(Path dataDir, Authenticator authenticator, ServerConfig config, PrintStream log)
      throws IOException {
    this(dataDir, authenticator, config, log, Optional.empty());
  }

  /**
   * A loopback server on {@code dataDir} whose {@code authenticator} reads the keys file {@code
   * keys} and reads it again when it changes (looked at every 50 ms), logging requests to {@code
   * log}; closing the server stops the watching.
   */
  static FixtureServer readingKeys(
      Path dataDir, Path keys, Authenticator authenticator, PrintStream log)
      throws IOException, KeysFileException {
    KeysFileWatcher watcher = KeysFileWatcher.start(keys, authenticator, Duration.ofMillis(50));
    try {
      FixtureServer server =
          new FixtureServer(dataDir, authenticator, ServerConfig.loopback(0), log);
      server.keysWatcher = watcher;
      return server;
    } catch (IOException | RuntimeException e) {
      watcher.close();
      throw e;
    }
  }

  private FixtureServer(
      Path dataDir,
      Authenticator authenticator,
      ServerConfig config,
      PrintStream log,
      Optional<AdminListener> admin)
      throws IOException {
    this(dataDir, authenticator, config, log, admin, ReplicaStatus.Source.NONE);
  }

  /**
   * A loopback server on {@code dataDir} with one unthrottled key that reads {@code vendor}, whose
   * health shows each vendor's replication from {@code replicas} (a query node following a store).
   */
  static FixtureServer following(
      Path dataDir, String vendor, String key, String secret, ReplicaStatus.Source replicas)
      throws IOException {
    return new FixtureServer(
        dataDir, oneKey(vendor, key, secret), ServerConfig.loopback(0), replicas);
  }

  /** A server whose health shows each vendor's replication from {@code replicas}. */
  FixtureServer(Path dataDir, Accounts accounts, ServerConfig config, ReplicaStatus.Source replicas)
      throws IOException {
    this(dataDir, new Authenticator(accounts), config, noRequestLog(), Optional.empty(), replicas);
  }

  /** Where a server's request log goes when the test does not read it. */
  private static PrintStream noRequestLog() {
    return new PrintStream(OutputStream.nullOutputStream());
  }

  private FixtureServer(
      Path dataDir,
      Authenticator authenticator,
      ServerConfig config,
      PrintStream log,
      Optional<AdminListener> admin,
      ReplicaStatus.Source replicas)
      throws IOException {
    this(
        dataDir,
        (self, indexes) ->
            KeyboxServer.start(
                config,
                admin,
                indexes,
                authenticator,
                log,
                replicas,
                registry -> Optional.empty(),
                PhotoFiles.local(dataDir)));
  }

  /** Starts the server of a fixture under construction over its started indexes. */
  @FunctionalInterface
  private interface Start {
    KeyboxServer start(FixtureServer self, VendorIndexes indexes) throws IOException;
  }

  /** Serves {@code dataDir} as {@code start} says; on a failure closes what was opened. */
  private FixtureServer(Path dataDir, Start start) throws IOException {
    this.setup = null;
    this.dataDir = dataDir;
    this.indexes = new VendorIndexes(dataDir, 200);
    try {
      indexes.start();
      this.server = start.start(this, indexes);
    } catch (IOException | RuntimeException e) {
      if (alerts != null) {
        alerts.close();
      }
      indexes.close();
      throw e;
    }
  }

  /**
   * A loopback server on {@code dataDir} for {@code accounts} that runs saved searches ({@code
   * serve --alerts}, plain http and private addresses allowed).
   */
  static FixtureServer withAlerts(Path dataDir, Accounts accounts) throws IOException {
    return new FixtureServer(dataDir, new Authenticator(accounts));
  }

  private FixtureServer(Path dataDir, Authenticator authenticator) throws IOException {
    this(
        dataDir,
        (self, indexes) ->
            AlertsServers.start(
                dataDir,
                indexes,
                authenticator,
                new Alerts.Settings(true, 100, 2),
                Clock.systemUTC(),
                started -> self.alerts = started));
  }

  /** The running server (its endpoints, metrics and admin port). */
  KeyboxServer server() {
    return server;
  }

  /** The vendor indexes it serves (tests refresh them). */
  VendorIndexes indexes() {
    return indexes;
  }

  /**
   * Indexes {@code data/fixtures/<fixture>/listings.ndjson}, with the fixture's {@code
   * openhouses.ndjson} and {@code agents.ndjson} when it has them, as {@code vendor} under {@code
   * dataDir}.
   */
  static BuildReport index(Path dataDir, String vendor, String fixture) throws IOException {
    return index(dataDir, vendor, Path.of("..", "data", "fixtures", fixture));
  }

  /**
   * Indexes {@code folder}'s {@code listings.ndjson}, with its {@code openhouses.ndjson} and {@code
   * agents.ndjson} when it has them, as {@code vendor} under {@code dataDir}.
   */
  static BuildReport index(Path dataDir, String vendor, Path folder) throws IOException {
    FeedDumps dumps =
        new FeedDumps(
            folder.resolve("listings.ndjson"),
            existing(folder.resolve("openhouses.ndjson")),
            existing(folder.resolve("agents.ndjson")));
    return new VendorIndexBuilder(JSON, Clock.fixed(REFRESH_TIME, ZoneOffset.UTC), 2)
        .rebuild(new VendorLayout(dataDir, vendor), dumps, false);
  }

  /**
   * The demo's data, as {@code ./run.sh} makes it (vendor houston, 5,000 listings, seed 42, with
   * open houses and agents), generated in {@code feed} and indexed by the real indexer under {@code
   * dataDir}.
   */
  static BuildReport indexDemo(Path feed, Path dataDir) throws IOException {
    new FeedGenerator(new GeneratorConfig(5000, 42, "houston")).writeDirectory(feed);
    VendorLayout layout = new VendorLayout(dataDir, "houston");
    Clock clock = Clock.systemUTC();
    // As keybox demo does it: the listings, then their pictures mirrored and published, so the
    // served listings name /media URLs that load.
    try (StateStore state = StateStore.open(dataDir)) {
      MediaCatalog catalog = new MediaCatalog(state, "houston", clock);
      BuildReport report =
          new VendorIndexBuilder(JSON, clock, 4, Progress.off(), ListingPhotos.mirror(catalog))
              .rebuild(
                  layout,
                  new FeedDumps(
                      feed.resolve(FeedGenerator.LISTINGS_FILE),
                      Optional.of(feed.resolve(FeedGenerator.OPEN_HOUSES_FILE)),
                      Optional.of(feed.resolve(FeedGenerator.AGENTS_FILE))),
                  FeedFormat.NATIVE,
                  false);
      MediaMirror mirror =
          new MediaMirror(
              catalog,
              new MediaFiles(layout.mediaDir()),
              java.net.http.HttpClient.newHttpClient(),
              MediaMirror.FreshUrls.NONE,
              new MediaMirror.Settings(1000, 4, 25L << 20, java.util.Map.of()),
              clock,
              Thread::sleep);
      new PhotoMirrorRun(
              layout,
              catalog,
              mirror,
              new PhotoCommit(JSON, clock),
              clock,
              Duration.ofHours(1),
              Duration.ofDays(7),
              Thread::sleep)
          .run(Progress.off());
      return report;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new java.io.InterruptedIOException("mirroring the demo's photos");
    }
  }

  private static Optional<Path> existing(Path file) {
    return Files.exists(file) ? Optional.of(file) : Optional.empty();
  }

  int port() {
    return server.port();
  }

  HttpResponse<String> get(String pathAndQuery, String user, String secret) throws Exception {
    return send(HttpRequest.newBuilder(uri(pathAndQuery)).GET(), user, secret);
  }

  /** A CORS preflight of GET {@code path} from {@code origin}, which carries no credentials. */
  HttpResponse<String> preflight(String path, String origin) throws Exception {
    return send(
        HttpRequest.newBuilder(uri(path))
            .method("OPTIONS", HttpRequest.BodyPublishers.noBody())
            .header("Origin", origin)
            .header("Access-Control-Request-Method", "GET"),
        null,
        null);
  }

  HttpResponse<String> send(HttpRequest.Builder request, String user, String secret)
      throws Exception {
    if (user != null) {
      request.header(
          "Authorization",
          "Basic "
              + Base64.getEncoder()
                  .encodeToString((user + ":" + secret).getBytes(StandardCharsets.UTF_8)));
    }
    return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  /** A response read off a raw socket: status line code, the head, and the body. */
  record RawResponse(int status, String head, String body) {
    /** The value of header {@code name} (case-insensitive), if present. */
    java.util.Optional<String> header(String name) {
      for (String line : head.split("\r\n")) {
        int colon = line.indexOf(':');
        if (colon > 0 && line.substring(0, colon).equalsIgnoreCase(name)) {
          return java.util.Optional.of(line.substring(colon + 1).strip());
        }
      }
      return java.util.Optional.empty();
    }
  }

  /**
   * Sends {@code requestTarget} byte for byte (no client-side validation, so malformed targets
   * reach the server), with Basic credentials, over a fresh connection.
   */
  RawResponse rawGet(String requestTarget, String user, String secret) throws IOException {
    try (java.net.Socket socket = new java.net.Socket("127.0.0.1", port())) {
      socket.setSoTimeout(10_000);
      String auth =
          Base64.getEncoder()
              .encodeToString((user + ":" + secret).getBytes(StandardCharsets.UTF_8));
      socket
          .getOutputStream()
          .write(
              ("GET "
                      + requestTarget
                      + " HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Basic "
                      + auth
                      + "\r\nConnection: close\r\n\r\n")
                  .getBytes(StandardCharsets.ISO_8859_1));
      String response = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      int split = response.indexOf("\r\n\r\n");
      String head = response.substring(0, split);
      return new RawResponse(
          Integer.parseInt(head.substring(9, 12)), head, response.substring(split + 4));
    }
  }

  /**
   * Sends {@code request} byte for byte over a fresh connection and reads until the server closes
   * it (send {@code Connection: close}, or a request the server refuses). An empty response has
   * status -1.
   */
  RawResponse raw(byte[] request) throws IOException {
    try (java.net.Socket socket = new java.net.Socket("127.0.0.1", port())) {
      socket.setSoTimeout(15_000);
      try {
        socket.getOutputStream().write(request);
        socket.getOutputStream().flush();
      } catch (IOException e) {
        // The server may refuse before reading it all; its answer is still there to read.
      }
      byte[] bytes;
      try {
        bytes = socket.getInputStream().readAllBytes();
      } catch (java.net.SocketException e) {
        bytes = new byte[0];
      }
      String response = new String(bytes, StandardCharsets.ISO_8859_1);
      int split = response.indexOf("\r\n\r\n");
      if (split < 0 || !response.startsWith("HTTP/1.")) {
        return new RawResponse(-1, response, "");
      }
      String head = response.substring(0, split);
      byte[] body = java.util.Arrays.copyOfRange(bytes, split + 4, bytes.length);
      return new RawResponse(
          Integer.parseInt(head.substring(9, 12)), head, new String(body, StandardCharsets.UTF_8));
    }
  }

  URI uri(String pathAndQuery) {
    return URI.create("http://127.0.0.1:" + port() + pathAndQuery);
  }

  static JsonNode json(HttpResponse<String> response) throws IOException {
    return JSON.readTree(response.body());
  }

  /**
   * The words of a table cell of expected answers, such as {@code "102 104"}, in order; none for an
   * empty cell (null, as JUnit's CSV sources give it, or blank).
   */
  static List<String> words(String spaceSeparated) {
    return spaceSeparated == null
        ? List.of()
        : Arrays.stream(spaceSeparated.split(" ")).filter(s -> !s.isBlank()).toList();
  }

  /** The numbers of a table cell of expected ids, such as {@code "102 104"} ({@link #words}). */
  static List<Long> longs(String spaceSeparated) {
    return words(spaceSeparated).stream().map(Long::valueOf).toList();
  }

  /** The mlsIds of a JSON array of listings, in order. */
  static List<Long> mlsIds(HttpResponse<String> response) throws IOException {
    return numbers(response, "mlsId");
  }

  /** The number {@code field} of each record of a JSON array, in order. */
  static List<Long> numbers(HttpResponse<String> response, String field) throws IOException {
    List<Long> numbers = new ArrayList<>();
    for (JsonNode record : json(response)) {
      numbers.add(record.get(field).asLong());
    }
    return numbers;
  }

  /** The text {@code field} of each record of a JSON array, in order. */
  static List<String> texts(HttpResponse<String> response, String field) throws IOException {
    return texts(json(response), field);
  }

  /** The text {@code field} of each record of {@code records}, in order ("" where it is absent). */
  static List<String> texts(JsonNode records, String field) {
    List<String> texts = new ArrayList<>();
    for (JsonNode record : records) {
      texts.add(record.path(field).asText());
    }
    return texts;
  }

  /** The JSON answer to GET {@code pathAndQuery} as {@code user}, which must be a 200. */
  JsonNode okJson(String pathAndQuery, String user, String secret) throws Exception {
    HttpResponse<String> response = get(pathAndQuery, user, secret);
    org.junit.jupiter.api.Assertions.assertEquals(200, response.statusCode(), response.body());
    return json(response);
  }

  @Override
  public void close() throws IOException {
    server.close();
    if (alerts != null) {
      alerts.close();
    }
    indexes.close();
    if (keysWatcher != null) {
      keysWatcher.close();
    }
  }
}

package io.keybox.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.keybox.app.cli.ByteSizeConverter;
import io.keybox.server.ServerOptions;
import io.keybox.server.auth.SecretHash;
import io.keybox.server.http.ListenException;
import io.keybox.server.http.pages.MapTiles;
import io.keybox.server.tls.TestCertificates;
import io.keybox.store.StoreUrl;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

/**
 * {@code serve}'s refusals: each is exit code 1 with one line saying what to fix, before anything
 * listens.
 */
class ServeCommandTest {
  @TempDir static Path dir;
  private static Path keys;
  private static Path keystore;

  @BeforeAll
  static void setUp() throws Exception {
    keys = dir.resolve("keys.json");
    Files.writeString(
        keys,
        "{\"keys\": [{\"key\": \"k\", \"secretHash\": \""
            + SecretHash.create("s", 1000).encoded()
            + "\", \"vendors\": [\"v\"]}]}");
    keystore = TestCertificates.pkcs12(dir, "server", "RSA");
  }

  private record Result(int code, String out, String err) {}

  private static Result serve(Map<String, String> env, String... args) {
    List<String> all = new ArrayList<>(List.of("--data-dir", dir.toString()));
    all.addAll(List.of(args));
    Commands.Result result = Commands.run(new byte[0], env, "serve", all.toArray(String[]::new));
    return new Result(result.code(), result.out(), result.err());
  }

  private static void assertRefused(Result result, String message) {
    assertEquals(1, result.code(), result.err());
    assertEquals(1, result.err().lines().count(), result.err());
    assertTrue(result.err().contains(message), result.err());
  }

  @Test
  void aMalformedKeysFileStopsTheStartWithOneLineNamingTheProblem() throws Exception {
    Path broken = dir.resolve("broken.json");
    Files.writeString(
        broken, "{\"keys\": [{\"key\": \"k\", \"secret\": \"plain\", \"vendors\": [\"v\"]}]}");
    assertRefused(
        serve(Map.of(), "--keys", broken.toString(), "--port", "0"),
        "keybox serve: keys file "
            + broken
            + ": keys[0] (\"k\"): unknown property \"secret\"; allowed: addons, key, rateLimit,"
            + " secretHash, vendors; the keys file holds only \"secretHash\"");
    assertRefused(
        serve(Map.of(), "--keys", dir.resolve("none.json").toString(), "--port", "0"),
        "no such file");
  }

  @Test
  void anExitTwoFailureLogsItsThrowableAndDebugPrintsAnyFailuresStackTrace() throws Exception {
    List<LogRecord> records = new CopyOnWriteArrayList<>();
    Handler handler =
        new Handler() {
          @Override
          public void publish(LogRecord record) {
            records.add(record);
          }

          @Override
          public void flush() {}

          @Override
          public void close() {}
        };
    Logger logger = Logger.getLogger("io.keybox.app");
    logger.addHandler(handler);
    try (java.net.ServerSocket taken =
        new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      String port = String.valueOf(taken.getLocalPort());
      Result plain = serve(Map.of(), "--keys", keys.toString(), "--port", port);
      assertEquals(2, plain.code(), plain.err());
      assertEquals(1, plain.err().lines().count(), plain.err());
      assertEquals(1, records.size(), records.toString());
      assertEquals(Level.SEVERE, records.get(0).getLevel());
      assertEquals(plain.err().strip(), records.get(0).getMessage());
      assertEquals(ListenException.class, records.get(0).getThrown().getClass());
      records.clear();

      Result debug = serve(Map.of(), "--keys", keys.toString(), "--port", port, "--debug");
      assertEquals(2, debug.code(), debug.err());
      assertTrue(
          debug.err().startsWith("io.keybox.server.http.ListenException: cannot listen on"),
          debug.err());
      assertTrue(debug.err().contains("\n\tat "), debug.err());
      assertEquals(plain.err(), debug.err().substring(debug.err().lastIndexOf("keybox serve: ")));
      // Printed instead of logged: a terminal (or the journal) gets the trace once.
      assertEquals(List.of(), records);

      // Bad input is exit 1 and never logged; --debug shows its cause too.
      Result badKeys =
          serve(Map.of(), "--keys", dir.resolve("none.json").toString(), "--port", "0", "--debug");
      assertEquals(1, badKeys.code(), badKeys.err());
      assertTrue(
          badKeys.err().startsWith("io.keybox.server.auth.KeysFileException: keys file "),
          badKeys.err());
      assertTrue(
          badKeys.err().contains("Caused by: java.nio.file.NoSuchFileException: "), badKeys.err());
      assertEquals(List.of(), records);
    } finally {
      logger.removeHandler(handler);
    }
  }

  @Test
  void aPortInUseIsOneLineNamingTheAddressAndTheOption() throws Exception {
    try (java.net.ServerSocket taken =
        new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      int port = taken.getLocalPort();
      Result result = serve(Map.of(), "--keys", keys.toString(), "--port", String.valueOf(port));
      assertEquals(2, result.code(), result.err());
      assertEquals(1, result.err().lines().count(), result.err());
      assertTrue(
          result
              .err()
              .startsWith(
                  "keybox serve: cannot listen on 127.0.0.1:"
                      + port
                      + ": Address already in use; is another server running there? choose"
                      + " another --port"),
          result.err());
      Result admin =
          serve(
              Map.of(),
              "--keys",
              keys.toString(),
              "--port",
              "0",
              "--admin-port",
              String.valueOf(port));
      assertEquals(2, admin.code(), admin.err());
      assertTrue(
          admin.err().contains("cannot listen on 127.0.0.1:" + port + ": Address already in use"),
          admin.err());
      assertTrue(admin.err().contains("choose another --admin-port"), admin.err());
    }
  }

  @Test
  void plainHttpOnAPublicInterfaceIsRefused() {
    assertRefused(
        serve(Map.of(), "--keys", keys.toString(), "--host", "0.0.0.0", "--port", "0"),
        "refusing to take credentials over plain HTTP on 0.0.0.0");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "--tls-cert a.pem | --tls-cert and --tls-key go together",
        "--tls-key a.pem | --tls-cert and --tls-key go together",
        "--tls-keystore a.p12 --tls-cert a.pem --tls-key b.pem | give either --tls-cert and --tls-key, or --tls-keystore, not both",
        "--tls-password x | --tls-password is the password of --tls-keystore",
        "--max-concurrent 0 | --max-concurrent must be a whole number 1..10000",
        "--max-url-length 10 | --max-url-length must be a whole number 1024..1048576",
        "--idle-timeout x | --idle-timeout must be a whole number",
        "--base-url notaurl | --base-url: 'notaurl' is not an absolute http or https URL",
        "--base-url ftp://x.example/ | --base-url: 'ftp://x.example/' is not an absolute http or https URL",
        "--base-url https://x.example/?a=1 | --base-url: 'https://x.example/?a=1' is not an absolute",
        "--base-url https:// | --base-url: 'https://' is not an absolute http or https URL",
        "--response-cache 64x | --response-cache: '64x' is not a size like 64m, 512k, 1g or 0",
        "--response-cache -1 | --response-cache: '-1' is not a size",
        "--response-cache m | --response-cache: 'm' is not a size",
        "--response-cache 2000g | --response-cache: '2000g' is not a size",
      })
  void badOptionCombinations(String options, String message) {
    List<String> args = new ArrayList<>(List.of("--keys", keys.toString()));
    args.addAll(List.of(options.split(" ")));
    assertRefused(serve(Map.of(), args.toArray(String[]::new)), message);
  }

  @Test
  void aKeystoreNeedsItsPasswordFromTheOptionOrTheEnvironment() {
    assertRefused(
        serve(Map.of(), "--keys", keys.toString(), "--tls-keystore", keystore.toString()),
        "--tls-keystore needs its password: --tls-password or $KEYBOX_TLS_PASSWORD");
    assertRefused(
        serve(
            Map.of("KEYBOX_TLS_PASSWORD", "wrong"),
            "--keys",
            keys.toString(),
            "--tls-keystore",
            keystore.toString()),
        "keybox serve: --tls-keystore " + keystore + ": wrong password");
  }

  @Test
  void helpNamesEveryOptionWithItsDefault() {
    Result help = serve(Map.of(), "--help");
    assertEquals(0, help.code());
    for (String option :
        List.of(
            "--tls-cert",
            "--tls-key",
            "--tls-keystore",
            "--tls-password",
            "--behind-proxy",
            "--max-concurrent",
            "--max-queued",
            "--idle-timeout",
            "--request-timeout",
            "--max-url-length",
            "--response-cache")) {
      assertTrue(help.out().contains(option), option);
    }
    assertTrue(help.out().contains("(default 60)"), help.out());
    assertTrue(help.out().contains("(default 65536)"), help.out());
    assertTrue(help.out().contains("0 turns it off (default 64m)"), help.out());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "0, 0",
    "1000, 1000",
    "512k, 524288",
    "64m, 67108864",
    "64M, 67108864",
    "1g, 1073741824",
    "1024g, 1099511627776"
  })
  void responseCacheSizesAreBytesOrKibMibGib(String option, long bytes) {
    assertEquals(bytes, new ByteSizeConverter().convert(option));
  }

  @Test
  void corsIsOpenToEveryOriginByDefaultAndNoneTurnsItOff() {
    assertEquals(List.of("*"), ServeCommand.corsOrigins(new ServeCommand().corsOrigins));
    assertEquals(List.of(), ServeCommand.corsOrigins("none"));
    assertEquals(List.of(), ServeCommand.corsOrigins(" NONE "));
    assertEquals(
        List.of("https://a.example", "https://b.example"),
        ServeCommand.corsOrigins("https://a.example, https://b.example,"));
  }

  @Test
  void defaultsAreServerOptionsOwnAndTypedValuesArriveConverted() {
    ServerOptions defaults = parse("--replica-of", "file:///srv/store").options(Optional.empty());
    assertEquals(dir.resolve("keys.json"), defaults.keys());
    assertEquals(64L << 20, defaults.responseCacheBytes());
    assertEquals(Duration.ofSeconds(5), defaults.replica().orElseThrow().poll());
    assertEquals(Duration.ofMinutes(10), defaults.replica().orElseThrow().staleAfter());
    assertEquals(Optional.empty(), defaults.replica().orElseThrow().endpoint());
    assertEquals(
        ServerOptions.builder(dir)
            .replica(
                new ServerOptions.Replica(
                    StoreUrl.parse("file:///srv/store"),
                    Optional.empty(),
                    ServerOptions.DEFAULT_REPLICA_POLL,
                    ServerOptions.DEFAULT_REPLICA_STALE_AFTER))
            .build(),
        defaults);

    ServerOptions given =
        parse(
                "--replica-of",
                "s3://bucket/prefix",
                "--s3-endpoint",
                "http://127.0.0.1:9000",
                "--replica-poll",
                "250ms",
                "--replica-stale-after",
                "90s",
                "--media-cache",
                "20g",
                "--response-cache",
                "512k",
                "--base-url",
                "https://listings.example.com",
                "--max-concurrent",
                "6")
            .options(Optional.empty());
    ServerOptions.Replica replica = given.replica().orElseThrow();
    assertEquals("s3://bucket/prefix", replica.store().toString());
    assertEquals(Optional.of(URI.create("http://127.0.0.1:9000")), replica.endpoint());
    assertEquals(Duration.ofMillis(250), replica.poll());
    assertEquals(Duration.ofSeconds(90), replica.staleAfter());
    assertEquals(20L << 30, replica.mediaCacheBytes());
    assertEquals(524_288, given.responseCacheBytes());
    assertEquals(Optional.of("https://listings.example.com"), given.baseUrl());
    assertEquals(12, given.maxQueued());
    assertEquals(Optional.empty(), parse().options(Optional.empty()).replica());
  }

  @Test
  void theExplorersTilesDefaultToOpenStreetMapsAndTakeATemplateAndItsCredit() {
    MapTiles defaults = parse().options(Optional.empty()).exploreTiles();
    assertEquals("https://tile.openstreetmap.org/{z}/{x}/{y}.png", defaults.urlTemplate());
    assertTrue(defaults.attribution().contains("OpenStreetMap</a> contributors"));

    MapTiles own =
        parse("--explore-tiles", "http://tiles.internal:8081/{z}/{x}/{y}.png")
            .options(Optional.empty())
            .exploreTiles();
    assertEquals("http://tiles.internal:8081/{z}/{x}/{y}.png", own.urlTemplate());
    assertEquals("Map tiles: tiles.internal", own.attribution());

    MapTiles credited =
        parse(
                "--explore-tiles",
                "https://{s}.tiles.example.com/{z}/{x}/{y}@2x.png",
                "--explore-tiles-attribution",
                "&copy; Example Maps")
            .options(Optional.empty())
            .exploreTiles();
    assertEquals("&copy; Example Maps", credited.attribution());
  }

  @Test
  void aTileTemplateWithoutItsPlaceholdersOrNotHttpIsRefusedNamingTheOption() {
    CommandLine.ParameterException missing =
        assertThrows(
            CommandLine.ParameterException.class,
            () -> parse("--explore-tiles", "https://tiles.example.com/{z}/{x}.png"));
    assertTrue(missing.getMessage().contains("--explore-tiles"), missing.getMessage());
    assertTrue(missing.getMessage().contains("{z}, {x} and {y}"), missing.getMessage());
    CommandLine.ParameterException scheme =
        assertThrows(
            CommandLine.ParameterException.class,
            () -> parse("--explore-tiles", "file:///srv/tiles/{z}/{x}/{y}.png"));
    assertTrue(scheme.getMessage().contains("http or https"), scheme.getMessage());
  }

  private static ServeCommand parse(String... args) {
    List<String> all = new ArrayList<>(List.of("serve", "--data-dir", dir.toString()));
    all.addAll(List.of(args));
    CommandLine line = Keybox.commandLine(Console.system());
    line.parseArgs(all.toArray(String[]::new));
    return line.getSubcommands().get("serve").getCommand();
  }
}

package io.keybox.app;

import io.keybox.app.cli.Checked;
import io.keybox.app.cli.CommandFailure;
import io.keybox.app.cli.HelpOption;
import io.keybox.app.cli.Range;
import io.keybox.app.cli.Wording;
import io.keybox.server.Server;
import io.keybox.server.ServerOptions;
import io.keybox.server.auth.KeysFileException;
import io.keybox.server.http.ListenException;
import io.keybox.server.tls.TlsException;
import io.keybox.server.tls.TlsIdentity;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.MissingParameterException;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.MutuallyExclusiveArgsException;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code keybox serve}: serves every vendor index under the data directory until the process is
 * stopped (OPERATIONS.md §2). Exit codes: 1 bad arguments, keys file or TLS files; 2 the address
 * cannot be bound or another I/O failure.
 */
@Command(
    name = "serve",
    customSynopsis = {
      "./run.sh serve --data-dir DIR [--host 127.0.0.1] [--port 8080] [--keys FILE]",
      "         [--tls-cert PEM --tls-key PEM | --tls-keystore FILE --tls-password X]"
          + " [--behind-proxy]",
      "         [--replica-of STORE_URL [--replica-poll SECONDS] [--replica-stale-after 10m]]"
    },
    descriptionHeading = "%n",
    description = {
      "Serves the read-only listings API over every vendor index under DIR, swapping to each",
      "new commit the indexer publishes. With a certificate it serves HTTPS (HTTP/2 and",
      "HTTP/1.1); plain HTTP only on loopback, or on any interface with --behind-proxy.",
      "Each key's rate limit comes from the keys file. With --replica-of it is a query node",
      "of an object store: it fetches each vendor's new commit the indexer publishes there",
      "(keybox publish, index --publish-to) and keeps serving its last good one meanwhile."
    },
    optionListHeading = "%nOptions:%n",
    footerHeading = "%nExamples:%n",
    footer = {
      "  ./run.sh serve --data-dir .keybox/data --keys data/demo-keys.json --port 8080",
      "  ./run.sh serve --data-dir /srv/keybox --host 0.0.0.0 --port 443 \\",
      "      --tls-cert /etc/keybox/chain.pem --tls-key /etc/keybox/key.pem"
    })
final class ServeCommand implements Callable<Integer>, Checked, Wording {
  @Spec CommandSpec spec;

  @ParentCommand Keybox keybox;

  @Option(
      names = "--data-dir",
      paramLabel = "DIR",
      required = true,
      description = "data directory with one folder per vendor (required)")
  Path dataDir;

  @Option(
      names = "--host",
      paramLabel = "HOST",
      description = "interface to bind (default ${DEFAULT-VALUE})")
  String host = ServerOptions.DEFAULT_HOST;

  @Option(
      names = "--port",
      paramLabel = "PORT",
      description = "port (default ${DEFAULT-VALUE}; 0 picks a free one)")
  @Range(min = 0, max = 65535)
  int port = ServerOptions.DEFAULT_PORT;

  @Option(
      names = "--keys",
      paramLabel = "FILE",
      description = "keys file (default DIR/keys.json); re-read when it changes")
  Path keys;

  @Option(
      names = "--base-url",
      paramLabel = "URL",
      description = "public base URL for Link headers (default: the request's)")
  String baseUrl;

  @Option(
      names = "--offset-window",
      paramLabel = "N",
      description = "deepest offset served; deeper pages use lastId (default ${DEFAULT-VALUE})")
  @Range(min = 0, max = 1_000_000_000)
  int offsetWindow = ServerOptions.DEFAULT_OFFSET_WINDOW;

  @ArgGroup(exclusive = true)
  ServeTls tls;

  @Option(
      names = "--behind-proxy",
      description =
          "a TLS proxy is in front: plain HTTP on any interface; X-Forwarded-* count (default:"
              + " off)")
  boolean behindProxy;

  @Option(
      names = "--cors-origins",
      paramLabel = "LIST",
      description =
          "comma-separated origins browsers may call from, * for any, or none: no CORS"
              + " (default: ${DEFAULT-VALUE})")
  String corsOrigins = "*";

  @Option(
      names = "--max-concurrent",
      paramLabel = "N",
      description =
          "requests processed at once (default: twice the cores, at least 4; here"
              + " ${DEFAULT-VALUE})")
  @Range(min = 1, max = 10_000)
  int maxConcurrent = ServerOptions.DEFAULT_MAX_CONCURRENT;

  @Option(
      names = "--max-queued",
      paramLabel = "N",
      description =
          "requests that wait for a slot (2 s at most), more get 503 (default: 2 x"
              + " --max-concurrent)")
  @Range(min = 0, max = 100_000)
  Integer maxQueued;

  @Option(
      names = "--idle-timeout",
      paramLabel = "SECONDS",
      description = "seconds a connection may stay silent (default ${DEFAULT-VALUE})")
  @Range(min = 1, max = 86_400)
  int idleTimeout = (int) ServerOptions.DEFAULT_IDLE_TIMEOUT.toSeconds();

  @Option(
      names = "--request-timeout",
      paramLabel = "SECONDS",
      description = "seconds to send a request line and headers (default ${DEFAULT-VALUE})")
  @Range(min = 1, max = 3_600)
  int requestTimeout = (int) ServerOptions.DEFAULT_REQUEST_TIMEOUT.toSeconds();

  @Option(
      names = "--max-url-length",
      paramLabel = "BYTES",
      description = "longest URL in bytes; longer gets 414 (default ${DEFAULT-VALUE})")
  @Range(min = 1024, max = 1 << 20)
  int maxUrlLength = ServerOptions.DEFAULT_MAX_URL_LENGTH;

  @Option(
      names = "--response-cache",
      paramLabel = "SIZE",
      description =
          "bytes of repeated identical answers kept per index snapshot, like 64m, 512k or 1g;"
              + " 0 turns it off (default ${DEFAULT-VALUE})")
  String responseCache = "64m";

  @ArgGroup(exclusive = false)
  Admin admin;

  /** The admin listener: a port, and the interface it binds. */
  static final class Admin {
    @Option(
        names = "--admin-port",
        paramLabel = "PORT",
        required = true,
        description =
            "port of the admin listener for /-/health and /-/metrics, without credentials"
                + " (default: none; they answer on --port to loopback clients only)")
    @Range(min = 1, max = 65535)
    int port;

    @Option(
        names = "--admin-host",
        paramLabel = "HOST",
        description = "interface of the admin listener (default: the --host value)")
    String host;
  }

  @Option(
      names = "--replica-of",
      paramLabel = "STORE_URL",
      description =
          "follow this store as a query node: fetch every vendor published under it into"
              + " --data-dir (s3://bucket/prefix or file:///path; default: none)")
  String replicaOf;

  @Option(
      names = "--replica-poll",
      paramLabel = "SECONDS",
      description = "how often the store is polled, in seconds (default 5)")
  String replicaPoll;

  @Option(
      names = "--replica-stale-after",
      paramLabel = "DURATION",
      description =
          "a vendor no poll reached for this long is stale in /-/health, like 10m or 90s"
              + " (default 10m)")
  String replicaStaleAfter;

  @Option(
      names = "--s3-endpoint",
      paramLabel = "URL",
      description = "S3-compatible endpoint of --replica-of (default: $AWS_ENDPOINT_URL, else AWS)")
  String s3Endpoint;

  @Mixin HelpOption help;

  @Override
  public String errorPrefix() {
    return "keybox serve";
  }

  @Override
  public Optional<String> specific(ParameterException e) {
    // The option groups' refusals, in the words of the options.
    if (e instanceof MutuallyExclusiveArgsException) {
      return Optional.of("give either --tls-cert and --tls-key, or --tls-keystore, not both");
    }
    if (e instanceof MissingParameterException m
        && m.getMessage().startsWith("Error: Missing required argument")) {
      List<String> missing =
          m.getMissing().stream()
              .map(a -> a instanceof OptionSpec o ? o.longestName() : a.paramLabel())
              .toList();
      if (missing.contains("--tls-cert") || missing.contains("--tls-key")) {
        return Optional.of("--tls-cert and --tls-key go together");
      }
      if (missing.contains("--tls-keystore")) {
        return Optional.of("--tls-password is the password of --tls-keystore");
      }
      if (missing.contains("--admin-port")) {
        return Optional.of("--admin-host: needs --admin-port");
      }
    }
    return Optional.empty();
  }

  @Override
  public void check() {
    // The keystore password may come from the environment at start; here it only has to be
    // possible.
    if (tls != null) {
      tls.check(spec.commandLine());
    }
    checkOptions();
    if (tls == null && !ServerOptions.isLoopback(host) && !behindProxy) {
      throw usage(
          "--host: plain HTTP on "
              + host
              + " needs a certificate (--tls-cert and --tls-key, or --tls-keystore) or"
              + " --behind-proxy (a TLS proxy in front)");
    }
  }

  @Override
  public Integer call() throws InterruptedException {
    Console console = keybox.console();
    if (!Files.isDirectory(dataDir)) {
      throw usage("--data-dir: '" + dataDir + "' is not a directory");
    }
    if (tls != null) {
      tls.check(spec.commandLine());
    }
    checkOptions();
    Optional<TlsIdentity> identity;
    try {
      identity =
          tls == null ? Optional.empty() : Optional.of(tls.load(console.env(), spec.commandLine()));
    } catch (TlsException e) {
      throw CommandFailure.badInput(e.getMessage(), e);
    }
    ServerOptions options = options(identity);
    PrintStream out = console.out();
    try (Server server = Server.start(options, out)) {
      out.printf(
          "keybox serve: listening on %s://%s:%d%s (data %s, keys %s)%n",
          options.scheme(),
          options.host(),
          server.port(),
          identity.map(ServeTls::describe).orElse(""),
          options.dataDir(),
          options.keys());
      server
          .adminPort()
          .ifPresent(
              adminPort ->
                  out.printf(
                      "keybox serve: admin listener on http://%s:%d (/-/health, /-/metrics)%n",
                      options.admin().orElseThrow().host(), adminPort));
      options
          .replica()
          .ifPresent(
              replica ->
                  out.printf(
                      "keybox serve: following %s every %.1f s into %s%n",
                      replica.store(), replica.poll().toMillis() / 1000.0, options.dataDir()));
      UntilStopped.await(server, out, "keybox serve");
      return 0;
    } catch (KeysFileException | IllegalStateException e) {
      throw CommandFailure.badInput(e.getMessage(), e);
    } catch (ListenException e) {
      throw CommandFailure.failure(e.getMessage(), e);
    } catch (IOException e) {
      throw CommandFailure.failure("failed: " + e, e);
    }
  }

  /** The checks of option values that {@code check} and the run share. */
  private void checkOptions() {
    baseUrl();
    responseCacheBytes();
    replica();
    if (admin != null && admin.port == port) {
      throw usage("--admin-port: must differ from --port (got: " + admin.port + ")");
    }
  }

  /**
   * The origins of {@code --cors-origins}: a comma-separated list, {@code *} for any (the default,
   * as the upstream API: credentials travel in the Authorization header, never in cookies), or
   * {@code none} for no CORS at all.
   */
  static List<String> corsOrigins(String option) {
    if (option.strip().equalsIgnoreCase("none")) {
      return List.of();
    }
    return Arrays.stream(option.split(",")).map(String::strip).filter(v -> !v.isEmpty()).toList();
  }

  private ServerOptions options(Optional<TlsIdentity> identity) {
    return new ServerOptions(
        dataDir,
        keys != null ? keys : ServerOptions.defaultKeys(dataDir),
        host,
        port,
        baseUrl(),
        offsetWindow,
        behindProxy,
        corsOrigins(corsOrigins),
        identity,
        maxConcurrent,
        maxQueued != null ? maxQueued : 2 * maxConcurrent,
        Duration.ofSeconds(idleTimeout),
        Duration.ofSeconds(requestTimeout),
        maxUrlLength,
        Optional.ofNullable(admin)
            .map(a -> new ServerOptions.Admin(a.host != null ? a.host : host, a.port)),
        replica(),
        responseCacheBytes());
  }

  /** The largest {@code --response-cache}: far above any heap this server runs in. */
  private static final long MAX_RESPONSE_CACHE_BYTES = 1L << 40;

  /**
   * {@code --response-cache}: a whole number of bytes, or of KiB, MiB or GiB with a {@code k},
   * {@code m} or {@code g} suffix; 0 turns the cache off.
   */
  private long responseCacheBytes() {
    Long bytes = byteSize(responseCache);
    if (bytes == null || bytes > MAX_RESPONSE_CACHE_BYTES) {
      throw usage(
          "--response-cache: '"
              + responseCache
              + "' is not a size like 64m, 512k, 1g or 0 (off), at most 1024g");
    }
    return bytes;
  }

  /**
   * {@code text} in bytes ({@code 64m}, {@code 512k}, {@code 1g}, {@code 1000}); null if not one.
   */
  static Long byteSize(String text) {
    String value = text.strip().toLowerCase(Locale.ROOT);
    long unit = 1;
    if (!value.isEmpty()) {
      switch (value.charAt(value.length() - 1)) {
        case 'k' -> unit = 1L << 10;
        case 'm' -> unit = 1L << 20;
        case 'g' -> unit = 1L << 30;
        default -> {}
      }
    }
    String digits = unit == 1 ? value : value.substring(0, value.length() - 1);
    if (digits.isEmpty()
        || digits.length() > 12
        || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
      return null;
    }
    return Long.parseLong(digits) * unit;
  }

  /** {@code --replica-of} and its companions; they mean nothing without it. */
  private Optional<ServerOptions.Replica> replica() {
    CommandLine line = spec.commandLine();
    if (replicaOf == null) {
      for (String companion : new String[] {replicaPoll, replicaStaleAfter, s3Endpoint}) {
        if (companion != null) {
          throw usage("--replica-poll, --replica-stale-after and --s3-endpoint need --replica-of");
        }
      }
      return Optional.empty();
    }
    return Optional.of(
        new ServerOptions.Replica(
            StoreOptions.storeUrl(line, "--replica-of", replicaOf),
            StoreOptions.endpoint(line, s3Endpoint),
            replicaPoll == null
                ? ServerOptions.DEFAULT_REPLICA_POLL
                : StoreOptions.duration(line, "--replica-poll", replicaPoll, Duration.ofMillis(50)),
            replicaStaleAfter == null
                ? ServerOptions.DEFAULT_REPLICA_STALE_AFTER
                : StoreOptions.duration(
                    line, "--replica-stale-after", replicaStaleAfter, Duration.ofSeconds(1))));
  }

  /** {@code --base-url}: an absolute http or https URL, since Link headers carry it as given. */
  private Optional<String> baseUrl() {
    if (baseUrl == null) {
      return Optional.empty();
    }
    try {
      URI uri = new URI(baseUrl);
      String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
      if ((scheme.equals("http") || scheme.equals("https"))
          && uri.getHost() != null
          && uri.getRawQuery() == null
          && uri.getRawFragment() == null) {
        return Optional.of(baseUrl);
      }
    } catch (URISyntaxException e) {
      // described below
    }
    throw usage(
        "--base-url: '"
            + baseUrl
            + "' is not an absolute http or https URL without query or fragment (like"
            + " https://listings.example.com)");
  }

  private ParameterException usage(String problem) {
    return new ParameterException(spec.commandLine(), problem);
  }
}

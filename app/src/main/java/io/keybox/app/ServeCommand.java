package io.keybox.app;

import io.keybox.app.cli.ByteSizeConverter;
import io.keybox.app.cli.Checked;
import io.keybox.app.cli.CommandFailure;
import io.keybox.app.cli.DurationConverter;
import io.keybox.app.cli.DurationRange;
import io.keybox.app.cli.HelpOption;
import io.keybox.app.cli.HttpUrlConverter;
import io.keybox.app.cli.Range;
import io.keybox.app.cli.Wording;
import io.keybox.server.Server;
import io.keybox.server.ServerOptions;
import io.keybox.server.alerts.Alerts;
import io.keybox.server.auth.KeysFileException;
import io.keybox.server.http.ListenException;
import io.keybox.server.http.PhotoServing;
import io.keybox.server.http.PlainHttpRefusedException;
import io.keybox.server.http.pages.MapTiles;
import io.keybox.server.tls.TlsException;
import io.keybox.server.tls.TlsIdentity;
import io.keybox.store.StoreUrl;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.MissingParameterException;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.MutuallyExclusiveArgsException;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

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
      "         [--replica-of STORE_URL [--replica-poll SECONDS] [--replica-stale-after 10m]",
      "          [--media-cache 10g]]"
    },
    descriptionHeading = "%n",
    description = {
      "Serves the read-only listings API over every vendor index under DIR, swapping to each",
      "new commit the indexer publishes. With a certificate it serves HTTPS (HTTP/2 and",
      "HTTP/1.1); plain HTTP only on loopback, or on any interface with --behind-proxy.",
      "Each key's rate limit comes from the keys file. With --replica-of it is a query node",
      "of an object store: it fetches each vendor's new commit the indexer publishes there",
      "(keybox publish, index --publish-to) and keeps serving its last good one meanwhile;",
      "it serves /media from a bounded cache of the photos publish put in the store, or the",
      "listings' photo URLs name the bucket or a CDN in front of it (--media-base-url)."
    },
    optionListHeading = "%nOptions:%n",
    footerHeading = "%nExamples:%n",
    footer = {
      "  ./run.sh serve --data-dir .keybox/data --keys data/demo-keys.json --port 8080",
      "  ./run.sh serve --data-dir /srv/keybox --host 0.0.0.0 --port 443 \\",
      "      --tls-cert /etc/keybox/chain.pem --tls-key /etc/keybox/key.pem",
      "  ./run.sh serve --data-dir /srv/keybox --replica-of s3://listings/prod --media-cache 20g"
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
      converter = HttpUrlConverter.class,
      description = "public base URL for Link headers (default: the request's)")
  URI baseUrl;

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
      converter = ByteSizeConverter.class,
      defaultValue = "64m",
      description =
          "bytes of repeated identical answers kept per index snapshot, like 64m, 512k or 1g;"
              + " 0 turns it off (default ${DEFAULT-VALUE})")
  long responseCacheBytes;

  @Option(
      names = "--photo-width",
      paramLabel = "PX",
      defaultValue = "1600",
      description =
          "the variant of each mirrored photo a listing's photos list: 400, 800 or 1600 px wide"
              + " (default ${DEFAULT-VALUE}; every variant is served, see docs/api.md)")
  int photoWidth;

  @Option(
      names = "--media-base-url",
      paramLabel = "URL",
      converter = HttpUrlConverter.class,
      description =
          "base URL of the mirrored photos' URLs: a CDN, or the public URL of the store's"
              + " bucket and prefix, where publish puts media/VENDOR/ (default: --base-url, else"
              + " the request's)")
  URI mediaBaseUrl;

  @Option(
      names = "--explore",
      description =
          "serve the pages for people to anyone: /-/docs, Swagger UI over /-/openapi.json, and"
              + " /-/explore, the listings on a map with charts (they"
              + " call the API with the credentials the reader types, so they grant nothing;"
              + " default: off, on in keybox demo)")
  boolean explore;

  @Option(
      names = "--explore-tiles",
      paramLabel = "URL_TEMPLATE",
      converter = TileUrlConverter.class,
      defaultValue = MapTiles.OPEN_STREET_MAP,
      description =
          "the map tiles /-/explore shows, an http(s) URL template with {z}, {x} and {y} (the"
              + " reader's browser fetches them; the page works without them; default"
              + " ${DEFAULT-VALUE}, with OpenStreetMap's attribution)")
  String exploreTiles;

  @Option(
      names = "--explore-tiles-attribution",
      paramLabel = "HTML",
      description =
          "the credit line the tiles' licence asks the map to show (default: OpenStreetMap's for"
              + " its tiles, else the tile server's host name)")
  String exploreTilesAttribution;

  @Option(
      names = "--token-key",
      paramLabel = "FILE",
      description =
          "file holding the key (32+ bytes, e.g. openssl rand -base64 48) that signs the 1-hour"
              + " bearer tokens of POST /oauth2/token for the RESO Web API; the same file on every"
              + " node (default: no tokens, Basic only)")
  Path tokenKey;

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

  @ArgGroup(exclusive = false)
  Replica replica;

  /** A query node's store and how it follows it; the companions mean nothing without the store. */
  static final class Replica {
    @Option(
        names = "--replica-of",
        paramLabel = "STORE_URL",
        required = true,
        converter = StoreOptions.UrlConverter.class,
        description =
            "follow this store as a query node: fetch every vendor published under it into"
                + " --data-dir (s3://bucket/prefix or file:///path; default: none)")
    StoreUrl store;

    @Option(
        names = "--replica-poll",
        paramLabel = "SECONDS",
        converter = DurationConverter.class,
        defaultValue = "5",
        description =
            "how often the store is polled, in seconds or like 500ms (default ${DEFAULT-VALUE})")
    @DurationRange(minMillis = 50)
    Duration poll;

    @Option(
        names = "--replica-stale-after",
        paramLabel = "DURATION",
        converter = DurationConverter.class,
        defaultValue = "10m",
        description =
            "a vendor no poll reached for this long is stale in /-/health, like 10m or 90s"
                + " (default ${DEFAULT-VALUE})")
    @DurationRange(minMillis = 1000)
    Duration staleAfter;

    @Option(
        names = "--media-cache",
        paramLabel = "SIZE",
        converter = ByteSizeConverter.class,
        defaultValue = "10g",
        description =
            "bytes of photos fetched from the store kept in DIR/.media-cache for /media, least"
                + " recently served removed first, like 20g or 512m, at least 64m (default"
                + " ${DEFAULT-VALUE}: the cover photos of some 30,000 listings at 1600 px)")
    long mediaCache;
  }

  /** The smallest {@code --media-cache}: room for a few hundred photos at 1600 px. */
  static final long MIN_MEDIA_CACHE = 64L << 20;

  @ArgGroup(exclusive = false)
  AlertOptions alerts;

  /** Saved searches and their webhooks; the companions mean nothing without {@code --alerts}. */
  static final class AlertOptions {
    @Option(
        names = "--alerts",
        required = true,
        description =
            "run saved searches on this node: match each new commit against them and deliver"
                + " signed webhooks; exactly one node of a scaled-out set (default: off, and"
                + " /searches answers 404)")
    boolean on;

    @Option(
        names = "--alerts-allow-private",
        description =
            "let webhooks use plain http and reach loopback, link-local and private addresses"
                + " (tests, a CRM on the premises; default: off, https to public addresses only)")
    boolean allowPrivate;

    @Option(
        names = "--max-searches-per-key",
        paramLabel = "N",
        defaultValue = "10000",
        description = "the most saved searches one key may have (default ${DEFAULT-VALUE})")
    @Range(min = 1, max = 1_000_000)
    int maxSearchesPerKey;
  }

  @Mixin StoreOptions storeOptions;

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
      if (missing.contains("--replica-of")) {
        return Optional.of(
            "--replica-poll, --replica-stale-after and --media-cache need --replica-of");
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
    } catch (KeysFileException | PlainHttpRefusedException e) {
      // Only the refusals of what the operator gave: anything unexpected stays exit 2, logged.
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
    photos();
    if (replica == null && storeOptions.s3Endpoint != null) {
      throw usage("--s3-endpoint: needs --replica-of, the store it is the endpoint of");
    }
    if (replica != null && replica.mediaCache < MIN_MEDIA_CACHE) {
      throw usage(
          "--media-cache: "
              + replica.mediaCache
              + " bytes is too small for photos; give at least 64m");
    }
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

  /** The server options the parsed command line means, with {@code identity} as its TLS. */
  ServerOptions options(Optional<TlsIdentity> identity) {
    ServerOptions.Builder options =
        ServerOptions.builder(dataDir)
            .host(host)
            .port(port)
            .offsetWindow(offsetWindow)
            .behindProxy(behindProxy)
            .corsOrigins(corsOrigins(corsOrigins))
            .maxConcurrent(maxConcurrent)
            .idleTimeout(Duration.ofSeconds(idleTimeout))
            .requestTimeout(Duration.ofSeconds(requestTimeout))
            .maxUrlLength(maxUrlLength)
            .responseCacheBytes(responseCacheBytes)
            .pages(explore)
            .photos(photos())
            .exploreTiles(
                exploreTilesAttribution == null
                    ? MapTiles.of(exploreTiles)
                    : new MapTiles(exploreTiles, exploreTilesAttribution));
    identity.ifPresent(options::tls);
    baseUrl().ifPresent(options::baseUrl);
    if (keys != null) {
      options.keys(keys);
    }
    if (maxQueued != null) {
      options.maxQueued(maxQueued);
    }
    if (tokenKey != null) {
      options.tokenKey(tokenKey);
    }
    if (admin != null) {
      options.admin(new ServerOptions.Admin(admin.host != null ? admin.host : host, admin.port));
    }
    if (replica != null) {
      options.replica(
          new ServerOptions.Replica(
              replica.store,
              storeOptions.endpoint(),
              replica.poll,
              replica.staleAfter,
              replica.mediaCache));
    }
    if (alerts != null) {
      options.alerts(
          new Alerts.Settings(
              alerts.allowPrivate, alerts.maxSearchesPerKey, ServerOptions.ALERT_SENDERS));
    }
    return options.build();
  }

  /** {@code --photo-width} and {@code --media-base-url}. */
  private PhotoServing photos() {
    if (!PhotoServing.WIDTHS.contains(photoWidth)) {
      throw usage("--photo-width: " + photoWidth + " is not one of 400, 800, 1600");
    }
    if (mediaBaseUrl != null
        && (mediaBaseUrl.getRawQuery() != null || mediaBaseUrl.getRawFragment() != null)) {
      throw usage(
          "--media-base-url: '"
              + mediaBaseUrl
              + "' is not an absolute http or https URL without query or fragment (like"
              + " https://cdn.example.com)");
    }
    return new PhotoServing(photoWidth, Optional.ofNullable(mediaBaseUrl).map(URI::toString));
  }

  /** {@code --base-url}: without query or fragment, since Link headers carry it as given. */
  private Optional<String> baseUrl() {
    if (baseUrl == null) {
      return Optional.empty();
    }
    if (baseUrl.getRawQuery() != null || baseUrl.getRawFragment() != null) {
      throw usage(
          "--base-url: '"
              + baseUrl
              + "' is not an absolute http or https URL without query or fragment (like"
              + " https://listings.example.com)");
    }
    return Optional.of(baseUrl.toString());
  }

  private ParameterException usage(String problem) {
    return new ParameterException(spec.commandLine(), problem);
  }

  /** A tile URL template {@link MapTiles} accepts, else a message naming the rule. */
  static final class TileUrlConverter implements ITypeConverter<String> {
    @Override
    public String convert(String text) {
      try {
        return MapTiles.of(text).urlTemplate();
      } catch (IllegalArgumentException e) {
        throw new TypeConversionException(e.getMessage());
      }
    }
  }
}

package io.keybox.server;

import io.keybox.schema.cli.CommandLine;
import io.keybox.schema.cli.CommandLine.Option;
import io.keybox.schema.cli.CommandLine.UsageException;
import io.keybox.server.auth.Authenticator;
import io.keybox.server.auth.KeysFileException;
import io.keybox.server.auth.KeysFileWatcher;
import io.keybox.server.http.AdminListener;
import io.keybox.server.http.KeyboxServer;
import io.keybox.server.http.Limits;
import io.keybox.server.http.ListenException;
import io.keybox.server.http.ServerConfig;
import io.keybox.server.index.VendorIndexes;
import io.keybox.server.tls.TlsException;
import io.keybox.server.tls.TlsIdentity;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;

/**
 * {@code serve}: serves every vendor index under the data directory (OPERATIONS.md §2). Exit codes:
 * 1 bad arguments, keys file or TLS files, 2 I/O failure; otherwise it runs until stopped.
 */
final class ServeCommand {
  /** Where the keystore password may come from instead of the command line (and {@code ps}). */
  static final String PASSWORD_VARIABLE = "KEYBOX_TLS_PASSWORD";

  private static final List<Option> OPTIONS =
      List.of(
          new Option("--data-dir", true, "data directory with one folder per vendor (required)"),
          new Option("--host", true, "interface to bind (default 127.0.0.1)"),
          new Option("--port", true, "port (default 8080; 0 picks a free one)"),
          new Option("--keys", true, "keys file (default DIR/keys.json); re-read when it changes"),
          new Option(
              "--base-url", true, "public base URL for Link headers (default: the request's)"),
          new Option(
              "--offset-window",
              true,
              "deepest offset served; deeper pages use lastId (default "
                  + ServerConfig.DEFAULT_OFFSET_WINDOW
                  + ")"),
          new Option(
              "--tls-cert",
              true,
              "PEM certificate chain, server certificate first (default: none, plain HTTP)"),
          new Option(
              "--tls-key",
              true,
              "PEM private key of --tls-cert, PKCS#8 RSA or EC (default: none; required with"
                  + " --tls-cert)"),
          new Option(
              "--tls-keystore",
              true,
              "PKCS#12 keystore instead of --tls-cert/--tls-key (default: none)"),
          new Option(
              "--tls-password",
              true,
              "password of --tls-keystore (default: $" + PASSWORD_VARIABLE + ")"),
          new Option(
              "--behind-proxy",
              false,
              "a TLS proxy is in front: plain HTTP on any interface; X-Forwarded-* count (default: off)"),
          new Option(
              "--cors-origins",
              true,
              "comma-separated origins browsers may call from, or * (default: none)"),
          new Option(
              "--max-concurrent",
              true,
              "requests processed at once (default: twice the cores, at least 4; here "
                  + Limits.DEFAULT_MAX_CONCURRENT
                  + ")"),
          new Option(
              "--max-queued",
              true,
              "requests that wait for a slot ("
                  + Limits.DEFAULT_QUEUE_TIMEOUT.toSeconds()
                  + " s at most), more get 503 (default: 2 x --max-concurrent)"),
          new Option(
              "--idle-timeout",
              true,
              "seconds a connection may stay silent (default "
                  + Limits.DEFAULT_IDLE_TIMEOUT.toSeconds()
                  + ")"),
          new Option(
              "--request-timeout",
              true,
              "seconds to send a request line and headers (default "
                  + Limits.DEFAULT_REQUEST_TIMEOUT.toSeconds()
                  + ")"),
          new Option(
              "--max-url-length",
              true,
              "longest URL in bytes; longer gets 414 (default "
                  + Limits.DEFAULT_MAX_URL_LENGTH
                  + ")"),
          new Option(
              "--admin-port",
              true,
              "port of the admin listener for /-/health and /-/metrics, without credentials"
                  + " (default: none; they answer on --port to loopback clients only)"),
          new Option(
              "--admin-host", true, "interface of the admin listener (default: the --host value)"),
          new Option("--help", false, "this text"));

  private ServeCommand() {}

  static int run(String[] args, PrintStream out, PrintStream err) {
    return run(args, System.getenv(), out, err);
  }

  static int run(String[] args, Map<String, String> env, PrintStream out, PrintStream err) {
    ServerConfig config;
    Optional<AdminListener> admin;
    Path dataDir;
    Path keys;
    Optional<TlsIdentity> tls;
    try {
      CommandLine line = CommandLine.parse(args, OPTIONS);
      if (line.has("--help")) {
        out.print(help());
        return 0;
      }
      dataDir = Path.of(line.required("--data-dir"));
      if (!Files.isDirectory(dataDir)) {
        throw new UsageException("--data-dir: '" + dataDir + "' is not a directory");
      }
      keys = Path.of(line.value("--keys").orElse(dataDir.resolve("keys.json").toString()));
      tls = tls(line, env);
      config = config(line, tls);
      admin = admin(line, config.host());
    } catch (UsageException e) {
      err.println("keybox serve: " + e.getMessage() + " (see --help)");
      return 1;
    } catch (TlsException e) {
      err.println("keybox serve: " + e.getMessage());
      return 1;
    }
    Authenticator authenticator = new Authenticator();
    try (KeysFileWatcher watcher = KeysFileWatcher.start(keys, authenticator);
        VendorIndexes indexes = new VendorIndexes(dataDir, 500);
        KeyboxServer server = KeyboxServer.start(config, admin, indexes, authenticator, out)) {
      out.printf(
          "keybox serve: listening on %s://%s:%d%s (data %s, keys %s)%n",
          config.scheme(),
          config.host(),
          server.port(),
          tls.map(ServeCommand::describe).orElse(""),
          dataDir,
          keys);
      server
          .adminPort()
          .ifPresent(
              port ->
                  out.printf(
                      "keybox serve: admin listener on http://%s:%d (/-/health, /-/metrics)%n",
                      admin.orElseThrow().host(), port));
      CountDownLatch stopped = new CountDownLatch(1);
      Runtime.getRuntime().addShutdownHook(new Thread(stopped::countDown, "keybox-shutdown"));
      stopped.await();
      return 0;
    } catch (KeysFileException e) {
      err.println("keybox serve: " + e.getMessage());
      return 1;
    } catch (ListenException e) {
      err.println("keybox serve: " + e.getMessage());
      return 2;
    } catch (IllegalStateException e) {
      err.println("keybox serve: " + e.getMessage());
      return 1;
    } catch (IOException | RuntimeException e) {
      err.println("keybox serve: failed: " + e);
      return 2;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return 0;
    }
  }

  /** The TLS files the options name, checked for consistency but not read yet. */
  private record TlsOptions(
      Optional<Path> cert,
      Optional<Path> key,
      Optional<Path> keystore,
      Optional<String> password) {}

  private static Optional<TlsOptions> checkTlsOptions(CommandLine line, Map<String, String> env)
      throws UsageException {
    Optional<String> cert = line.value("--tls-cert");
    Optional<String> key = line.value("--tls-key");
    Optional<String> keystore = line.value("--tls-keystore");
    if (keystore.isPresent() && (cert.isPresent() || key.isPresent())) {
      throw new UsageException("give either --tls-cert and --tls-key, or --tls-keystore, not both");
    }
    if (cert.isPresent() != key.isPresent()) {
      throw new UsageException("--tls-cert and --tls-key go together");
    }
    if (line.has("--tls-password") && keystore.isEmpty()) {
      throw new UsageException("--tls-password is the password of --tls-keystore");
    }
    if (cert.isEmpty() && keystore.isEmpty()) {
      return Optional.empty();
    }
    Optional<String> password = Optional.empty();
    if (keystore.isPresent()) {
      password =
          Optional.of(
              line.value("--tls-password")
                  .or(() -> Optional.ofNullable(env.get(PASSWORD_VARIABLE)))
                  .orElseThrow(
                      () ->
                          new UsageException(
                              "--tls-keystore needs its password: --tls-password or $"
                                  + PASSWORD_VARIABLE)));
    }
    return Optional.of(
        new TlsOptions(cert.map(Path::of), key.map(Path::of), keystore.map(Path::of), password));
  }

  private static Optional<TlsIdentity> tls(CommandLine line, Map<String, String> env)
      throws UsageException, TlsException {
    Optional<TlsOptions> options = checkTlsOptions(line, env);
    if (options.isEmpty()) {
      return Optional.empty();
    }
    TlsOptions tls = options.get();
    if (tls.cert().isPresent()) {
      return Optional.of(TlsIdentity.fromPem(tls.cert().get(), tls.key().orElseThrow()));
    }
    return Optional.of(
        TlsIdentity.fromPkcs12(
            tls.keystore().orElseThrow(), tls.password().orElseThrow().toCharArray()));
  }

  private static Limits limits(CommandLine line) throws UsageException {
    int maxConcurrent = line.intValue("--max-concurrent", 1, 10_000, Limits.DEFAULT_MAX_CONCURRENT);
    return new Limits(
        maxConcurrent,
        line.intValue("--max-queued", 0, 100_000, 2 * maxConcurrent),
        Limits.DEFAULT_QUEUE_TIMEOUT,
        Duration.ofSeconds(
            line.intValue(
                "--idle-timeout", 1, 86_400, (int) Limits.DEFAULT_IDLE_TIMEOUT.toSeconds())),
        Duration.ofSeconds(
            line.intValue(
                "--request-timeout", 1, 3_600, (int) Limits.DEFAULT_REQUEST_TIMEOUT.toSeconds())),
        line.intValue("--max-url-length", 1024, 1 << 20, Limits.DEFAULT_MAX_URL_LENGTH),
        Limits.DEFAULT_MAX_HEADERS);
  }

  /** The certificate in the startup line, with a warning when it is about to expire. */
  private static String describe(TlsIdentity tls) {
    Instant notAfter = tls.certificate().getNotAfter().toInstant();
    String expiry =
        notAfter.isBefore(Instant.now())
            ? "EXPIRED " + notAfter
            : notAfter.isBefore(Instant.now().plus(Duration.ofDays(14)))
                ? "expires soon: " + notAfter
                : "valid until " + notAfter;
    return " with HTTP/2; certificate "
        + tls.certificate().getSubjectX500Principal().getName()
        + ", "
        + expiry;
  }

  /**
   * Checks {@code args} as {@link #run} would, without touching the data directory or the keys file
   * (used to check the command lines in the docs).
   *
   * @throws UsageException naming the option that is wrong
   */
  static void checkArguments(String[] args) throws UsageException {
    CommandLine line = CommandLine.parse(args, OPTIONS);
    if (!line.has("--help")) {
      line.required("--data-dir");
      // A keystore password may come from the environment at start; here it only has to be
      // possible.
      boolean tls = checkTlsOptions(line, Map.of(PASSWORD_VARIABLE, "")).isPresent();
      ServerConfig config = config(line, Optional.empty());
      admin(line, config.host());
      if (!tls && !config.isLoopback() && !config.behindProxy()) {
        throw new UsageException(
            "--host: plain HTTP on "
                + config.host()
                + " needs a certificate (--tls-cert and --tls-key, or --tls-keystore) or"
                + " --behind-proxy (a TLS proxy in front)");
      }
    }
  }

  private static ServerConfig config(CommandLine line, Optional<TlsIdentity> tls)
      throws UsageException {
    return new ServerConfig(
        line.value("--host").orElse("127.0.0.1"),
        line.intValue("--port", 0, 65535, 8080),
        baseUrl(line),
        line.intValue("--offset-window", 0, 1_000_000_000, ServerConfig.DEFAULT_OFFSET_WINDOW),
        line.has("--behind-proxy"),
        line.value("--cors-origins").stream()
            .flatMap(v -> java.util.Arrays.stream(v.split(",")))
            .map(String::strip)
            .filter(v -> !v.isEmpty())
            .toList(),
        tls.map(TlsIdentity::context),
        limits(line));
  }

  /** {@code --base-url}: an absolute http or https URL, since Link headers carry it as given. */
  private static Optional<String> baseUrl(CommandLine line) throws UsageException {
    Optional<String> value = line.value("--base-url");
    if (value.isEmpty()) {
      return value;
    }
    String url = value.get();
    try {
      java.net.URI uri = new java.net.URI(url);
      String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
      if ((scheme.equals("http") || scheme.equals("https"))
          && uri.getHost() != null
          && uri.getRawQuery() == null
          && uri.getRawFragment() == null) {
        return value;
      }
    } catch (java.net.URISyntaxException e) {
      // described below
    }
    throw new UsageException(
        "--base-url: '"
            + url
            + "' is not an absolute http or https URL without query or fragment (like"
            + " https://listings.example.com)");
  }

  private static Optional<AdminListener> admin(CommandLine line, String host)
      throws UsageException {
    if (!line.has("--admin-port")) {
      if (line.has("--admin-host")) {
        throw new UsageException("--admin-host: needs --admin-port");
      }
      return Optional.empty();
    }
    int port = line.intValue("--admin-port", 1, 65535, 0);
    if (port == line.intValue("--port", 0, 65535, 8080)) {
      throw new UsageException("--admin-port: must differ from --port (got: " + port + ")");
    }
    return Optional.of(new AdminListener(line.value("--admin-host").orElse(host), port));
  }

  static String help() {
    return "Usage: ./run.sh serve --data-dir DIR [--host 127.0.0.1] [--port 8080] [--keys FILE]\n"
        + "         [--tls-cert PEM --tls-key PEM | --tls-keystore P12 --tls-password X]"
        + " [--behind-proxy]\n\n"
        + "Serves the read-only listings API over every vendor index under DIR, swapping to each\n"
        + "new commit the indexer publishes. With a certificate it serves HTTPS (HTTP/2 and\n"
        + "HTTP/1.1); plain HTTP only on loopback, or on any interface with --behind-proxy.\n"
        + "Each key's rate limit comes from the keys file.\n\n"
        + "Options:\n"
        + CommandLine.help(OPTIONS)
        + "\nExamples:\n"
        + "  ./run.sh serve --data-dir .keybox/data --keys data/demo-keys.json --port 8080\n"
        + "  ./run.sh serve --data-dir /srv/keybox --host 0.0.0.0 --port 443 \\\n"
        + "      --tls-cert /etc/keybox/chain.pem --tls-key /etc/keybox/key.pem\n";
  }
}

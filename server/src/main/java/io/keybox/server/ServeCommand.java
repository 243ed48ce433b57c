package io.keybox.server;

import io.keybox.schema.cli.CommandLine;
import io.keybox.schema.cli.CommandLine.Option;
import io.keybox.schema.cli.CommandLine.UsageException;
import io.keybox.server.auth.Authenticator;
import io.keybox.server.auth.KeysFileException;
import io.keybox.server.auth.KeysFileWatcher;
import io.keybox.server.http.AdminListener;
import io.keybox.server.http.KeyboxServer;
import io.keybox.server.http.ServerConfig;
import io.keybox.server.index.VendorIndexes;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;

/**
 * {@code serve}: serves every vendor index under the data directory (OPERATIONS.md §2). Exit codes:
 * 1 bad arguments or keys file, 2 I/O failure; otherwise it runs until stopped.
 */
final class ServeCommand {
  private static final List<Option> OPTIONS =
      List.of(
          new Option("--data-dir", true, "data directory with one folder per vendor (required)"),
          new Option("--host", true, "interface to bind (default 127.0.0.1)"),
          new Option("--port", true, "port (default 8080; 0 picks a free one)"),
          new Option("--keys", true, "keys file (default DIR/keys.json)"),
          new Option(
              "--base-url", true, "public base URL for Link headers (default: the request's)"),
          new Option(
              "--offset-window",
              true,
              "deepest offset served; deeper pages use lastId (default "
                  + ServerConfig.DEFAULT_OFFSET_WINDOW
                  + ")"),
          new Option(
              "--behind-proxy",
              false,
              "allow plain HTTP on a public interface behind TLS (default: off)"),
          new Option(
              "--cors-origins",
              true,
              "comma-separated origins browsers may call from, or * (default: none)"),
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
    ServerConfig config;
    Optional<AdminListener> admin;
    Path dataDir;
    Path keys;
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
      config = config(line);
      admin = admin(line, config.host());
    } catch (UsageException e) {
      err.println("keybox serve: " + e.getMessage() + " (see --help)");
      return 1;
    }
    Authenticator authenticator = new Authenticator();
    try (KeysFileWatcher watcher = KeysFileWatcher.start(keys, authenticator);
        VendorIndexes indexes = new VendorIndexes(dataDir, 500);
        KeyboxServer server = KeyboxServer.start(config, admin, indexes, authenticator, out)) {
      out.printf(
          "keybox serve: listening on http://%s:%d (data %s, keys %s)%n",
          config.host(), server.port(), dataDir, keys);
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
      ServerConfig config = config(line);
      admin(line, config.host());
      if (!config.isLoopback() && !config.behindProxy()) {
        throw new UsageException(
            "--host: plain HTTP on "
                + config.host()
                + " needs --behind-proxy (a TLS proxy in front)");
      }
    }
  }

  private static ServerConfig config(CommandLine line) throws UsageException {
    return new ServerConfig(
        line.value("--host").orElse("127.0.0.1"),
        line.intValue("--port", 0, 65535, 8080),
        line.value("--base-url"),
        line.intValue("--offset-window", 0, 1_000_000_000, ServerConfig.DEFAULT_OFFSET_WINDOW),
        line.has("--behind-proxy"),
        line.value("--cors-origins").stream()
            .flatMap(v -> java.util.Arrays.stream(v.split(",")))
            .map(String::strip)
            .filter(v -> !v.isEmpty())
            .toList());
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
    return "Usage: ./run.sh serve --data-dir DIR [--host 127.0.0.1] [--port 8080] [--keys FILE]\n\n"
        + "Serves the read-only listings API over every vendor index under DIR, swapping to each\n"
        + "new commit the indexer publishes. Plain HTTP only on loopback unless --behind-proxy.\n\n"
        + "Options:\n"
        + CommandLine.help(OPTIONS)
        + "\nExample:\n  ./run.sh serve --data-dir .keybox/data --keys data/demo-keys.json --port 8080\n";
  }
}

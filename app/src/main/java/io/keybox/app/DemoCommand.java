package io.keybox.app;

import io.keybox.app.cli.CommandFailure;
import io.keybox.app.cli.HelpOption;
import io.keybox.app.cli.Range;
import io.keybox.app.cli.Wording;
import io.keybox.generator.FeedGenerator;
import io.keybox.server.Server;
import io.keybox.server.ServerOptions;
import io.keybox.server.auth.KeysFileException;
import io.keybox.server.http.ListenException;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.apache.lucene.util.IOUtils;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code keybox demo}: the demo of {@code ./run.sh}, from the one binary. The first run generates
 * the demo feed (vendor houston, 5,000 listings, seed 42) with {@code generate} and indexes it with
 * {@code index} into the data directory; every run then serves it on loopback with the demo key
 * ({@code demo} / {@code demo}, written as the directory's {@code keys.json} when it has none).
 *
 * <p>The "serving" line is printed once the port is bound. Exit codes: 0 stopped (Ctrl-C, SIGTERM);
 * 1 bad arguments; 2 the port is taken (one line naming it and {@code --port}), the demo cannot be
 * generated or indexed, or another I/O failure.
 */
@Command(
    name = "demo",
    customSynopsis = "keybox demo [--port 8080] [--data-dir DIR]",
    descriptionHeading = "%n",
    description = {
      "Serves a demo: a synthetic feed of "
          + DemoCommand.LISTINGS
          + " listings of vendor "
          + DemoCommand.VENDOR
          + ", generated and indexed",
      "into DIR on the first run, on http://localhost:PORT with the key demo, secret demo."
    },
    optionListHeading = "%nOptions:%n",
    footerHeading = "%nExample:%n",
    footer = "  keybox demo --port 8081")
final class DemoCommand implements Callable<Integer>, Wording {
  static final String VENDOR = "houston";
  static final int LISTINGS = 5_000;
  static final int SEED = 42;

  /** The demo key's keys file (the repository's data/demo-keys.json, packed at build time). */
  private static final String DEMO_KEYS = "demo-keys.json";

  @ParentCommand Keybox keybox;

  @Option(
      names = "--port",
      paramLabel = "PORT",
      description = "port on 127.0.0.1 (default ${DEFAULT-VALUE}; 0 picks a free one)")
  @Range(min = 0, max = 65535)
  int port = ServerOptions.DEFAULT_PORT;

  @Option(
      names = "--data-dir",
      paramLabel = "DIR",
      description = "where the demo's index and keys file live (default: ~/.keybox/demo)")
  Path dataDir;

  /**
   * Hidden: the build's, not a user's. Takes the API's tour ({@link DemoTour}) once the demo
   * serves, then stops: run.sh and dist run it for the JVM to write the server's class-data
   * archive.
   */
  @Option(names = "--tour", hidden = true)
  boolean tour;

  @Mixin HelpOption help;

  @Override
  public String errorPrefix() {
    return "keybox demo";
  }

  @Override
  public Integer call() throws InterruptedException {
    Console console = keybox.console();
    Path dir = dataDir != null ? dataDir : defaultDir(console);
    // A taken port fails now rather than after the first run's minute of set-up; the serving line
    // still waits for the server's own bind below.
    if (port != 0) {
      try (ServerSocket probe = new ServerSocket()) {
        probe.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
      } catch (IOException e) {
        throw portTaken(e);
      }
    }
    if (!Files.isDirectory(dir.resolve(VENDOR).resolve("index"))) {
      index(dir, console);
    }
    Path keys = ServerOptions.defaultKeys(dir);
    writeKeys(keys);
    // serve's defaults: loopback, any CORS origin (the upstream's browser example too).
    ServerOptions options = ServerOptions.builder(dir).keys(keys).port(port).pages(true).build();
    PrintStream err = console.err();
    try (Server server = Server.start(options, console.out())) {
      String url = "http://localhost:" + server.port();
      if (tour) {
        int answered = new DemoTour(url).run();
        err.println("keybox demo: the tour's " + answered + " requests answered as expected");
        return 0;
      }
      err.println("keybox: serving the demo on " + url + "  (key demo, secret demo; Ctrl-C stops)");
      err.println("keybox: the API's reference, to try it in a browser: " + url + "/-/docs/");
      err.println("keybox: the listings on a map (key demo, secret demo): " + url + "/-/explore/");
      err.println(
          "keybox: try   curl -u demo:demo '"
              + url
              + "/properties?cities=Houston&minbeds=3&limit=5'");
      UntilStopped.await(server, err, "keybox demo");
      return 0;
    } catch (ListenException e) {
      throw portTaken(e);
    } catch (KeysFileException e) {
      throw CommandFailure.badInput(e.getMessage(), e);
    } catch (IOException e) {
      throw CommandFailure.failure("failed: " + e, e);
    }
  }

  private CommandFailure portTaken(Exception e) {
    return CommandFailure.failure(
        "cannot listen on 127.0.0.1:"
            + port
            + ": the port is taken (another server?); choose another with --port",
        e);
  }

  /** {@code ~/.keybox/demo}, or {@code .keybox/demo} when there is no home. */
  private static Path defaultDir(Console console) {
    String home = console.env().getOrDefault("HOME", System.getProperty("user.home", "."));
    return Path.of(home, ".keybox", "demo");
  }

  /** Generates the demo feed into a folder of its own, indexes it into {@code dir}, drops it. */
  private void index(Path dir, Console console) {
    Path feed = dir.resolve(".demo-feed");
    console
        .err()
        .printf(
            "keybox: generating and indexing the demo feed (%,d listings of vendor %s, seed %d)"
                + " into %s ...%n",
            LISTINGS, VENDOR, SEED, dir);
    int code =
        Keybox.run(
            console,
            "generate",
            "--out",
            feed.toString(),
            "--listings",
            String.valueOf(LISTINGS),
            "--seed",
            String.valueOf(SEED),
            "--vendor",
            VENDOR);
    if (code == 0) {
      code =
          Keybox.run(
              console,
              "index",
              "--data-dir",
              dir.toString(),
              "--vendor",
              VENDOR,
              "--listings",
              feed.resolve(FeedGenerator.LISTINGS_FILE).toString(),
              "--openhouses",
              feed.resolve(FeedGenerator.OPEN_HOUSES_FILE).toString(),
              "--agents",
              feed.resolve(FeedGenerator.AGENTS_FILE).toString());
    }
    delete(feed);
    if (code != 0) {
      // generate or index said why on its own line
      throw CommandFailure.failure("the demo could not be set up in " + dir, null);
    }
  }

  private static void writeKeys(Path keys) {
    if (Files.exists(keys)) {
      return;
    }
    try (InputStream in = DemoCommand.class.getResourceAsStream(DEMO_KEYS)) {
      Files.copy(in, keys);
    } catch (IOException e) {
      throw CommandFailure.failure("cannot write " + keys + ": " + e, e);
    }
  }

  private static void delete(Path dir) {
    try {
      IOUtils.rm(dir);
    } catch (IOException e) {
      // a leftover feed folder costs disk, nothing else; the next set-up overwrites it
    }
  }
}

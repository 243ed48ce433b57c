package io.keybox.bench.opensearch;

import io.keybox.bench.keybox.ChildJvm;
import io.keybox.bench.os.ChildProcesses;
import io.keybox.bench.os.Directories;
import io.keybox.bench.os.ExitCleanup;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A single-node OpenSearch as a child JVM, started from Maven Central jars alone: a fresh home
 * directory laid out as a distribution's ({@code lib/} with the server and its libraries, {@code
 * modules/transport-netty4/} with the HTTP module and its {@code plugin-descriptor.properties},
 * {@code config/} with {@code opensearch.yml} and {@code log4j2.properties}), started with {@code
 * org.opensearch.bootstrap.OpenSearch} on loopback ports the node picks itself ({@code
 * node.portsfile} says which). OpenSearch refuses to run as root, so as root the node runs as
 * {@code nobody} ({@code setpriv}), owning its home. Stopped and its home deleted on {@link
 * #close}.
 */
public final class OpenSearchNode implements AutoCloseable {
  /** The modules directory of the HTTP transport, as a distribution names it. */
  static final String NETTY_MODULE = "transport-netty4";

  /** The user a root-run bench starts the node as: {@code nobody}. */
  static final String NOBODY = "65534";

  private static final long START_SECONDS = 180;

  private final Process process;
  private final Path home;
  private final int port;
  private final double startMillis;
  private final ExitCleanup cleanup;

  private OpenSearchNode(Process process, Path home, int port, double startMillis) {
    this.process = process;
    this.home = home;
    this.port = port;
    this.startMillis = startMillis;
    this.cleanup = new ExitCleanup("bench-opensearch-cleanup", this::stopAndDelete);
  }

  /**
   * Lays out a home with {@code jars} (the node's resolved classpath, see {@link
   * OpenSearchClasspath}) and starts the node.
   *
   * @param version the OpenSearch version of the jars, for the module descriptor
   * @param heap -Xms and -Xmx, or empty for the JVM's default
   * @param log where the node's console output goes
   * @throws IOException when the node does not answer within three minutes (the log's tail says
   *     why)
   */
  public static OpenSearchNode start(
      List<Path> jars, String version, Optional<String> heap, Path log) throws IOException {
    Path home =
        Files.createTempDirectory(
            "keybox-bench-opensearch-",
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
    try {
      layOut(home, jars, version);
      boolean root = runningAsRoot();
      if (root) {
        run(List.of("chown", "-R", NOBODY + ":" + NOBODY, home.toString()), log);
      }
      List<String> command = command(home, heap, root);
      long started = System.nanoTime();
      Process process = ChildProcesses.start(command, log);
      try {
        int port = awaitHttpPort(process, home.resolve("logs").resolve("http.ports"), log);
        double millis = (System.nanoTime() - started) / 1e6;
        return new OpenSearchNode(process, home, port, millis);
      } catch (IOException | RuntimeException e) {
        ChildJvm.stop(process);
        throw e;
      }
    } catch (IOException | RuntimeException e) {
      delete(home);
      throw e;
    }
  }

  /** The node's command line: its JVM options as a distribution's defaults have them. */
  static List<String> command(Path home, Optional<String> heap, boolean asNobody) {
    List<String> command = new ArrayList<>();
    if (asNobody) {
      command.addAll(
          List.of("setpriv", "--reuid=" + NOBODY, "--regid=" + NOBODY, "--clear-groups"));
    }
    command.add(ChildJvm.java().toString());
    heap.ifPresent(h -> command.addAll(List.of("-Xms" + h, "-Xmx" + h)));
    command.addAll(
        List.of(
            "-XX:+UseG1GC",
            "-XX:-OmitStackTraceInFastThrow",
            "--add-modules",
            "jdk.incubator.vector",
            "--enable-native-access=ALL-UNNAMED",
            "-Dlog4j2.formatMsgNoLookups=true",
            "-Dlog4j.shutdownHookEnabled=false",
            "-Djava.io.tmpdir=" + home.resolve("tmp"),
            "-Dopensearch.path.home=" + home,
            "-Dopensearch.path.conf=" + home.resolve("config"),
            "-cp",
            home.resolve("lib") + "/*",
            "org.opensearch.bootstrap.OpenSearch"));
    return command;
  }

  /** The node's {@code opensearch.yml}: one node on loopback, ports of its own choosing. */
  static String settings(Path home) {
    return String.join(
        "\n",
        "cluster.name: keybox-bench",
        "node.name: bench",
        "discovery.type: single-node",
        "network.host: 127.0.0.1",
        "http.port: 0",
        "transport.port: 0",
        "node.portsfile: true",
        "path.data: " + home.resolve("data"),
        "path.logs: " + home.resolve("logs"),
        "");
  }

  /** The descriptor the plugin loader reads from each module's directory. */
  static String moduleDescriptor(String version) {
    return String.join(
        "\n",
        "description=Netty 4 based HTTP and transport layer",
        "version=" + version,
        "name=" + NETTY_MODULE,
        "classname=org.opensearch.transport.Netty4ModulePlugin",
        "java.version=21",
        "opensearch.version=" + version,
        "");
  }

  /** Whether a jar belongs to the HTTP module rather than the server's {@code lib/}. */
  static boolean inNettyModule(String jarName) {
    return jarName.startsWith("transport-netty4-client-")
        || jarName.startsWith("netty-")
        || jarName.startsWith("opensearch-netty4-");
  }

  private static void layOut(Path home, List<Path> jars, String version) throws IOException {
    Path lib = Files.createDirectories(home.resolve("lib"));
    Path module = Files.createDirectories(home.resolve("modules").resolve(NETTY_MODULE));
    Path config = Files.createDirectories(home.resolve("config"));
    for (String dir : List.of("plugins", "data", "logs", "tmp")) {
      Files.createDirectories(home.resolve(dir));
    }
    for (Path jar : jars) {
      String name = jar.getFileName().toString();
      Files.copy(
          jar,
          (inNettyModule(name) ? module : lib).resolve(name),
          StandardCopyOption.REPLACE_EXISTING);
    }
    Files.writeString(
        module.resolve("plugin-descriptor.properties"),
        moduleDescriptor(version),
        StandardCharsets.UTF_8);
    Files.writeString(config.resolve("opensearch.yml"), settings(home), StandardCharsets.UTF_8);
    Files.writeString(config.resolve("jvm.options"), "", StandardCharsets.UTF_8);
    Files.writeString(
        config.resolve("log4j2.properties"),
        String.join(
            "\n",
            "status = error",
            "appender.console.type = Console",
            "appender.console.name = console",
            "appender.console.layout.type = PatternLayout",
            "appender.console.layout.pattern = [%d{ISO8601}][%-5p][%c{1.}] %m%n",
            "rootLogger.level = info",
            "rootLogger.appenderRef.console.ref = console",
            ""),
        StandardCharsets.UTF_8);
  }

  private static int awaitHttpPort(Process process, Path portsFile, Path log) throws IOException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(START_SECONDS);
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new IOException(
            "the OpenSearch node exited with "
                + process.exitValue()
                + " before answering; its log ends:\n"
                + ChildJvm.tail(log, 20));
      }
      if (Files.exists(portsFile)) {
        String first = Files.readString(portsFile, StandardCharsets.UTF_8).strip();
        first = first.lines().findFirst().orElse("");
        int colon = first.lastIndexOf(':');
        try {
          return Integer.parseInt(first.substring(colon + 1));
        } catch (NumberFormatException e) {
          // the file is being written; read it again
        }
      }
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted while the OpenSearch node started", e);
      }
    }
    throw new IOException(
        "the OpenSearch node did not open its HTTP port within "
            + START_SECONDS
            + " s; its log ends:\n"
            + ChildJvm.tail(log, 20));
  }

  /** Whether this JVM runs as root (uid 0), which OpenSearch refuses. */
  static boolean runningAsRoot() {
    try {
      return Integer.valueOf(0).equals(Files.getAttribute(Path.of("/proc/self"), "unix:uid"));
    } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
      return false;
    }
  }

  private static void run(List<String> command, Path log) throws IOException {
    int exit = ChildJvm.runToEnd(command, log, 120);
    if (exit != 0) {
      throw new IOException("'" + String.join(" ", command) + "' failed with exit code " + exit);
    }
  }

  /** The node's HTTP port on 127.0.0.1. */
  public int port() {
    return port;
  }

  /** The node's process id (for CPU pinning). */
  public long pid() {
    return process.pid();
  }

  /** Milliseconds from starting the JVM to the HTTP port being open. */
  public double startMillis() {
    return startMillis;
  }

  /** The node's data directory, whose size is the index's. */
  public Path dataDir() {
    return home.resolve("data");
  }

  @Override
  public void close() {
    cleanup.close();
  }

  private synchronized void stopAndDelete() {
    if (process.isAlive()) {
      ChildJvm.stop(process);
    }
    delete(home);
  }

  private static void delete(Path dir) {
    try {
      Directories.deleteTree(dir);
    } catch (IOException e) {
      // a temporary directory; what is left is the system's to clean
    }
  }
}

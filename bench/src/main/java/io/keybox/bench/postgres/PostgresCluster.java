package io.keybox.bench.postgres;

import io.keybox.bench.os.ChildProcesses;
import io.keybox.bench.os.DebianPackages;
import io.keybox.bench.os.Directories;
import io.keybox.bench.os.ExitCleanup;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;

/**
 * A throw-away PostgreSQL 15 cluster with PostGIS from Debian's packages: installed with {@code
 * apt-get} when missing (as root), initialised in a temporary directory, started on a free loopback
 * port (no other interface, trust authentication for the local bench user), and stopped and deleted
 * by {@link #close()} or, if the bench is killed, by a shutdown hook.
 *
 * <p>As root, the PostgreSQL programs run as the {@code postgres} user the package creates ({@code
 * initdb} refuses to run as root).
 */
public final class PostgresCluster implements AutoCloseable {
  static final String VERSION = "15";
  static final Path BIN = Path.of("/usr/lib/postgresql", VERSION, "bin");
  static final Path POSTGIS =
      Path.of("/usr/share/postgresql", VERSION, "extension", "postgis.control");
  static final List<String> PACKAGES =
      List.of("postgresql-" + VERSION, "postgresql-" + VERSION + "-postgis-3");
  private static final String USER = "bench";

  private final Path dir;
  private final Path data;
  private final int port;
  private final boolean asPostgresUser;
  private final ExitCleanup cleanup;

  private PostgresCluster(Path dir, int port, boolean asPostgresUser) {
    this.dir = dir;
    this.data = dir.resolve("data");
    this.port = port;
    this.asPostgresUser = asPostgresUser;
    this.cleanup = new ExitCleanup("bench-postgres-cleanup", this::stopAndDelete);
  }

  /**
   * Makes sure PostgreSQL 15 and PostGIS are installed: when they are missing and this runs as
   * root, {@code apt-get update} and {@code apt-get install -y} them.
   *
   * @return empty when they are (now) installed, else why the peer must be skipped and what to
   *     install
   */
  public static Optional<String> ensureInstalled(Path log, PrintStream progress)
      throws IOException {
    return DebianPackages.ensureInstalled(
        "PostgreSQL " + VERSION + " with PostGIS (the postgres peer)",
        PACKAGES,
        PostgresCluster::installed,
        log,
        progress);
  }

  private static boolean installed() {
    return Files.isExecutable(BIN.resolve("postgres"))
        && Files.isExecutable(BIN.resolve("initdb"))
        && Files.exists(POSTGIS);
  }

  private static boolean isRoot() {
    return DebianPackages.isRoot();
  }

  /**
   * Initialises a cluster in a new temporary directory and starts it.
   *
   * @param memoryBytes the machine's memory, to size the caches
   * @param connections how many connections the bench will open at most
   * @throws IOException when initdb or the start fails; the message holds the log's end
   */
  public static PostgresCluster start(long memoryBytes, int connections) throws IOException {
    boolean root = isRoot();
    Path dir = Files.createTempDirectory("keybox-bench-pg-");
    int port = ChildProcesses.freeLoopbackPort();
    PostgresCluster cluster = new PostgresCluster(dir, port, root);
    try {
      if (root) {
        UserPrincipal postgres =
            dir.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("postgres");
        Files.setOwner(dir, postgres);
      }
      Path log = dir.resolve("setup.log");
      cluster.checked(
          List.of(
              BIN.resolve("initdb").toString(),
              "-D",
              cluster.data.toString(),
              "-U",
              USER,
              "--auth=trust",
              "--encoding=UTF8",
              "--locale=C",
              "--no-sync"),
          log,
          "initdb");
      Files.writeString(
          cluster.data.resolve("postgresql.conf"),
          settings(port, dir, memoryBytes, connections),
          StandardCharsets.UTF_8,
          java.nio.file.StandardOpenOption.APPEND);
      cluster.checked(
          List.of(
              BIN.resolve("pg_ctl").toString(),
              "-D",
              cluster.data.toString(),
              "-l",
              dir.resolve("postgres.log").toString(),
              "-w",
              "-t",
              "120",
              "start"),
          log,
          "pg_ctl start");
      return cluster;
    } catch (IOException | RuntimeException e) {
      cluster.close();
      throw e;
    }
  }

  /**
   * The settings of a dedicated, read-mostly server on this machine, appended to postgresql.conf.
   * bench/README.md explains each choice.
   */
  static String settings(int port, Path dir, long memoryBytes, int connections) {
    long mb = memoryBytes / (1024 * 1024);
    long sharedBuffers = Math.max(128, Math.min(1024, mb / 8));
    long cache = Math.max(512, mb / 2);
    return String.join(
        "\n",
        "",
        "# keybox bench",
        "listen_addresses = '127.0.0.1'",
        "port = " + port,
        "unix_socket_directories = '" + dir + "'",
        "max_connections = " + (connections + 10),
        "shared_buffers = " + sharedBuffers + "MB",
        "effective_cache_size = " + cache + "MB",
        "work_mem = 32MB",
        "maintenance_work_mem = 512MB",
        "max_parallel_maintenance_workers = 2",
        "max_parallel_workers_per_gather = 0",
        "random_page_cost = 1.1",
        "effective_io_concurrency = 200",
        "jit = off",
        "plan_cache_mode = force_custom_plan",
        "wal_level = minimal",
        "max_wal_senders = 0",
        "max_wal_size = 8GB",
        "synchronous_commit = off",
        "autovacuum = off",
        "");
  }

  /** A new connection as the bench user. */
  public Connection connect() throws SQLException {
    Properties props = new Properties();
    props.setProperty("user", USER);
    return DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + port + "/postgres", props);
  }

  public int port() {
    return port;
  }

  /** The server's log, for error messages. */
  public Path log() {
    return dir.resolve("postgres.log");
  }

  private void checked(List<String> command, Path log, String what) throws IOException {
    int code = run(asPostgres(command), log, 600);
    if (code != 0) {
      throw new IOException(
          what + " failed (exit " + code + "):\n" + tail(log) + "\n" + tail(log()));
    }
  }

  private List<String> asPostgres(List<String> command) {
    if (!asPostgresUser) {
      return command;
    }
    List<String> wrapped = new ArrayList<>(List.of("runuser", "-u", "postgres", "--"));
    wrapped.addAll(command);
    return wrapped;
  }

  private static int run(List<String> command, Path log, long timeoutSeconds) throws IOException {
    return ChildProcesses.run(command, log, timeoutSeconds);
  }

  private static String tail(Path log) {
    try {
      List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
      return String.join("\n", lines.subList(Math.max(0, lines.size() - 8), lines.size()));
    } catch (IOException e) {
      return "";
    }
  }

  /** Stops the server and deletes its directory. */
  @Override
  public void close() {
    cleanup.close();
  }

  /** The postmaster's process id (its backends are its children), or -1 when it is not running. */
  public long pid() {
    try {
      return Long.parseLong(Files.readAllLines(data.resolve("postmaster.pid")).get(0).strip());
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }

  private synchronized void stopAndDelete() {
    if (!Files.exists(dir)) {
      return;
    }
    if (Files.exists(data.resolve("postmaster.pid"))) {
      try {
        run(
            asPostgres(
                List.of(
                    BIN.resolve("pg_ctl").toString(),
                    "-D",
                    data.toString(),
                    "-m",
                    "fast",
                    "-w",
                    "stop")),
            dir.resolve("setup.log"),
            120);
      } catch (IOException e) {
        // deleting anyway
      }
    }
    try {
      Directories.deleteTree(dir);
    } catch (IOException e) {
      System.err.println("bench: could not delete " + dir + ": " + e.getMessage());
    }
  }
}

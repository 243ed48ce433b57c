package io.keybox.bench.media;

import io.keybox.bench.keybox.ChildJvm;
import io.keybox.bench.os.ChildProcesses;
import io.keybox.bench.os.DebianPackages;
import io.keybox.bench.os.Directories;
import io.keybox.bench.os.ExitCleanup;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The media peer: Debian's nginx (installed with apt-get when missing, as root, like the PostgreSQL
 * peer), started by the bench as a child process in the foreground ({@code daemon off}) with a
 * generated {@link NginxConfig} in a new temporary directory, on a free loopback port, and stopped
 * and deleted at the end (also from a shutdown hook if the bench is killed).
 */
public final class NginxServer implements AutoCloseable {
  static final Path BINARY = Path.of("/usr/sbin/nginx");
  private static final long START_TIMEOUT_NANOS = 30_000_000_000L;

  private final Process process;
  private final Path prefix;
  private final int port;
  private final ExitCleanup cleanup;

  private NginxServer(Process process, Path prefix, int port) {
    this.process = process;
    this.prefix = prefix;
    this.port = port;
    this.cleanup = new ExitCleanup("bench-nginx-cleanup", this::stopAndDelete);
  }

  /**
   * Makes sure nginx is installed.
   *
   * @return empty when it is (now), else why the peer must be skipped and what to install
   */
  public static Optional<String> ensureInstalled(Path log, PrintStream progress)
      throws IOException {
    return DebianPackages.ensureInstalled(
        "nginx (the media peer)",
        List.of("nginx"),
        () -> Files.isExecutable(BINARY),
        log,
        progress);
  }

  /**
   * Starts nginx serving {@code dataDir}'s mirrored photos and waits until it accepts connections.
   *
   * @param workers its worker processes
   * @throws IOException when it does not start within 30 s; the message holds its log's end
   */
  public static NginxServer start(Path dataDir, int workers) throws IOException {
    Path prefix = Files.createTempDirectory("keybox-bench-nginx-");
    int port = ChildProcesses.freeLoopbackPort();
    NginxConfig config =
        new NginxConfig(port, dataDir.toAbsolutePath(), prefix, workers, DebianPackages.isRoot());
    Path conf = prefix.resolve("nginx.conf");
    Files.writeString(conf, config.text());
    Path log = prefix.resolve("nginx.log");
    Process process =
        ChildProcesses.start(
            List.of(BINARY.toString(), "-p", prefix.toString(), "-c", conf.toString()), log);
    NginxServer server = new NginxServer(process, prefix, port);
    long deadline = System.nanoTime() + START_TIMEOUT_NANOS;
    while (!accepts(port)) {
      if (!process.isAlive() || System.nanoTime() > deadline) {
        String why =
            ChildJvm.tail(log, 8)
                + System.lineSeparator()
                + ChildJvm.tail(prefix.resolve("error.log"), 8);
        server.close();
        throw new IOException(
            "nginx did not start on port " + port + ":" + System.lineSeparator() + why);
      }
      try {
        Thread.sleep(50);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        server.close();
        throw new IOException("interrupted while nginx started", e);
      }
    }
    return server;
  }

  private static boolean accepts(int port) {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1000);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /** The loopback port it listens on. */
  public int port() {
    return port;
  }

  /** The nginx master's process id (its workers are its children). */
  public long pid() {
    return process.pid();
  }

  private void stopAndDelete() {
    ChildJvm.stop(process); // SIGTERM: nginx's fast shutdown, workers included
    try {
      Directories.deleteTree(prefix);
    } catch (IOException e) {
      // a temporary directory; nothing else to do
    }
  }

  /** Stops nginx and deletes its directory. */
  @Override
  public void close() {
    cleanup.close();
  }
}

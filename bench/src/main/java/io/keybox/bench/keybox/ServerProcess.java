package io.keybox.bench.keybox;

import io.keybox.server.auth.RateLimit;
import io.keybox.server.auth.SecretHash;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Keybox server as a child process ({@code serve} on a free loopback port), with a keys file
 * holding one bench key whose rate limit never gets in the way. Measures how long the server takes
 * to answer its first request on an existing index, and its heap after the run.
 */
public final class ServerProcess implements AutoCloseable {
  public static final String KEY = "bench";
  private static final Pattern LISTENING = Pattern.compile("listening on http://[^:]+:(\\d+)\\D");
  private static final Pattern USED = Pattern.compile("used (\\d+)K");

  /** The server option that sizes its response cache ({@code 0}: off). */
  public static final String RESPONSE_CACHE = "--response-cache";

  private final Process process;
  private final int port;
  private final double startMillis;
  private final boolean archived;
  private final Launch launch;

  private ServerProcess(
      Process process, int port, double startMillis, boolean archived, Launch launch) {
    this.process = process;
    this.port = port;
    this.startMillis = startMillis;
    this.archived = archived;
    this.launch = launch;
  }

  /**
   * How the server is started, and so how it is started again: its command line with the class-data
   * archive options, if any, and without them; the secret of the bench's key; the work directory
   * that holds its logs.
   */
  private record Launch(
      List<String> command,
      List<String> commandWithoutArchive,
      Optional<Path> archive,
      String secret,
      Path workDir) {
    static Launch of(List<String> jvm, List<String> args, String secret, Path workDir) {
      Optional<Path> jar = ChildJvm.serverJar();
      if (jar.isEmpty()) {
        // Under the test runner: the server's classes are folders, which the JVM cannot archive.
        List<String> command = ChildJvm.command(ChildJvm.KEYBOX_MAIN, jvm, args);
        return new Launch(command, command, Optional.empty(), secret, workDir);
      }
      Optional<Path> archive = ChildJvm.serverArchive();
      List<String> withArchive = new ArrayList<>(jvm);
      archive.ifPresent(a -> withArchive.addAll(ChildJvm.classArchive(a)));
      return new Launch(
          ChildJvm.jarCommand(jar.get(), withArchive, args),
          ChildJvm.jarCommand(jar.get(), jvm, args),
          archive,
          secret,
          workDir);
    }

    Launch withoutArchive() {
      return new Launch(
          commandWithoutArchive, commandWithoutArchive, Optional.empty(), secret, workDir);
    }
  }

  /**
   * The server's memory after the run.
   *
   * @param heapUsedBytes heap in use when asked (before any forced collection)
   * @param heapLiveBytes heap in use after a full collection: what the server really keeps
   * @param rssBytes resident memory of the process (heap, code, thread stacks; not the mapped
   *     index, which the kernel's page cache holds)
   */
  public record Memory(long heapUsedBytes, long heapLiveBytes, long rssBytes) {}

  /**
   * Starts the server on {@code dataDir} as {@code ./run.sh serve} starts it, and waits until it
   * answers a search: from {@code keybox.jar} with the class-data archive run.sh trained for it
   * when run.sh runs the bench ({@link ChildJvm#serverJar()}), else from this classpath without an
   * archive.
   *
   * @param heap the server's heap size, if set: {@code -Xms} and {@code -Xmx} both, as run.sh fixes
   *     it
   * @param profile where to write a JFR recording of the server, if anywhere
   * @throws IOException when it does not start within a minute; the message holds its log's end
   */
  public static ServerProcess start(
      Path dataDir, String vendor, Path workDir, Optional<String> heap, Optional<Path> profile)
      throws IOException {
    return start(dataDir, vendor, workDir, heap, profile, Optional.empty(), false, "server");
  }

  /**
   * Starts a server as {@link #start(Path, String, Path, Optional, Optional)} does, with the same
   * JVM options and heap, and with {@code --response-cache SIZE} when {@code responseCache} holds a
   * size (the caller checks {@link #hasResponseCache} first), and with {@code --alerts} (webhooks
   * to loopback allowed, the bench key holding the {@code alerts} add-on) when {@code alerts} is
   * set.
   *
   * @param name names its log ({@code NAME.log}) and keys file, so that two servers of one run
   *     never share them; {@code "server"} is the run's main server
   */
  public static ServerProcess start(
      Path dataDir,
      String vendor,
      Path workDir,
      Optional<String> heap,
      Optional<Path> profile,
      Optional<String> responseCache,
      boolean alerts,
      String name)
      throws IOException {
    String secret = "bench-" + Long.toHexString(System.nanoTime());
    Path keys =
        workDir.resolve(name.equals("server") ? "bench-keys.json" : "bench-keys-" + name + ".json");
    Files.writeString(
        keys,
        "{\"keys\":[{\"key\":\""
            + KEY
            + "\",\"secretHash\":\""
            + SecretHash.create(secret, 1_000).encoded()
            + "\",\"vendors\":[\""
            + vendor
            + "\"],"
            + (alerts ? "\"addons\":[\"alerts\"]," : "")
            + "\"rateLimit\":{\"perSecond\":"
            + RateLimit.MAX
            + ",\"burst\":"
            + RateLimit.MAX
            + "}}]}\n",
        StandardCharsets.UTF_8);
    List<String> jvm = new ArrayList<>(ChildJvm.VECTOR_API);
    jvm.add(ChildJvm.SERVER_GC);
    heap.ifPresent(h -> jvm.addAll(List.of("-Xms" + h, "-Xmx" + h)));
    profile.ifPresent(p -> jvm.addAll(ChildJvm.flightRecording(p)));
    List<String> args = new ArrayList<>(serveArgs(dataDir, keys));
    responseCache.ifPresent(size -> args.addAll(List.of(RESPONSE_CACHE, size)));
    if (alerts) {
      args.addAll(List.of("--alerts", "--alerts-allow-private"));
    }
    return launch(
        Launch.of(jvm, List.copyOf(args), secret, workDir), workDir.resolve(name + ".log"));
  }

  /**
   * Whether this build's {@code serve} has a response cache: its help lists {@value
   * #RESPONSE_CACHE}, as the indexer's help tells of {@code --openhouses}. The server then gets
   * {@code --response-cache 0} in every measurement but the cached one, so that each class's
   * figures are the cost of the work, not of a cache hit.
   *
   * @param scratch a directory for the help text, deleted afterwards
   */
  public static boolean hasResponseCache(Path scratch) throws IOException {
    Path help = Files.createTempFile(scratch, "serve-help", ".txt");
    try {
      ChildJvm.runToEnd(ChildJvm.keybox(List.of(), List.of("serve", "--help")), help, 120);
      return Files.readString(help).contains(RESPONSE_CACHE);
    } finally {
      Files.deleteIfExists(help);
    }
  }

  /**
   * {@code serve} on {@code dataDir} with {@code keys}, on a free loopback port. The response cache
   * is the caller's: {@code --response-cache 0} for every class's measurement, so that a class that
   * repeats a request (default-page) measures real work, not a cache hit (issue 29).
   */
  static List<String> serveArgs(Path dataDir, Path keys) {
    return List.of(
        "serve",
        "--data-dir",
        dataDir.toString(),
        "--keys",
        keys.toString(),
        "--host",
        "127.0.0.1",
        "--port",
        "0");
  }

  /**
   * Stops this server and starts it again with the same command (and so the same JFR recording
   * file, if any) but without a class-data archive, as a server started without run.sh; waits until
   * it answers a search.
   *
   * @throws IOException when it does not start within a minute; the message holds its log's end
   */
  public ServerProcess restartWithoutArchive() throws IOException {
    close();
    return launch(launch.withoutArchive(), launch.workDir().resolve("server-restart.log"));
  }

  private static ServerProcess launch(Launch launch, Path log) throws IOException {
    Files.deleteIfExists(log);
    long started = System.nanoTime();
    Process process =
        new ProcessBuilder(launch.command())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    try {
      int port = awaitPort(process, log, started);
      HttpConnection probe =
          new HttpConnection(
              "127.0.0.1",
              port,
              "Authorization: " + HttpConnection.basic(KEY, launch.secret()) + "\r\n");
      try (probe) {
        while (true) {
          if (probe.get("/properties?limit=1").status() == 200) {
            break;
          }
          checkAlive(process, log, started);
          Thread.sleep(5);
        }
      }
      double startMillis = (System.nanoTime() - started) / 1e6;
      boolean archived =
          launch.archive().flatMap(a -> ChildJvm.mapsFile(process.pid(), a)).orElse(false);
      return new ServerProcess(process, port, startMillis, archived, launch);
    } catch (IOException | RuntimeException | InterruptedException e) {
      process.destroyForcibly();
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      throw e instanceof IOException io
          ? io
          : new IOException("the server did not start: " + e + "\n" + ChildJvm.tail(log, 10), e);
    }
  }

  private static int awaitPort(Process process, Path log, long started)
      throws IOException, InterruptedException {
    while (true) {
      if (Files.exists(log)) {
        Matcher m = LISTENING.matcher(Files.readString(log, StandardCharsets.UTF_8));
        if (m.find()) {
          return Integer.parseInt(m.group(1));
        }
      }
      checkAlive(process, log, started);
      Thread.sleep(5);
    }
  }

  private static void checkAlive(Process process, Path log, long started) throws IOException {
    if (!process.isAlive()) {
      throw new IOException(
          "the server exited (code "
              + process.exitValue()
              + ") before answering; the end of "
              + log
              + ":\n"
              + ChildJvm.tail(log, 10));
    }
    if (System.nanoTime() - started > TimeUnit.SECONDS.toNanos(60)) {
      throw new IOException(
          "the server did not answer within 60 s; the end of "
              + log
              + ":\n"
              + ChildJvm.tail(log, 10));
    }
  }

  public int port() {
    return port;
  }

  public String secret() {
    return launch.secret();
  }

  /** Milliseconds from starting the JVM to the first answered search. */
  public double startMillis() {
    return startMillis;
  }

  /** The class-data archive this server was started with, if any. */
  public Optional<Path> archive() {
    return launch.archive();
  }

  /** Whether the server's JVM mapped a class-data archive (false where that cannot be told). */
  public boolean archived() {
    return archived;
  }

  /** The process id, e.g. to attach a profiler. */
  public long pid() {
    return process.pid();
  }

  /**
   * The server's memory now: heap in use, heap live after a full collection ({@code jcmd GC.run}),
   * and resident size. A value that cannot be read (no {@code jcmd}, no {@code /proc}) is -1.
   */
  public Memory memory() {
    long used = heapUsed().orElse(-1);
    long live = -1;
    if (jcmd("GC.run").isPresent()) {
      live = heapUsed().orElse(-1);
    }
    return new Memory(used, live, rss());
  }

  private OptionalLong heapUsed() {
    return jcmd("GC.heap_info")
        .map(
            out -> {
              Matcher m = USED.matcher(out);
              return m.find()
                  ? OptionalLong.of(Long.parseLong(m.group(1)) * 1024)
                  : OptionalLong.empty();
            })
        .orElse(OptionalLong.empty());
  }

  private Optional<String> jcmd(String command) {
    Optional<Path> jcmd = ChildJvm.jcmd();
    if (jcmd.isEmpty()) {
      return Optional.empty();
    }
    try {
      Process p =
          new ProcessBuilder(jcmd.get().toString(), Long.toString(process.pid()), command)
              .redirectErrorStream(true)
              .start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      return p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0
          ? Optional.of(out)
          : Optional.empty();
    } catch (IOException e) {
      return Optional.empty();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.empty();
    }
  }

  private long rss() {
    try {
      for (String line :
          Files.readAllLines(Path.of("/proc", Long.toString(process.pid()), "status"))) {
        if (line.startsWith("VmRSS:")) {
          return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
        }
      }
    } catch (IOException | NumberFormatException e) {
      // not Linux, or the process is gone
    }
    return -1;
  }

  /** Stops the server (SIGTERM, so a JFR recording is written), waiting up to 30 s. */
  @Override
  public void close() {
    ChildJvm.stop(process);
  }
}

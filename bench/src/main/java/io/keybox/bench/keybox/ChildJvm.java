package io.keybox.bench.keybox;

import io.keybox.bench.os.ChildProcesses;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Starts {@code keybox index} and {@code keybox serve} as child JVMs, the way {@code run.sh} does:
 * the same JDK as this one, the same JVM options, from {@code keybox.jar} (with the server's
 * class-data archive) when run.sh hands them over, else from this bench's own classpath, since the
 * shaded bench jar holds the {@code keybox} command. A separate process keeps the server's heap,
 * threads and profile apart from the load generator's.
 */
public final class ChildJvm {
  /** The main of {@code keybox.jar}, for runs from this classpath. */
  static final String KEYBOX_MAIN = "io.keybox.app.Keybox";

  /** The JVM options run.sh gives every command: native access, one-line logs. */
  static final List<String> RUN_SH_OPTIONS =
      List.of(
          "--enable-native-access=ALL-UNNAMED",
          "-Djava.util.logging.SimpleFormatter.format=%1$tFT%1$tT.%1$tL%1$tz %4$s %3$s: %5$s%6$s%n");

  /** What run.sh adds for the server: Lucene's vector API (the indexer runs without it). */
  static final List<String> VECTOR_API = List.of("--add-modules", "jdk.incubator.vector");

  /** run.sh's collector for the indexer, a batch job: throughput first. */
  static final String INDEXER_GC = "-XX:+UseParallelGC";

  /** run.sh's collector for the server: short pauses. */
  static final String SERVER_GC = "-XX:+UseG1GC";

  private ChildJvm() {}

  /**
   * The {@code keybox.jar} run.sh hands the bench (system property {@code keybox.bench.serverJar}),
   * so that the bench starts the server and the indexer as {@code ./run.sh serve} and {@code index}
   * do; empty under the test runner or when the bench jar runs by itself, and then they run from
   * this classpath.
   */
  static Optional<Path> serverJar() {
    return pathProperty("keybox.bench.serverJar");
  }

  /**
   * The server's class-data archive run.sh trained for {@code keybox.jar} (system property {@code
   * keybox.bench.serverArchive}); empty when run.sh could not make one.
   */
  static Optional<Path> serverArchive() {
    return pathProperty("keybox.bench.serverArchive");
  }

  private static Optional<Path> pathProperty(String name) {
    String value = System.getProperty(name);
    return value == null || value.isBlank() || !Files.isRegularFile(Path.of(value))
        ? Optional.empty()
        : Optional.of(Path.of(value));
  }

  /**
   * The options run.sh starts the server with to map its class-data archive: the JVM maps the
   * classes of the training run instead of loading and verifying them again.
   */
  static List<String> classArchive(Path archive) {
    return List.of(
        "-XX:SharedArchiveFile=" + archive.toAbsolutePath(),
        // Which classes it could not archive, and why, is not the log's business.
        "-Xlog:cds=off",
        "-Xlog:cds+dynamic=off");
  }

  /**
   * Whether the process {@code pid} has {@code archive} mapped, that is whether its JVM accepted
   * the archive (one made for another JDK, jar or options is ignored); empty where that cannot be
   * read (no {@code /proc}).
   */
  static Optional<Boolean> mapsFile(long pid, Path archive) {
    try {
      String maps = Files.readString(Path.of("/proc", Long.toString(pid), "maps"));
      // The kernel names a mapped file by its real path.
      return Optional.of(maps.contains(archive.toRealPath().toString()));
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }

  /** The {@code java} of the running JDK. */
  public static Path java() {
    return Path.of(System.getProperty("java.home"), "bin", "java");
  }

  /** The {@code jcmd} of the running JDK, if it has one (a JRE does not). */
  static Optional<Path> jcmd() {
    Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
    return Files.isExecutable(jcmd) ? Optional.of(jcmd) : Optional.empty();
  }

  /**
   * The command line of {@code keybox ARGS} with {@code jvmOptions}: from {@code keybox.jar} when
   * run.sh handed it over, else from this classpath.
   */
  static List<String> keybox(List<String> jvmOptions, List<String> args) {
    return serverJar()
        .map(jar -> jarCommand(jar, jvmOptions, args))
        .orElseGet(() -> command(KEYBOX_MAIN, jvmOptions, args));
  }

  /**
   * The classpath that holds the {@code keybox} command: this JVM's, or under Maven Surefire (which
   * runs tests from a manifest-only jar) the test classpath it reports.
   */
  static String classpath() {
    for (String property :
        List.of("keybox.bench.classpath", "surefire.test.class.path", "java.class.path")) {
      String value = System.getProperty(property);
      if (value != null && !value.isBlank() && !value.endsWith("surefirebooter.jar")) {
        return value;
      }
    }
    return System.getProperty("java.class.path");
  }

  /**
   * The command line running {@code jar} with {@code jvmOptions} and {@code args}, as run.sh does.
   */
  static List<String> jarCommand(Path jar, List<String> jvmOptions, List<String> args) {
    return java(jvmOptions, List.of("-jar", jar.toAbsolutePath().toString()), args);
  }

  /** The command line running {@code mainClass} with {@code jvmOptions} and {@code args}. */
  static List<String> command(String mainClass, List<String> jvmOptions, List<String> args) {
    return java(jvmOptions, List.of("-cp", classpath(), mainClass), args);
  }

  private static List<String> java(List<String> jvmOptions, List<String> main, List<String> args) {
    List<String> command = new ArrayList<>();
    command.add(java().toString());
    command.addAll(RUN_SH_OPTIONS);
    command.addAll(jvmOptions);
    command.addAll(main);
    command.addAll(args);
    return command;
  }

  /** The JFR option recording to {@code file} with the profiling settings, dumped at exit. */
  static List<String> flightRecording(Path file) {
    return List.of(
        io.keybox.bench.profile.JfrSummary.STACK_DEPTH,
        "-XX:StartFlightRecording=filename="
            + file.toAbsolutePath()
            + ",settings=profile,dumponexit=true");
  }

  /**
   * Runs a command to completion, its output and errors going to {@code log}.
   *
   * @return the exit code
   * @throws IOException when it cannot be started or does not finish within {@code timeoutSeconds}
   */
  public static int runToEnd(List<String> command, Path log, long timeoutSeconds)
      throws IOException {
    int exit = ChildProcesses.run(command, log, timeoutSeconds);
    if (exit == ChildProcesses.TIMED_OUT) {
      throw new IOException(
          "'" + String.join(" ", command.subList(0, 3)) + " ...' did not finish in time");
    }
    return exit;
  }

  /**
   * Stops a child process (SIGTERM, so it can finish its files), waiting up to 30 s, then kills it.
   */
  public static void stop(Process process) {
    process.destroy();
    try {
      if (!process.waitFor(30, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        process.waitFor(10, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }

  /** The last {@code lines} lines of a log, for error messages. */
  public static String tail(Path log, int lines) {
    try {
      List<String> all = Files.readAllLines(log, StandardCharsets.UTF_8);
      return String.join(
          System.lineSeparator(), all.subList(Math.max(0, all.size() - lines), all.size()));
    } catch (IOException e) {
      return "(no log: " + e.getMessage() + ")";
    }
  }

  /** The size in bytes of every file under {@code dir}. */
  public static long directorySize(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      return 0;
    }
    try (var files = Files.walk(dir)) {
      return files
          .filter(Files::isRegularFile)
          .mapToLong(
              f -> {
                try {
                  return Files.size(f);
                } catch (IOException e) {
                  return 0;
                }
              })
          .sum();
    }
  }
}

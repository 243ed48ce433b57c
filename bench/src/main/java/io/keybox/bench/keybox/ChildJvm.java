package io.keybox.bench.keybox;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Starts the indexer and the server as child JVMs, the way {@code run.sh} does: the same JDK as
 * this one, the same JVM options, and the classes of this bench's own classpath (the shaded bench
 * jar holds the indexer and the server). A separate process keeps the server's heap, threads and
 * profile apart from the load generator's.
 */
public final class ChildJvm {
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
   * Class-data sharing for the server, as run.sh gives it: the JVM maps the classes its previous
   * run archived at {@code archive} instead of loading and verifying them again, and writes the
   * archive when it exits if there is none for this JDK and classpath. (run.sh reads and writes the
   * archive with separate options, to keep only the archive of a server that was stopped rather
   * than one that failed to start; the bench's server is always stopped after its run.) Empty when
   * the classpath holds a folder (the test runner's classes), which the JVM cannot archive and then
   * exits with an error.
   */
  static List<String> classArchive(Path archive) {
    for (String entry : classpath().split(java.io.File.pathSeparator)) {
      if (!entry.endsWith(".jar") || !Files.isRegularFile(Path.of(entry))) {
        return List.of();
      }
    }
    return List.of(
        "-XX:+AutoCreateSharedArchive",
        "-XX:SharedArchiveFile=" + archive.toAbsolutePath(),
        // Which classes it could not archive, and archives it replaces, are not the log's business.
        "-Xlog:cds=off",
        "-Xlog:cds+dynamic=off");
  }

  /** The {@code java} of the running JDK. */
  static Path java() {
    return Path.of(System.getProperty("java.home"), "bin", "java");
  }

  /** The {@code jcmd} of the running JDK, if it has one (a JRE does not). */
  static Optional<Path> jcmd() {
    Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
    return Files.isExecutable(jcmd) ? Optional.of(jcmd) : Optional.empty();
  }

  /**
   * The classpath that holds the indexer and the server: this JVM's, or under Maven Surefire (which
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

  /** The command line running {@code mainClass} with {@code jvmOptions} and {@code args}. */
  static List<String> command(String mainClass, List<String> jvmOptions, List<String> args) {
    List<String> command = new ArrayList<>();
    command.add(java().toString());
    command.addAll(RUN_SH_OPTIONS);
    command.addAll(jvmOptions);
    command.add("-cp");
    command.add(classpath());
    command.add(mainClass);
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
  static int runToEnd(List<String> command, Path log, long timeoutSeconds) throws IOException {
    Process process =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
            .start();
    try {
      if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new IOException(
            "'" + String.join(" ", command.subList(0, 3)) + " ...' did not finish in time");
      }
      return process.exitValue();
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    }
  }

  /** The last {@code lines} lines of a log, for error messages. */
  static String tail(Path log, int lines) {
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

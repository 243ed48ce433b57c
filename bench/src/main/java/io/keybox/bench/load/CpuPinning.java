package io.keybox.bench.load;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Fair CPU for {@code --pin}: every server process (with its children and all their threads) on one
 * core, and the load generator (this JVM, which also runs the in-process Lucene peer) on another,
 * with {@code taskset}, so that a class's throughput is what one server core does, whatever the
 * client side of each system costs. {@link #unpin} gives every process all cores back.
 */
public final class CpuPinning {
  /** The core every server runs on when pinned. */
  public static final int SERVER_CPU = 0;

  /** The core the load generator runs on when pinned. */
  public static final int CLIENT_CPU = 1;

  private final int processors;

  private CpuPinning(int processors) {
    this.processors = processors;
  }

  /**
   * Pinning on this machine, when it can pin: it needs two cores and {@code taskset}.
   *
   * @param whyNot receives the reason when it cannot
   */
  public static Optional<CpuPinning> available(int processors, StringBuilder whyNot) {
    if (processors < 2) {
      whyNot.append("--pin needs 2 cores, this machine has ").append(processors);
      return Optional.empty();
    }
    if (!Files.isExecutable(Path.of("/usr/bin/taskset"))
        && !Files.isExecutable(Path.of("/bin/taskset"))) {
      whyNot.append("--pin needs taskset (util-linux), which is not installed");
      return Optional.empty();
    }
    return Optional.of(new CpuPinning(processors));
  }

  /**
   * The command that sets the CPU list of every thread of process {@code pid}.
   *
   * @param cpus a CPU list as taskset reads it: {@code 0}, {@code 0-1}
   */
  static List<String> command(long pid, String cpus) {
    return List.of("taskset", "--all-tasks", "--pid", "--cpu-list", cpus, Long.toString(pid));
  }

  /** All cores of a machine with {@code processors} of them, as a CPU list. */
  static String allCpus(int processors) {
    return processors == 1 ? "0" : "0-" + (processors - 1);
  }

  /**
   * Pins every process of {@code servers} (each with its descendants) to {@link #SERVER_CPU} and
   * this JVM to {@link #CLIENT_CPU}.
   *
   * @throws IOException when taskset fails
   */
  public void pin(List<Long> servers) throws IOException {
    for (long pid : withDescendants(servers)) {
      apply(pid, Integer.toString(SERVER_CPU));
    }
    apply(ProcessHandle.current().pid(), Integer.toString(CLIENT_CPU));
  }

  /** Gives every process of {@code servers} and this JVM all cores back. */
  public void unpin(List<Long> servers) throws IOException {
    String all = allCpus(processors);
    for (long pid : withDescendants(servers)) {
      apply(pid, all);
    }
    apply(ProcessHandle.current().pid(), all);
  }

  private static List<Long> withDescendants(List<Long> pids) {
    List<Long> all = new ArrayList<>();
    for (long pid : pids) {
      all.add(pid);
      ProcessHandle.of(pid).ifPresent(p -> p.descendants().forEach(child -> all.add(child.pid())));
    }
    return all;
  }

  /** How many times taskset is run for a process whose threads keep changing. */
  private static final int ATTEMPTS = 3;

  private static void apply(long pid, String cpus) throws IOException {
    String failure = null;
    for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
      failure = tryApply(pid, cpus);
      // A process that ended meanwhile (a PostgreSQL backend closing) is no error.
      if (failure == null || !ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
        return;
      }
      // Else most likely one of its threads ended while taskset went through them (a JVM's
      // threads come and go): taskset --all-tasks then fails on that one; go through them again.
    }
    throw new IOException("taskset failed for process " + pid + ": " + failure);
  }

  /** Runs taskset once: null when it succeeded, else its exit value and error message. */
  private static String tryApply(long pid, String cpus) throws IOException {
    // Its listing of every thread's affinity (a line per thread) is not needed; its error is a
    // line, which the pipe holds until it is read after the exit, so the timeout stays a timeout.
    Process taskset =
        new ProcessBuilder(command(pid, cpus))
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
    try {
      if (!taskset.waitFor(30, TimeUnit.SECONDS)) {
        taskset.destroyForcibly();
        throw new IOException("taskset did not finish for process " + pid);
      }
      if (taskset.exitValue() == 0) {
        return null;
      }
      byte[] said = taskset.getErrorStream().readAllBytes();
      return "exit "
          + taskset.exitValue()
          + ", "
          + new String(said, StandardCharsets.UTF_8).strip();
    } catch (InterruptedException e) {
      taskset.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    }
  }
}

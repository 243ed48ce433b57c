package io.keybox.bench.os;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The commands and servers the bench runs beside itself, their output appended to a log. */
public final class ChildProcesses {
  /** What {@link #run} returns for a command that did not finish in time. */
  public static final int TIMED_OUT = -1;

  private ChildProcesses() {}

  /** Starts {@code command}, its output and errors appended to {@code log}. */
  public static Process start(List<String> command, Path log) throws IOException {
    return new ProcessBuilder(command)
        .redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
        .start();
  }

  /**
   * Runs {@code command} to its end, its output appended to {@code log}.
   *
   * @return its exit code, or {@link #TIMED_OUT} when it ran past {@code timeoutSeconds} (it is
   *     then killed)
   * @throws IOException when it cannot be started, or this thread is interrupted while it runs (it
   *     is then killed)
   */
  public static int run(List<String> command, Path log, long timeoutSeconds) throws IOException {
    Process process = start(command, log);
    try {
      if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        return TIMED_OUT;
      }
      return process.exitValue();
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while '" + command.get(0) + "' ran");
    }
  }

  /** A loopback port free now, for a server the bench starts next. */
  public static int freeLoopbackPort() throws IOException {
    try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return free.getLocalPort();
    }
  }
}

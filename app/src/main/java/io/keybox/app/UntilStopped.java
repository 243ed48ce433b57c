package io.keybox.app;

import io.keybox.server.Server;
import java.io.IOException;
import java.io.PrintStream;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * How {@code serve} and {@code demo} end: they wait until the JVM is told to stop (SIGTERM,
 * Ctrl-C), stop the server (requests in flight get a few seconds to finish), and say so in one
 * line. The JVM's shutdown hook waits for that, so the process does not end under the stop.
 */
final class UntilStopped {
  /** Longer than the server's own grace period for requests in flight. */
  private static final long STOP_SECONDS = 15;

  private UntilStopped() {}

  /**
   * Blocks until the JVM shuts down, then stops {@code server} and prints {@code "<prefix>: stopped
   * (N requests in flight, M answered)"} to {@code out}.
   *
   * @throws InterruptedException when this thread is interrupted first (the server is left to the
   *     caller's close)
   */
  static void await(Server server, PrintStream out, String prefix)
      throws IOException, InterruptedException {
    CountDownLatch requested = new CountDownLatch(1);
    CountDownLatch done = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  requested.countDown();
                  try {
                    done.await(STOP_SECONDS, TimeUnit.SECONDS);
                  } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                  }
                },
                "keybox-shutdown"));
    requested.await();
    try {
      Server.Stopped stopped = server.stop();
      out.printf(
          "%s: stopped (%d requests in flight, %d answered)%n",
          prefix, stopped.inFlight(), stopped.answered());
      out.flush();
    } finally {
      done.countDown();
    }
  }
}

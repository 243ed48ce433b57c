package io.keybox.store;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Runs a batch of object transfers (uploads or downloads) at most {@code parallel} at a time, for
 * the {@link Publisher} and the {@link Fetcher}:
 *
 * <pre>{@code
 * try (Transfers transfers = new Transfers(Transfers.DEFAULT_PARALLEL, "keybox-fetch")) {
 *   transfers.all(List.of(() -> store.download(a, x), () -> store.download(b, y)));
 * }
 * }</pre>
 *
 * <p>{@link #all} returns once every task has ended. A failed task does not stop the others: what
 * they verify is kept for the next attempt; the first failure is thrown, the later ones suppressed
 * in it. An interrupt of the calling thread (a node stopping) skips the tasks not started,
 * interrupts those running and throws {@link InterruptedIOException}, so a stop reaches every
 * transfer at once; a transfer must therefore end soon after its thread is interrupted (the stores
 * copy in chunks and check). Thread-safe; threads are daemons.
 */
public final class Transfers implements AutoCloseable {
  /** Transfers at once by default: enough to fill a link to S3 with files of a few MiB. */
  public static final int DEFAULT_PARALLEL = 8;

  private final ExecutorService threads;

  /** At most {@code parallel} (1..64) transfers at once, on threads named {@code name-N}. */
  public Transfers(int parallel, String name) {
    if (parallel < 1 || parallel > 64) {
      throw new IllegalArgumentException("parallel must be 1..64 (got: " + parallel + ")");
    }
    this.threads =
        Executors.newFixedThreadPool(
            parallel, Thread.ofPlatform().name(name + "-", 1).daemon().factory());
  }

  /** One transfer. */
  @FunctionalInterface
  public interface Task {
    void run() throws IOException;
  }

  /**
   * Runs every task and waits until each has ended (or was skipped because of an interrupt).
   *
   * @throws IOException the first task's failure
   * @throws InterruptedIOException when the calling thread was interrupted (every task stopped)
   */
  public void all(List<Task> tasks) throws IOException {
    Batch batch = new Batch(tasks.size());
    for (Task task : tasks) {
      threads.execute(() -> batch.run(task));
    }
    try {
      batch.done.await();
    } catch (InterruptedException e) {
      batch.stop(new InterruptedIOException("transfer stopped"));
      batch.done.awaitUninterruptibly();
      Thread.currentThread().interrupt();
    }
    if (batch.failure != null) {
      throw batch.failure;
    }
  }

  /** One call of {@link #all}: its tasks' threads, first failure and end. */
  private static final class Batch {
    final Set<Thread> running = ConcurrentHashMap.newKeySet();
    final Latch done;
    volatile IOException failure;

    Batch(int tasks) {
      this.done = new Latch(tasks);
    }

    volatile boolean stopped;

    void run(Task task) {
      running.add(Thread.currentThread());
      try {
        if (!stopped) {
          task.run();
        }
      } catch (IOException e) {
        failed(e);
      } catch (RuntimeException e) {
        failed(new IOException(e.toString(), e));
      } finally {
        synchronized (this) { // not interrupted by stop() once it left
          running.remove(Thread.currentThread());
          Thread.interrupted(); // the pool thread goes on with the next batch
        }
        done.countDown();
      }
    }

    synchronized void failed(IOException why) {
      if (failure == null) {
        failure = why;
      } else if (failure != why && !stopped) {
        failure.addSuppressed(why);
      }
    }

    /** Skips the tasks not started and interrupts the running ones. */
    synchronized void stop(IOException why) {
      stopped = true;
      failure = why;
      running.forEach(Thread::interrupt);
    }
  }

  /** A count-down that can also be awaited without giving up on an interrupt. */
  private static final class Latch extends CountDownLatch {
    Latch(int count) {
      super(count);
    }

    void awaitUninterruptibly() {
      boolean interrupted = false;
      while (getCount() > 0) {
        try {
          await();
        } catch (InterruptedException e) {
          interrupted = true;
        }
      }
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** Stops the threads, interrupting transfers under way. */
  @Override
  public void close() {
    threads.shutdownNow();
  }
}

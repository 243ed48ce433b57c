package io.keybox.server.alerts;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntFunction;

/**
 * The threads one matching runs its parallel parts on (building the small index, running the
 * searches): one per core, started for the matching and stopped after it, so no thread is held
 * between commits. A part's failure is thrown again on the caller's thread as it was thrown.
 */
final class MatchingThreads implements AutoCloseable {
  private final ExecutorService pool;
  private final int count;

  /** {@code count} threads (at least one). */
  MatchingThreads(int count) {
    this.count = Math.max(1, count);
    this.pool =
        Executors.newFixedThreadPool(
            this.count, Thread.ofPlatform().name("keybox-alert-match-", 0).daemon().factory());
  }

  /** One thread per core the JVM may use. */
  static MatchingThreads perCore() {
    return new MatchingThreads(Runtime.getRuntime().availableProcessors());
  }

  /** A part of the matching, which may read the index. */
  interface Part<T> {
    T run() throws IOException;
  }

  /** What is done with each part's result, on the caller's thread. */
  interface Each<T> {
    void accept(T result) throws IOException;
  }

  /**
   * Runs {@code count} parts on the threads, at most two per thread at a time (a thread never waits
   * for the caller to hand it the next, and results waiting to be used stay few), and hands each
   * part's result to {@code each} on the caller's thread, in the parts' order.
   *
   * @param part the part of that index (0 to {@code count - 1})
   * @throws IOException a part's own, or {@code each}'s
   */
  <T> void inOrder(int count, IntFunction<Part<T>> part, Each<T> each) throws IOException {
    Deque<Future<T>> inFlight = new ArrayDeque<>();
    try {
      int next = 0;
      while (next < count || !inFlight.isEmpty()) {
        while (next < count && inFlight.size() < 2 * this.count) {
          Callable<T> call = part.apply(next)::run;
          inFlight.add(pool.submit(call));
          next++;
        }
        each.accept(result(inFlight.poll()));
      }
    } finally {
      inFlight.forEach(future -> future.cancel(true));
    }
  }

  /** The result of {@code started}, thrown as the part threw it. */
  private static <T> T result(Future<T> started) throws IOException {
    try {
      return started.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while matching", e);
    } catch (ExecutionException e) {
      switch (e.getCause()) {
        case IOException io -> throw io;
        case RuntimeException runtime -> throw runtime;
        case Error error -> throw error;
        default -> throw new UncheckedIOException(new IOException(e.getCause()));
      }
    }
  }

  @Override
  public void close() {
    pool.shutdownNow();
  }
}

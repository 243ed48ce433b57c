package io.keybox.server.http.edge;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Lines handed over by request threads and written by one background thread, a batch at a time: the
 * access log off the request path. Written straight to a {@link PrintStream} that flushes at each
 * line (the console, or a file the service manager gives it), every request paid a write system
 * call under the stream's lock.
 *
 * <p>The writer wakes every {@value #PERIOD_MILLIS} ms rather than being woken per line, so handing
 * a line over never wakes a thread; a line is out within that period. Nothing is dropped: when
 * {@value #CAPACITY} lines are waiting, the request thread writes them itself, and {@link #close}
 * writes whatever is left. Lines keep the order in which they were handed over.
 */
final class BatchedLines implements AutoCloseable {
  static final int CAPACITY = 16_384;
  static final long PERIOD_MILLIS = 50;

  private final PrintStream out;
  private final ArrayBlockingQueue<String> waiting = new ArrayBlockingQueue<>(CAPACITY);
  private final Thread writer;
  private volatile boolean closed;

  BatchedLines(PrintStream out) {
    this.out = out;
    this.writer = Thread.ofPlatform().daemon().name("keybox-access-log").unstarted(this::run);
    writer.start();
  }

  /** Hands {@code line} (with its line separator) over to be written. */
  void add(String line) {
    if (closed || !waiting.offer(line)) {
      synchronized (this) {
        writeWaiting();
        out.print(line);
      }
    }
  }

  /** Writes every line handed over so far; for tests and for the writer. */
  synchronized void flush() {
    writeWaiting();
  }

  /** Stops the writer and writes every line handed over. */
  @Override
  public void close() {
    closed = true;
    LockSupport.unpark(writer);
    try {
      writer.join(TimeUnit.SECONDS.toMillis(5));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    flush();
  }

  private void run() {
    while (!closed) {
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(PERIOD_MILLIS));
      flush();
    }
  }

  /** One print of all waiting lines: one write for the batch. Called holding this. */
  private void writeWaiting() {
    List<String> batch = new ArrayList<>();
    waiting.drainTo(batch);
    if (batch.isEmpty()) {
      return;
    }
    StringBuilder text = new StringBuilder(batch.size() * 128);
    for (String line : batch) {
      text.append(line);
    }
    out.print(text);
  }
}

package io.keybox.indexer.build;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.lucene.index.IndexWriter;

/**
 * The run's threads for the writing that follows the listings pipeline: documents added in parallel
 * batches, and the final flush of the writer's buffers, one per thread. Lucene's commit flushes
 * every pending buffer on the calling thread, one after the other (at 1M listings that was about 8
 * s with the other core idle); flushing them first from several threads takes the same CPU in less
 * time.
 */
public final class WriterThreads implements AutoCloseable {
  /** One write of an item; may throw the index's {@link IOException}. */
  @FunctionalInterface
  public interface Write<T> {
    void apply(T item) throws IOException;
  }

  private final int threads;
  private final ExecutorService pool;

  /** A pool of {@code threads} writing threads; close it when done. */
  public WriterThreads(int threads) {
    this.threads = threads;
    this.pool =
        Executors.newFixedThreadPool(
            threads, Thread.ofPlatform().name("keybox-write").daemon().factory());
  }

  /**
   * Applies {@code write} to every item, in batches of {@code batch} run in parallel, and returns
   * when all are done.
   *
   * @throws IOException the first failure of a write
   */
  public <T> void writeAll(List<T> items, int batch, Write<T> write) throws IOException {
    List<Future<?>> batches = new ArrayList<>();
    for (int from = 0; from < items.size(); from += batch) {
      List<T> slice = items.subList(from, Math.min(items.size(), from + batch));
      batches.add(
          pool.submit(
              () -> {
                for (T item : slice) {
                  write.apply(item);
                }
                return null;
              }));
    }
    awaitAll(batches);
  }

  /**
   * Flushes every buffered segment of {@code writer}, one buffer per thread at a time, so the
   * commit that follows has nothing left to flush.
   *
   * @throws IOException when a segment cannot be written
   */
  public void flushBuffers(IndexWriter writer) throws IOException {
    List<Future<?>> flushes = new ArrayList<>();
    for (int i = 0; i < threads; i++) {
      flushes.add(
          pool.submit(
              () -> {
                while (writer.flushNextBuffer()) {
                  // each call checks out a different buffer, until none is left
                }
                return null;
              }));
    }
    awaitAll(flushes);
  }

  private static void awaitAll(List<Future<?>> futures) throws IOException {
    try {
      for (Future<?> future : futures) {
        future.get();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("writing interrupted");
    } catch (ExecutionException e) {
      throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
    } finally {
      for (Future<?> future : futures) {
        future.cancel(true);
      }
    }
  }

  @Override
  public void close() {
    pool.shutdownNow();
  }
}

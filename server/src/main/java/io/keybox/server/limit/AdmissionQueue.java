package io.keybox.server.limit;

import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.Optional;

/**
 * How many requests are processed at once: up to {@code maxRunning} run, up to {@code maxQueued}
 * more wait in arrival order, and any beyond that are turned away at once. Thread-safe.
 *
 * <pre>{@code
 * switch (admission.admit(request)) {
 *   case RUN -> run(request);          // and when it is done:
 *                                      // admission.release().ifPresent(next -> run(next));
 *   case QUEUED -> { }                 // release() hands it a slot later; withdraw() on timeout
 *   case REJECTED -> answer503(request);
 * }
 * }</pre>
 *
 * <p>A slot is handed from a finished request straight to the oldest waiting one, so a waiting
 * request cannot be overtaken by one that arrives later.
 *
 * @param <T> what is admitted; compared by identity
 */
public final class AdmissionQueue<T> {
  /** The outcome of {@link #admit}. */
  public enum Admission {
    /** The caller holds a slot and must {@link #release} it when done. */
    RUN,
    /** The item waits; {@link #release} will return it when a slot frees up. */
    QUEUED,
    /** Every slot and every queue place is taken. */
    REJECTED
  }

  private final int maxRunning;
  private final int maxQueued;

  // Guarded by this.
  private int running;
  private final ArrayDeque<T> queue = new ArrayDeque<>();

  /**
   * @param maxRunning requests processed at once, >= 1
   * @param maxQueued requests that may wait for a slot, >= 0
   */
  public AdmissionQueue(int maxRunning, int maxQueued) {
    if (maxRunning < 1) {
      throw new IllegalArgumentException("maxRunning must be >= 1 (got: " + maxRunning + ")");
    }
    if (maxQueued < 0) {
      throw new IllegalArgumentException("maxQueued must be >= 0 (got: " + maxQueued + ")");
    }
    this.maxRunning = maxRunning;
    this.maxQueued = maxQueued;
  }

  /** Takes a free slot if there is one and nobody waits for it; never queues. */
  public synchronized boolean tryRun() {
    if (running < maxRunning && queue.isEmpty()) {
      running++;
      return true;
    }
    return false;
  }

  /** Admits {@code item}: runs it now, queues it, or turns it away. */
  public synchronized Admission admit(T item) {
    if (running < maxRunning && queue.isEmpty()) {
      running++;
      return Admission.RUN;
    }
    if (queue.size() < maxQueued) {
      queue.addLast(item);
      return Admission.QUEUED;
    }
    return Admission.REJECTED;
  }

  /**
   * Releases the caller's slot.
   *
   * @return the waiting item that now holds the slot (the caller must run it), if any
   */
  public synchronized Optional<T> release() {
    T next = queue.pollFirst();
    if (next == null) {
      if (running == 0) {
        throw new IllegalStateException("release() without a slot");
      }
      running--;
    }
    return Optional.ofNullable(next);
  }

  /**
   * Takes {@code item} out of the queue (it waited too long).
   *
   * @return true if it was still waiting; false if it already got a slot
   */
  public synchronized boolean withdraw(T item) {
    for (Iterator<T> it = queue.iterator(); it.hasNext(); ) {
      if (it.next() == item) {
        it.remove();
        return true;
      }
    }
    return false;
  }

  /** Requests holding a slot now. */
  public synchronized int running() {
    return running;
  }

  /** Requests waiting now. */
  public synchronized int queued() {
    return queue.size();
  }
}

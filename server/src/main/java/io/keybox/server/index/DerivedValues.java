package io.keybox.server.index;

import java.io.IOException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

/** The {@link DerivedValue}s of one snapshot, each computed once, on first use. Thread-safe. */
public final class DerivedValues {
  private final ConcurrentHashMap<DerivedValue<?>, Slot<?>> slots = new ConcurrentHashMap<>();

  DerivedValues() {}

  /**
   * The value of {@code key} for {@code snapshot}, computed by the first caller and kept.
   *
   * @throws IOException when the index could not be read; kept too, since a commit's files do not
   *     change: every later call fails the same way without reading them again
   */
  @SuppressWarnings("unchecked") // each slot is created for its own key, so holds the key's type
  <T> T get(DerivedValue<T> key, Snapshot snapshot) throws IOException {
    Slot<T> slot = (Slot<T>) slots.computeIfAbsent(key, k -> new Slot<>());
    return slot.get(key, snapshot);
  }

  /** Whether {@code key}'s value is computed (for tests of when that happens). */
  boolean computed(DerivedValue<?> key) {
    Slot<?> slot = slots.get(key);
    return slot != null && slot.value != null;
  }

  /** One value: computed under a lock, read without one once known. */
  private static final class Slot<T> {
    private final ReentrantLock computing = new ReentrantLock();
    private volatile T value;
    private IOException failure; // guarded by computing

    T get(DerivedValue<T> key, Snapshot snapshot) throws IOException {
      T known = value;
      if (known != null) {
        return known;
      }
      computing.lock();
      try {
        if (value == null) {
          if (failure != null) {
            throw new IOException(
                "the " + key.name() + " of this index could not be read", failure);
          }
          try {
            value = key.derive(snapshot);
          } catch (IOException e) {
            failure = e;
            throw e;
          }
        }
        return value;
      } finally {
        computing.unlock();
      }
    }
  }
}

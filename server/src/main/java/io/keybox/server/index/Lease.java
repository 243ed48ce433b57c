package io.keybox.server.index;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * A snapshot held for the duration of one request. Use with try-with-resources:
 *
 * <pre>{@code
 * try (Lease lease = indexes.lease(vendor)) {
 *   search(lease.snapshot(), request);
 * }
 * }</pre>
 */
public final class Lease implements AutoCloseable {
  private final SnapshotManager manager;
  private final Snapshot snapshot;
  private boolean released;

  Lease(SnapshotManager manager, Snapshot snapshot) {
    this.manager = manager;
    this.snapshot = snapshot;
  }

  /** The leased snapshot; valid until {@link #close()}. */
  public Snapshot snapshot() {
    return snapshot;
  }

  @Override
  public void close() {
    if (!released) {
      released = true;
      try {
        manager.release(snapshot);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }
}

package io.keybox.server.index;

import java.io.IOException;

/**
 * Prepares state derived from a snapshot that requests would otherwise compute on first use, once
 * the snapshot is served and off the path of any request: the server registers one with {@link
 * VendorIndexes#warmUp(SnapshotWarmer)} (the OPTIONS value lists are prepared so). It runs on the
 * refresh thread while a lease holds the snapshot, so its reader is open; a request that comes
 * first computes the state itself, as it would without a warmer.
 *
 * <p>NOTE: a warmer may be called more than once for the same snapshot (a swap and the warmer's
 * registration can meet); it must be a no-op on a snapshot it has warmed, as a compute-once cache
 * is.
 */
@FunctionalInterface
public interface SnapshotWarmer {
  /**
   * Warms {@code snapshot}.
   *
   * @throws IOException when the index could not be read; logged, and requests then try again
   */
  void warm(Snapshot snapshot) throws IOException;
}

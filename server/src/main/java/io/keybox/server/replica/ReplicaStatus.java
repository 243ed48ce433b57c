package io.keybox.server.replica;

import java.time.Instant;
import java.util.Optional;

/**
 * How a query node follows one vendor's publications in a store, for {@code /-/health}.
 *
 * @param lastSuccess when a poll of the store last completed for the vendor (unchanged or fetched);
 *     empty when none has yet
 * @param stale whether the last successful poll is older than the node's stale limit ({@code
 *     --replica-stale-after}): the node serves its last good commit but may be behind
 * @param lastError why the last poll failed, when it did; empty after a successful one
 */
public record ReplicaStatus(
    Optional<Instant> lastSuccess, boolean stale, Optional<String> lastError) {

  /**
   * Each vendor's replica status, e.g. {@code replica::status}; empty for a vendor not followed.
   */
  @FunctionalInterface
  public interface Source {
    /** A node that follows no store. */
    Source NONE = vendor -> Optional.empty();

    Optional<ReplicaStatus> of(String vendor);
  }
}

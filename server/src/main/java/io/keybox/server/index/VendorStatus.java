package io.keybox.server.index;

import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * What the operator needs to know about one vendor: whether it has an index being served, and if so
 * which commit and how many records of each kind it holds.
 *
 * @param vendor the vendor name
 * @param index the served commit; empty when the vendor has no index yet
 * @param replication how the vendor follows a store, on a query node that does ({@code serve
 *     --replica-of}); empty otherwise
 */
public record VendorStatus(
    String vendor, Optional<Served> index, Optional<Replication> replication) {

  /** A vendor's status on a node that follows no store. */
  public VendorStatus(String vendor, Optional<Served> index) {
    this(vendor, index, Optional.empty());
  }

  /**
   * How a query node follows the vendor's publications in a store.
   *
   * @param lastSuccess when a poll of the store last completed for the vendor (unchanged or
   *     fetched); empty when none has yet
   * @param stale whether the last successful poll is older than the node's stale limit ({@code
   *     --replica-stale-after}): the node serves its last good commit but may be behind
   * @param lastError why the last poll failed, when it did; empty after a successful one
   */
  public record Replication(
      Optional<Instant> lastSuccess, boolean stale, Optional<String> lastError) {}

  /**
   * Reads the status of the vendors to report, each time it is asked (health checks, scrapes), e.g.
   * {@code () -> indexes.status(configured)}.
   */
  @FunctionalInterface
  public interface Source {
    /**
     * @throws IOException when an index could not be read
     */
    List<VendorStatus> status() throws IOException;
  }

  /**
   * The commit being served.
   *
   * @param generation the Lucene commit generation
   * @param refreshTime when the indexer published it (X-Service-LastUpdate)
   * @param listings the listings it holds
   * @param openHouses the open houses it holds
   * @param agents the agents it holds
   * @param schemaVersion the {@link io.keybox.schema.SchemaVersion} that wrote it; an earlier one
   *     than this build's needs a full run
   */
  public record Served(
      long generation,
      Instant refreshTime,
      long listings,
      long openHouses,
      long agents,
      int schemaVersion) {}

  /** Whether the vendor has an index being served. */
  public boolean ready() {
    return index.isPresent();
  }
}

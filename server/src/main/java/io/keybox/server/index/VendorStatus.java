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
 */
public record VendorStatus(String vendor, Optional<Served> index) {

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

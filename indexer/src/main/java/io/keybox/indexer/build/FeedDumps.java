package io.keybox.indexer.build;

import java.nio.file.Path;
import java.util.Optional;

/**
 * The files of one vendor dump (OPERATIONS.md §3): the listings, and optionally the open houses and
 * the agents. A run without an open house or agent file publishes a state without them.
 */
public record FeedDumps(Path listings, Optional<Path> openHouses, Optional<Path> agents) {
  /** A dump of listings only. */
  public static FeedDumps listingsOnly(Path listings) {
    return new FeedDumps(listings, Optional.empty(), Optional.empty());
  }
}

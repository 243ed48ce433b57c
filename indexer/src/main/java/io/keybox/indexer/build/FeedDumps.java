package io.keybox.indexer.build;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * The files of one vendor dump (OPERATIONS.md §3): the listings, and optionally the open houses,
 * the agents and (RESO) the listings' Media records. A run without an open house or agent file
 * publishes a state without them; a run with a Media file gives each listing whose record carries
 * no {@code Media} array the photos that file holds for it (none when it holds none).
 */
public record FeedDumps(
    Path listings, Optional<Path> openHouses, Optional<Path> agents, Optional<Path> media) {
  public FeedDumps {
    Objects.requireNonNull(listings, "listings");
    Objects.requireNonNull(openHouses, "openHouses");
    Objects.requireNonNull(agents, "agents");
    Objects.requireNonNull(media, "media");
  }

  /** A dump without Media records. */
  public FeedDumps(Path listings, Optional<Path> openHouses, Optional<Path> agents) {
    this(listings, openHouses, agents, Optional.empty());
  }

  /** A dump of listings only. */
  public static FeedDumps listingsOnly(Path listings) {
    return new FeedDumps(listings, Optional.empty(), Optional.empty());
  }
}

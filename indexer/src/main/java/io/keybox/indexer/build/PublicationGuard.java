package io.keybox.indexer.build;

import io.keybox.schema.RecordKind;
import io.keybox.schema.SchemaVersion;
import java.io.IOException;
import java.util.Optional;
import org.apache.lucene.search.IndexSearcher;

/**
 * Whether a run may publish (OPERATIONS.md §3: "a truncated nightly file must never wipe a
 * website"). Each dump the run was given is checked against what the vendor's current index holds
 * of its kind:
 *
 * <ul>
 *   <li>a dump none of whose records could be used (every one rejected: garbage, a wrong file) is
 *       refused, and so is a full run's listings dump with no record at all;
 *   <li>a listings or agents dump whose good records are fewer than half of the listings or agents
 *       the index holds is refused, in a full run;
 *   <li>an open house dump with no good open house while the index holds some is refused. Open
 *       houses are events that come and go by the week, so their count may fall by more than half
 *       from one night to the next; none at all is a failed export.
 * </ul>
 *
 * {@code --force} publishes anyway. An incremental run has no {@code --force}; its dumps only add,
 * replace and remove, so only the first rule applies to it.
 */
final class PublicationGuard {
  /**
   * What the vendor's current commit holds, and the schema version that wrote it; all 0 (and this
   * build's version) before its first run.
   */
  record Current(long listings, long openHouses, long agents, int schemaVersion) {
    static final Current NONE = new Current(0, 0, 0, SchemaVersion.CURRENT);

    /**
     * The counts and schema version of {@code start}, the commit the run starts from.
     *
     * @throws IOException when the index cannot be read
     */
    static Current of(StartingCommit start) throws IOException {
      Optional<IndexSearcher> found = start.searcher();
      if (found.isEmpty()) {
        return NONE;
      }
      IndexSearcher searcher = found.get();
      return new Current(
          searcher.count(RecordKind.LISTING.query()),
          searcher.count(RecordKind.OPEN_HOUSE.query()),
          searcher.count(RecordKind.AGENT.query()),
          start.schemaVersion());
    }
  }

  private static final String FORCE = "; refusing to publish (use --force if this is intended)";

  private final Current current;
  private final RunMode mode;
  private final boolean force;

  PublicationGuard(Current current, RunMode mode, boolean force) {
    this.current = current;
    this.mode = mode;
    this.force = force;
  }

  /**
   * The reason not to start an incremental run: an index written by an earlier schema version takes
   * a full run first, since its records and the run's would follow different rules.
   */
  Optional<String> start() {
    if (mode != RunMode.INCREMENTAL || current.schemaVersion() >= SchemaVersion.CURRENT) {
      return Optional.empty();
    }
    return Optional.of(
        "the index was written by an earlier Keybox (schema "
            + current.schemaVersion()
            + ", now "
            + SchemaVersion.CURRENT
            + ": "
            + SchemaVersion.changedSince(current.schemaVersion())
            + "); run a full index of the vendor first");
  }

  /** The reason not to publish the listings of a run that kept {@code good} and rejected some. */
  Optional<String> listings(long good, long rejected) {
    if (good == 0) {
      Optional<String> none = unreadable("listings", good, rejected).or(this::noListing);
      if (none.isPresent()) {
        return none;
      }
    }
    return fewerThanHalf("listings", good, current.listings());
  }

  /** A full run whose listings dump holds no record at all: an empty file is a failed export. */
  private Optional<String> noListing() {
    return force || mode != RunMode.FULL
        ? Optional.empty()
        : Optional.of("the listings dump holds no listing" + FORCE);
  }

  /** The reason not to publish the open houses of a run that wrote {@code good}. */
  Optional<String> openHouses(long good, long rejected) {
    Optional<String> unreadable = unreadable("open houses", good, rejected);
    if (unreadable.isPresent()
        || force
        || mode != RunMode.FULL
        || good > 0
        || current.openHouses() == 0) {
      return unreadable;
    }
    return Optional.of(
        "the open houses dump holds no good open house, and the index holds "
            + current.openHouses()
            + " now"
            + FORCE);
  }

  /** The reason not to publish the agents of a run that indexed {@code good}. */
  Optional<String> agents(long good, long rejected) {
    return unreadable("agents", good, rejected)
        .or(() -> fewerThanHalf("agents", good, current.agents()));
  }

  private Optional<String> unreadable(String kind, long good, long rejected) {
    if (good > 0 || rejected == 0 || (force && mode == RunMode.FULL)) {
      return Optional.empty();
    }
    return Optional.of(
        "no record of the "
            + kind
            + " dump could be used: all "
            + rejected
            + " were rejected"
            + (mode == RunMode.FULL ? FORCE : "; nothing applied"));
  }

  private Optional<String> fewerThanHalf(String kind, long good, long held) {
    if (force || mode != RunMode.FULL || good * 2 >= held) {
      return Optional.empty();
    }
    return Optional.of(
        "the "
            + kind
            + " dump holds "
            + good
            + (good == 1 ? " good record" : " good records")
            + ", fewer than half of the "
            + held
            + " "
            + kind
            + " the index holds now"
            + FORCE);
  }
}

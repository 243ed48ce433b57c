package io.keybox.schema;

import java.util.ArrayList;
import java.util.List;

/**
 * The version of what the schema writes into an index: its fields, their terms and their stored
 * bytes. An index written by an earlier version answers with its own rules until a full run
 * rebuilds it, so the indexer records the version in each commit ({@link CommitData}), an
 * incremental run refuses to add to an earlier version's index, and the server says which vendors
 * need a full run.
 *
 * <ol>
 *   <li>Commits without a version: everything before version 2.
 *   <li>Keyword values and {@code q} words in Unicode NFC, a combining mark kept in its word.
 *   <li>Each listing's mlsId also as its key term ({@link
 *       io.keybox.schema.listing.ListingFields#LISTING_KEY}), for lookups by mlsId; each agent's
 *       exact id as its key term ({@link io.keybox.schema.agent.AgentFields#KEY}), which an
 *       incremental run replaces it by.
 *   <li>{@code property.rooms[].level} stored as an integer ({@link
 *       io.keybox.schema.listing.RoomLevel}), an office's {@code contact} always an object. (An
 *       absent {@code compliance} prints as {@code {}} from any version: it is spliced in on
 *       request.)
 * </ol>
 */
public final class SchemaVersion {
  /** The version this build writes. */
  public static final int CURRENT = 4;

  /** The first version whose listings carry their key term. */
  public static final int LISTING_KEY_TERM = 3;

  /** The version of a commit that records none. */
  public static final int UNRECORDED = 1;

  private SchemaVersion() {}

  /** What changed after {@code version}, for the message that asks for a full run. */
  public static String changedSince(int version) {
    List<String> changes = new ArrayList<>();
    if (version < 2) {
      changes.add("keyword values and q words are now compared in Unicode NFC");
    }
    if (version < LISTING_KEY_TERM) {
      changes.add("listings are now looked up by an mlsId term");
    }
    if (version < 4) {
      changes.add("room levels are now integers and office contacts always objects");
    }
    return String.join("; ", changes);
  }
}

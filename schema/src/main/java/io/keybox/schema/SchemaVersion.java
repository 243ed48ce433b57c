package io.keybox.schema;

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
 * </ol>
 */
public final class SchemaVersion {
  /** The version this build writes. */
  public static final int CURRENT = 2;

  /** The version of a commit that records none. */
  public static final int UNRECORDED = 1;

  private SchemaVersion() {}

  /** What changed after {@code version}, for the message that asks for a full run. */
  public static String changedSince(int version) {
    return version < 2 ? "keyword values and q words are now compared in Unicode NFC" : "";
  }
}

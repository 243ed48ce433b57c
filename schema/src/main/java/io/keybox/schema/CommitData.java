package io.keybox.schema;

import java.io.IOException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Map;
import java.util.Optional;
import org.apache.lucene.index.IndexCommit;

/**
 * What the indexer records in each commit's user data and the server reads back: the refresh time
 * (served as {@code X-Service-LastUpdate}), the source dump, the record counts and the {@link
 * SchemaVersion} that wrote the index.
 */
public record CommitData(
    Instant refreshTime, String source, long listings, long rejects, int schemaVersion) {
  /** A commit of this build's schema. */
  public CommitData(Instant refreshTime, String source, long listings, long rejects) {
    this(refreshTime, source, listings, rejects, SchemaVersion.CURRENT);
  }

  private static final String REFRESH_TIME = "keybox.refreshTime";
  private static final String SOURCE = "keybox.source";
  private static final String LISTINGS = "keybox.listings";
  private static final String REJECTS = "keybox.rejects";
  private static final String SCHEMA = "keybox.schema";

  /** The commit user data holding this record. */
  public Map<String, String> toUserData() {
    return Map.of(
        REFRESH_TIME,
        refreshTime.toString(),
        SOURCE,
        source,
        LISTINGS,
        Long.toString(listings),
        REJECTS,
        Long.toString(rejects),
        SCHEMA,
        Integer.toString(schemaVersion));
  }

  /** The record in a commit's user data; empty when the commit was not made by the indexer. */
  public static Optional<CommitData> fromUserData(Map<String, String> userData) {
    try {
      String refresh = userData.get(REFRESH_TIME);
      if (refresh == null) {
        return Optional.empty();
      }
      return Optional.of(
          new CommitData(
              Instant.parse(refresh),
              userData.getOrDefault(SOURCE, ""),
              Long.parseLong(userData.getOrDefault(LISTINGS, "0")),
              Long.parseLong(userData.getOrDefault(REJECTS, "0")),
              schemaVersion(userData.get(SCHEMA))));
    } catch (DateTimeParseException | NumberFormatException e) {
      return Optional.empty();
    }
  }

  /**
   * The {@link SchemaVersion} that wrote {@code commit}; {@link SchemaVersion#UNRECORDED} when the
   * commit records none.
   *
   * @throws IOException from the index
   */
  public static int schemaVersionOf(IndexCommit commit) throws IOException {
    return fromUserData(commit.getUserData())
        .map(CommitData::schemaVersion)
        .orElse(SchemaVersion.UNRECORDED);
  }

  /** The recorded version; {@link SchemaVersion#UNRECORDED} when absent or unreadable. */
  private static int schemaVersion(String recorded) {
    try {
      return recorded == null ? SchemaVersion.UNRECORDED : Integer.parseInt(recorded);
    } catch (NumberFormatException e) {
      return SchemaVersion.UNRECORDED; // the refresh time and counts still hold
    }
  }
}

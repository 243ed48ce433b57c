package io.keybox.schema;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Map;
import java.util.Optional;

/**
 * What the indexer records in each commit's user data and the server reads back: the refresh time
 * (served as {@code X-Service-LastUpdate}), the source dump and the record counts.
 */
public record CommitData(Instant refreshTime, String source, long listings, long rejects) {
  private static final String REFRESH_TIME = "keybox.refreshTime";
  private static final String SOURCE = "keybox.source";
  private static final String LISTINGS = "keybox.listings";
  private static final String REJECTS = "keybox.rejects";

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
        Long.toString(rejects));
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
              Long.parseLong(userData.getOrDefault(REJECTS, "0"))));
    } catch (DateTimeParseException | NumberFormatException e) {
      return Optional.empty();
    }
  }
}

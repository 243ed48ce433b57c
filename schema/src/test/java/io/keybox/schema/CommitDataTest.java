package io.keybox.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** {@link CommitData} in a commit's user data, with and without the schema version. */
class CommitDataTest {
  private static final Instant AT = Instant.parse("2026-11-21T06:00:00Z");

  @Test
  void roundTripsWithTheSchemaVersion() {
    CommitData data = new CommitData(AT, "listings.ndjson.gz", 5000, 3);
    assertEquals(4, data.schemaVersion(), "this build's version");
    assertEquals(
        Map.of(
            "keybox.refreshTime", "2026-11-21T06:00:00Z",
            "keybox.source", "listings.ndjson.gz",
            "keybox.listings", "5000",
            "keybox.rejects", "3",
            "keybox.schema", "4"),
        data.toUserData());
    assertEquals(Optional.of(data), CommitData.fromUserData(data.toUserData()));
  }

  @Test
  void aCommitWithoutAReadableVersionIsVersionOneAndKeepsTheRest() {
    Map<String, String> old = new HashMap<>(new CommitData(AT, "d", 7, 0).toUserData());
    old.remove("keybox.schema");
    assertEquals(Optional.of(new CommitData(AT, "d", 7, 0, 1)), CommitData.fromUserData(old));
    old.put("keybox.schema", "two");
    assertEquals(Optional.of(new CommitData(AT, "d", 7, 0, 1)), CommitData.fromUserData(old));
  }
}

package io.keybox.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Another Keybox pulls from this one: {@code keybox pull} (the indexer's RESO replication client,
 * OAuth2 client credentials against {@code /oauth2/token}) reads the first server's {@code /reso}
 * service root, and the second index answers {@code /properties} as the first does, after a full
 * pull and after an incremental one that carries a change. Deletes: the source keeps no record of a
 * listing it removed (docs/api.md, "Deletes are not replicated incrementally"), so an incremental
 * pull keeps it and the next full pull removes it.
 */
final class ResoReplicationTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path FIXTURE = Path.of("..", "data", "fixtures", "reso");

  /**
   * Every listing of the fixture the display rules show (K-1 opts out: RESO serves what the JSON
   * API shows, so neither answers with it), in two orders, and one listing.
   */
  private static final List<String> QUESTIONS =
      List.of(
          "/properties?vendor=v&status=Active&status=Pending&status=Closed&status=Withdrawn",
          "/properties?vendor=v&status=Closed&status=Withdrawn&sort=listprice&limit=1",
          "/properties?vendor=v&status=Withdrawn&q=HAR-5002");

  @TempDir Path dir;

  /**
   * The answer without the member no replica can copy: {@code mlsId}, which each Keybox assigns
   * itself (in pull order, and the pull sees only what the display rules show). Every other member,
   * the photos (the view's Media) too, must be equal.
   */
  private static String comparable(String answer) throws Exception {
    JsonNode listings = JSON.readTree(answer);
    for (JsonNode listing : listings) {
      ((ObjectNode) listing).remove("mlsId");
    }
    return listings.toPrettyString();
  }

  static Commands.Result run(String... args) {
    return Commands.run(
        new byte[0], Map.of(), args[0], java.util.Arrays.copyOfRange(args, 1, args.length));
  }

  /** The arguments of {@code keybox index} of RESO listings for vendor v into {@code data}. */
  static String[] index(Path data, Path listings, String... more) {
    List<String> args =
        new java.util.ArrayList<>(
            List.of(
                "index",
                "--data-dir",
                data.toString(),
                "--vendor",
                "v",
                "--format",
                "reso",
                "--listings",
                listings.toString(),
                "--quiet"));
    args.addAll(List.of(more));
    return args.toArray(String[]::new);
  }

  /** The arguments of {@code keybox pull} of vendor v from {@code root} into {@code data}. */
  private static String[] pull(String root, Path data, Path secret, String mode) {
    return new String[] {
      "pull",
      "--data-dir",
      data.toString(),
      "--vendor",
      "v",
      "--url",
      root + "/reso/v",
      "--token-url",
      root + "/oauth2/token",
      "--client-id",
      "k",
      "--client-secret-file",
      secret.toString(),
      "--resources",
      "Property",
      mode,
      "--quiet"
    };
  }

  /** The replica over {@code data} answers every question as {@code source} does. */
  private static void assertSameAnswers(Served source, Path data) throws Exception {
    try (Served replica = new Served(data)) {
      for (String question : QUESTIONS) {
        assertEquals(
            comparable(source.get(question).body()),
            comparable(replica.get(question).body()),
            question);
      }
    }
  }

  /** Waits (generously) until the source serves the new commit's price of {@code listingId}. */
  private static void awaitPrice(Served source, String listingId, long price) throws Exception {
    await(
        source, "Withdrawn", listingId, found -> found.path(0).path("listPrice").asLong() == price);
  }

  /**
   * Waits (generously) until the source's answer about {@code listingId} of {@code status} is as
   * {@code committed} expects of the new commit.
   */
  private static void await(
      Served source,
      String status,
      String listingId,
      java.util.function.Predicate<JsonNode> committed)
      throws Exception {
    long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(60);
    while (!committed.test(JSON.readTree(source.get(question(status, listingId)).body()))) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("the source never served the change of " + listingId);
      }
      Thread.sleep(50); // the index refresh runs every 200 ms; nothing to wait on from outside
    }
  }

  private static String question(String status, String listingId) {
    return "/properties?vendor=v&status=" + status + "&q=" + listingId;
  }

  @Test
  void aSecondKeyboxPulledFromTheFirstAnswersTheSame() throws Exception {
    Path first = dir.resolve("first");
    Path second = dir.resolve("second");
    Commands.Result indexed = run(index(first, FIXTURE.resolve("property.ndjson")));
    assertEquals(0, indexed.code(), indexed.err());
    Path tokenKey =
        Files.writeString(dir.resolve("token.key"), "0123456789abcdef0123456789abcdef-key");
    Path secret = Files.writeString(dir.resolve("client.secret"), "s");
    try (Served source = new Served(first, Optional.of(tokenKey))) {
      String root = "http://127.0.0.1:" + source.port();
      Commands.Result pulled = run(pull(root, second, secret, "--full"));
      assertEquals(0, pulled.code(), pulled.err() + pulled.out());
      assertSameAnswers(source, second);

      // A price change upstream: indexed incrementally here, then pulled incrementally there.
      ObjectNode changed =
          (ObjectNode) JSON.readTree(Files.readAllLines(FIXTURE.resolve("property.ndjson")).get(1));
      changed.put("ListPrice", 179000).put("ModificationTimestamp", "2026-11-01T12:00:00Z");
      Path changes = Files.writeString(dir.resolve("changes.ndjson"), changed.toString() + "\n");
      Commands.Result update = run(index(first, changes, "--incremental"));
      assertEquals(0, update.code(), update.err());
      awaitPrice(source, "HAR-5002", 179000);
      Commands.Result incremental = run(pull(root, second, secret, "--incremental"));
      assertEquals(0, incremental.code(), incremental.err() + incremental.out());
      assertSameAnswers(source, second);

      // A delete upstream: the incremental pull cannot see it, the full one removes it.
      ObjectNode delete =
          JSON.createObjectNode()
              .put("ListingKey", "K-3")
              .put("ListingId", "HAR-5003")
              .put("StandardStatus", "Delete")
              .put("ModificationTimestamp", "2026-11-02T12:00:00Z");
      Path deletes = Files.writeString(dir.resolve("deletes.ndjson"), delete.toString() + "\n");
      Commands.Result removed = run(index(first, deletes, "--incremental"));
      assertEquals(0, removed.code(), removed.err());
      await(source, "Closed", "HAR-5003", JsonNode::isEmpty);
      Commands.Result blind = run(pull(root, second, secret, "--incremental"));
      assertEquals(0, blind.code(), blind.err() + blind.out());
      try (Served replica = new Served(second)) {
        assertEquals(
            1,
            JSON.readTree(replica.get(question("Closed", "HAR-5003")).body()).size(),
            "no tombstone: the incremental pull keeps the deleted listing");
      }
      Commands.Result full = run(pull(root, second, secret, "--full"));
      assertEquals(0, full.code(), full.err() + full.out());
      assertSameAnswers(source, second);
    }
  }
}

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
 * pull and after an incremental one that carries a change. NOTE: deletes do not replicate yet: the
 * view serves no tombstones, and an incremental pull by ModificationTimestamp never sees a listing
 * the source removed.
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

  private static Commands.Result run(String... args) {
    return Commands.run(
        new byte[0], Map.of(), args[0], java.util.Arrays.copyOfRange(args, 1, args.length));
  }

  /** The arguments of {@code keybox index} of RESO listings for vendor v into {@code data}. */
  private static String[] index(Path data, Path listings, String... more) {
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
    long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(60);
    String question = "/properties?vendor=v&status=Withdrawn&q=" + listingId;
    while (JSON.readTree(source.get(question).body()).path(0).path("listPrice").asLong() != price) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("the source never served the change of " + listingId);
      }
      Thread.sleep(50); // the index refresh runs every 200 ms; nothing to wait on from outside
    }
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
    }
  }
}

package io.keybox.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.keybox.app.Commands.Result;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code keybox publish} and {@code keybox index --publish-to} (issue 28 point 2), against a folder
 * store: one line each, exit codes 0/1/2, a failed publication after a good commit keeps the
 * commit.
 */
class PublishCommandTest {
  private static final Path FIXTURE = Path.of("..", "data", "fixtures", "basic");

  private static Result index(Path dataDir, String... more) {
    String[] args = {
      "--data-dir", dataDir.toString(),
      "--vendor", "houston",
      "--listings", FIXTURE.resolve("listings.ndjson").toString(),
      "--openhouses", FIXTURE.resolve("openhouses.ndjson").toString(),
      "--agents", FIXTURE.resolve("agents.ndjson").toString()
    };
    String[] all = new String[args.length + more.length];
    System.arraycopy(args, 0, all, 0, args.length);
    System.arraycopy(more, 0, all, args.length, more.length);
    return Commands.run("index", all);
  }

  @Test
  void indexPublishesAfterItsCommitAndPublishUploadsOnlyWhatTheStoreLacks(
      @TempDir Path dataDir, @TempDir Path store) throws Exception {
    String url = store.toUri().toString();
    Result indexed = index(dataDir, "--publish-to", url);
    assertEquals(0, indexed.code(), indexed.err());
    assertTrue(
        indexed.out().contains("keybox index: vendor houston: published generation 1 to "),
        indexed.out());
    assertTrue(Files.isRegularFile(store.resolve("houston/current")));

    Result again =
        Commands.run(
            "publish", "--data-dir", dataDir.toString(), "--vendor", "houston", "--to", url);
    assertEquals(0, again.code(), again.err());
    assertEquals(1, again.out().lines().count(), again.out());
    assertTrue(again.out().contains("as publication 2: 0 objects uploaded (0 bytes)"), again.out());
    // The fixture's listings have no mirrored photos.
    assertTrue(
        again
            .out()
            .endsWith(
                "; photos: 0 uploaded (0 files, 0 bytes), 0 already stored, 0 missing" + " here\n"),
        again.out());
  }

  @Test
  void aFailedPublicationAfterAGoodCommitExitsTwoAndTheIndexStays(@TempDir Path dataDir)
      throws Exception {
    // A file where the store's folder would be: the commit succeeds, the publication cannot.
    Path notAFolder = Files.createFile(dataDir.resolveSibling(dataDir.getFileName() + "-file"));
    try {
      Result result = index(dataDir, "--publish-to", notAFolder.toUri().toString());
      assertEquals(2, result.code(), result.err());
      // The fixture's own rejects come first; the failure is one line, the last.
      String last = result.err().lines().reduce((a, b) -> b).orElse("");
      assertTrue(
          last.startsWith("keybox index: vendor houston is committed, but publishing it to "),
          result.err());
      assertTrue(last.contains("the local index stays"), result.err());
      assertTrue(result.out().contains("keybox index: vendor houston: 12 listings written"));
      assertTrue(Files.isDirectory(dataDir.resolve("houston/index")));
    } finally {
      Files.deleteIfExists(notAFolder);
    }
  }

  @Test
  void aVendorWithoutAnIndexIsBadInput(@TempDir Path dataDir, @TempDir Path store) {
    Result result =
        Commands.run(
            "publish",
            "--data-dir",
            dataDir.toString(),
            "--vendor",
            "houston",
            "--to",
            store.toUri().toString());
    assertEquals(1, result.code(), result.err());
    assertEquals(
        "keybox publish: vendor houston has no index under " + dataDir + "; run keybox index first",
        result.err().strip());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "publish --data-dir d --vendor v --to ftp://x/y | keybox publish: --to: store URL must be",
        "publish --data-dir d --vendor v --to s3://b/p --keep-for 0 | --keep-for: '0' is not a",
        "publish --data-dir d --vendor V! --to s3://b/p | keybox publish: --vendor: ",
        "publish --data-dir d --vendor media --to s3://b/p | keybox publish: --vendor: vendor must"
            + " not be named 'media'",
        "publish --data-dir d --vendor v --to s3://b/p --s3-endpoint nope | --s3-endpoint: 'nope'",
        "index --data-dir d --vendor v --listings l --publish-to nope | --publish-to: store URL",
        "serve --data-dir d --replica-poll 5 | need --replica-of",
        "serve --data-dir d --media-cache 20g | keybox serve: --replica-poll, --replica-stale-after"
            + " and --media-cache need --replica-of",
        "serve --data-dir d --replica-of file:///x --media-cache 1m | keybox serve: --media-cache:"
            + " 1048576 bytes is too small for photos; give at least 64m",
        "serve --data-dir d --replica-of file:///x --media-cache lots | keybox serve:"
            + " --media-cache: 'lots' is not a size like 64m",
        "serve --data-dir d --replica-of file:///x --replica-poll 0 | --replica-poll: '0' is not",
        "serve --data-dir d --replica-of file:///x --replica-stale-after soon | --replica-stale-after:",
        "serve --data-dir d --replica-of bucket/prefix | --replica-of: store URL must be",
        "serve --data-dir d --replica-of file:///x --replica-poll 10ms | keybox serve:"
            + " --replica-poll: '10ms' is not a duration from 50 ms to 7 days",
        "serve --data-dir d --replica-of file:///x --replica-stale-after 8d | keybox serve:"
            + " --replica-stale-after: '8d' is not a duration",
        "serve --data-dir d --replica-of file:///x --replica-stale-after 200h | keybox serve:"
            + " --replica-stale-after: '200h' is not a duration of at most 7 days",
        "serve --data-dir d --s3-endpoint http://127.0.0.1:9000 | keybox serve: --s3-endpoint:"
            + " needs --replica-of",
        "serve --data-dir d --replica-of s3://b/p --s3-endpoint ftp://h | --s3-endpoint: 'ftp://h'"
            + " is not an absolute http or https URL",
        "pull --data-dir d --vendor v --url ftp://h/odata | keybox pull: --url: 'ftp://h/odata'"
            + " is not an absolute http or https URL",
        "pull --data-dir d --vendor v --url https://u:p@h/odata | keybox pull: --url: no"
            + " credentials in the URL",
        "pull --data-dir d --vendor v --url https://h/odata --client-id c | keybox pull:"
            + " --client-id, --client-secret-file and --scope: need --token-url",
        "pull --data-dir d --vendor v --url https://h/odata --token-url https://h/t | keybox pull:"
            + " --token-url: needs --client-id",
        "pull --data-dir d --vendor v --url https://h/odata --token-url https://h/t --client-id c"
            + " --bearer-token-file f | keybox pull: --bearer-token-file: give it or --token-url"
            + " with --client-id, not both",
        "pull --data-dir d --vendor v --url https://h/odata --bearer-token-file /nonexistent/t |"
            + " keybox pull: --bearer-token-file: cannot read '/nonexistent/t' (no such file)",
        "publish --data-dir d --vendor v --to file:///x --s3-endpoint http://h --s3-endpoint"
            + " http://i | --s3-endpoint is given more than once",
      })
  void badStoreOptionsAreOneLineNamingTheOption(String line, String message) {
    // serve checks that its data directory exists before its other options.
    String[] words = line.replace(" d ", " " + Path.of("..", "data") + " ").split(" ");
    String[] args = new String[words.length - 1];
    System.arraycopy(words, 1, args, 0, args.length);
    Result result = Commands.run(words[0], args);
    assertEquals(1, result.code(), result.err());
    assertEquals(1, result.err().lines().count(), result.err());
    assertTrue(result.err().contains(message), result.err());
  }
}

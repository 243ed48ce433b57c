package io.keybox.server.http;

import static io.keybox.server.http.FixtureServer.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code scripts/sync-index.sh}, as docs/operations.md uses it to publish commits to query nodes
 * and to take backups: a server over the copy serves the source's commit, switches to the next one
 * the script copies, and the script leaves exactly the source's files behind.
 */
class IndexCopyHttpTest {
  private static final String SECRET = "s3cret";

  @Test
  void aQueryNodeServesEachCommitTheScriptCopies(
      @TempDir Path indexer, @TempDir Path queryNode, @TempDir Path backup) throws Exception {
    FixtureServer.index(indexer, "fixture", "basic");
    try (FixtureServer node = FixtureServer.withOneKey(queryNode, "fixture", "plain", SECRET)) {
      assertEquals(503, node.get("/properties", "plain", SECRET).statusCode());

      assertEquals(0, sync(indexer.resolve("fixture"), queryNode.resolve("fixture")));
      node.indexes().refresh();
      assertEquals(6, json(node.get("/properties", "plain", SECRET)).size());
      assertEquals(indexFiles(indexer), indexFiles(queryNode));
      assertTrue(Files.exists(queryNode.resolve("fixture/ids.tsv")));

      // The next night: a new state of the vendor, a new commit; the node switches to it.
      FixtureServer.index(indexer, "fixture", "search");
      assertEquals(0, sync(indexer.resolve("fixture"), queryNode.resolve("fixture")));
      node.indexes().refresh();
      assertEquals(2, json(node.get("/-/health", null, null)).at("/vendors/0/generation").asLong());
      assertEquals(indexFiles(indexer), indexFiles(queryNode), "old files removed");

      // A backup of the node's copy is a whole vendor folder that serves the same.
      assertEquals(0, sync(queryNode.resolve("fixture"), backup.resolve("fixture")));
      try (FixtureServer restored = FixtureServer.withOneKey(backup, "fixture", "plain", SECRET)) {
        assertEquals(
            node.get("/properties?limit=50", "plain", SECRET).body(),
            restored.get("/properties?limit=50", "plain", SECRET).body());
      }
      assertEquals(
          Files.readString(indexer.resolve("fixture/ids.tsv")),
          Files.readString(backup.resolve("fixture/ids.tsv")));
    }
  }

  @Test
  void aSourceWithoutACommitIsRefused(@TempDir Path empty, @TempDir Path dest) throws Exception {
    Files.createDirectories(empty.resolve("v/index"));
    assertEquals(1, sync(empty.resolve("v"), dest.resolve("v")));
    assertEquals(1, sync(empty.resolve("nothing"), dest.resolve("v")));
  }

  /** The file names of the vendor's index folder, without the writer's lock. */
  private static Set<String> indexFiles(Path dataDir) throws IOException {
    try (Stream<Path> files = Files.list(dataDir.resolve("fixture/index"))) {
      Set<String> names = new TreeSet<>();
      files
          .map(f -> f.getFileName().toString())
          .filter(n -> !n.equals("write.lock"))
          .forEach(names::add);
      return names;
    }
  }

  private static int sync(Path source, Path dest) throws Exception {
    ProcessBuilder builder =
        new ProcessBuilder(
                "bash",
                Path.of("..", "scripts", "sync-index.sh").toString(),
                source.toString(),
                dest.toString())
            .redirectErrorStream(true);
    builder.environment().put("KEYBOX_SYNC_PRUNE_DELAY", "0");
    Process process = builder.start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(process.waitFor(60, TimeUnit.SECONDS), output);
    return process.exitValue();
  }
}

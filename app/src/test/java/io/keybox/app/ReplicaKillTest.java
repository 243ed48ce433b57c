package io.keybox.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.app.Commands.Result;
import io.keybox.store.FileEntry;
import io.keybox.store.Manifest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.lucene.util.IOUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A query node ({@code keybox serve --replica-of}, a child JVM) killed with SIGKILL while a
 * publication is half downloaded: started again, it serves its old commit at once and completes the
 * new one without downloading again the files it had verified (issue 28, point 5). And killed at
 * random instants of installing a vendor rebuilt from scratch (file names restart at {@code _0}):
 * started again, it serves the previous publication or the new one at once, never a 503 and never a
 * mix (issue 38, point 5).
 *
 * <p>The download is held half-way deterministically: one object of the new publication is made
 * unreadable in the folder store (a folder in its place), so the node verifies and stages the
 * others, fails on that one, and keeps serving its old commit; then it is killed. (A kill during
 * the bytes of one object, leaving a {@code .part}, is the store module's resume test.)
 */
class ReplicaKillTest {
  private static final Path BASIC = Path.of("..", "data", "fixtures", "basic");
  private static final Path SEARCH = Path.of("..", "data", "fixtures", "search");
  private static final ObjectMapper JSON =
      new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

  private static Result index(Path dataDir, Path fixture, String store) {
    return Commands.run(
        "index",
        "--data-dir",
        dataDir.toString(),
        "--vendor",
        "houston",
        "--listings",
        fixture.resolve("listings.ndjson").toString(),
        // The second fixture is the smaller: a full run would refuse to shrink the vendor so.
        "--force",
        "--publish-to",
        store);
  }

  /** A {@code keybox serve --replica-of STORE} child JVM over {@code dataDir}. */
  private static ServeChild replica(Path dataDir, String store) throws Exception {
    return ServeChild.start(
        List.of(
            "--data-dir",
            dataDir.toString(),
            "--keys",
            Path.of("..", "data", "demo-keys.json").toString(),
            "--port",
            "0",
            "--replica-of",
            store,
            "--replica-poll",
            "0.2"));
  }

  /** Runs a replica over {@code dataDir} until it serves the store's publication, then kills it. */
  private static void serveUntilHealthy(Path dataDir, String store) throws Exception {
    ServeChild child = replica(dataDir, store);
    try {
      await(
          "the replica serves the store's publication",
          () -> child.get("/-/health").at("/httpStatus").asInt() == 200);
    } finally {
      child.kill();
    }
  }

  private static void await(String what, Check check) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (!check.holds()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("not within 20 s: " + what);
      }
      Thread.sleep(50);
    }
  }

  private interface Check {
    boolean holds() throws Exception;
  }

  private static Manifest manifest(Path store, long sequence) throws IOException {
    return JSON.readValue(
        store.resolve("houston/manifests/%012d.json".formatted(sequence)).toFile(), Manifest.class);
  }

  /** The objects verified into the vendor's pool that no publication links to yet. */
  private static List<String> staged(Path dataDir) throws IOException {
    Path pool = dataDir.resolve("houston/pool");
    if (!Files.isDirectory(pool)) {
      return List.of();
    }
    List<String> staged = new ArrayList<>();
    try (Stream<Path> files = Files.list(pool)) {
      for (Path file : files.toList()) {
        if (!file.getFileName().toString().endsWith(".part")
            && (Integer) Files.getAttribute(file, "unix:nlink") == 1) {
          staged.add(file.getFileName().toString());
        }
      }
    }
    return staged;
  }

  @Test
  @Timeout(120)
  void aReplicaKilledMidDownloadServesItsOldCommitAtOnceAndDownloadsOnlyWhatItLacks(
      @TempDir Path indexer, @TempDir Path node, @TempDir Path store) throws Exception {
    String url = store.toUri().toString();
    Result basic = index(indexer, BASIC, url);
    assertEquals(0, basic.code(), basic.err());

    serveUntilHealthy(node, url);
    long old = manifest(store, 1).generation();

    // The next publication, with one of its new index objects held back.
    Result search = index(indexer, SEARCH, url);
    assertEquals(0, search.code(), search.err());
    Manifest next = manifest(store, 2);
    Set<FileEntry> had = new HashSet<>(manifest(store, 1).files());
    had.addAll(manifest(store, 1).sideFiles());
    List<FileEntry> needed = new ArrayList<>();
    for (FileEntry file : next.files()) {
      if (!had.contains(file)) {
        needed.add(file);
      }
    }
    for (FileEntry file : next.sideFiles()) {
      if (!had.contains(file)) {
        needed.add(file);
      }
    }
    FileEntry held =
        next.files().reversed().stream()
            .filter(f -> !had.contains(f) && !f.name().startsWith("segments"))
            .findFirst()
            .orElseThrow();
    Path object = store.resolve("houston/files/" + held.objectName());
    Path aside = store.resolve("held-" + held.objectName());
    Files.move(object, aside);
    Files.createDirectory(object);

    ServeChild second = replica(node, url);
    int stagedBeforeKill;
    try {
      // It serves the old commit at once, and cannot complete the new one.
      JsonNode health = second.get("/-/health");
      assertEquals(200, health.at("/httpStatus").asInt(), health.toString());
      assertEquals(old, health.at("/vendors/0/generation").asLong(), health.toString());
      await(
          "the held object is reported",
          () -> second.get("/-/health").at("/vendors/0/replica/lastError").isTextual());
      assertEquals(old, second.get("/-/health").at("/vendors/0/generation").asLong());
      stagedBeforeKill = staged(node).size();
      assertTrue(stagedBeforeKill > 0, "some files were verified before the held one");
    } finally {
      second.kill();
    }

    Files.delete(object);
    Files.move(aside, object);
    ServeChild third = replica(node, url);
    try {
      JsonNode health = third.get("/-/health");
      assertEquals(200, health.at("/httpStatus").asInt(), health.toString());
      await(
          "the new commit serves",
          () -> third.get("/-/health").at("/vendors/0/generation").asLong() == next.generation());
      String metrics = third.metrics();
      Matcher downloaded =
          Pattern.compile("keybox_replica_downloaded_files_total\\{vendor=\"houston\"} (\\S+)")
              .matcher(metrics);
      assertTrue(downloaded.find(), metrics);
      assertEquals(
          needed.size() - stagedBeforeKill,
          (int) Double.parseDouble(downloaded.group(1)),
          "downloaded again only what was not verified before the kill");
      await("no staged file is left", () -> staged(node).isEmpty());
    } finally {
      third.kill();
    }
  }

  /** Rebuilds the indexer's vendor from scratch with {@code fixture} and publishes it. */
  private static void rebuild(Path indexer, Path fixture, String store) throws IOException {
    IOUtils.rm(indexer.resolve("houston"));
    Result indexed = index(indexer, fixture, store);
    assertEquals(0, indexed.code(), indexed.err());
  }

  @Test
  @Timeout(300)
  void aReplicaKilledAtRandomInstantsOfARebuildInstallServesTheOldOrTheNewPublicationAtOnce(
      @TempDir Path indexer, @TempDir Path node, @TempDir Path store) throws Exception {
    String url = store.toUri().toString();
    // The fixtures' listings (data/README.md): 12 in basic, 38 in search.
    List<Path> fixtures = List.of(BASIC, SEARCH);
    List<Integer> listings = List.of(12, 38);
    java.util.Random random = new java.util.Random();
    rebuild(indexer, BASIC, url);
    serveUntilHealthy(node, url);
    for (int round = 1; round <= 6; round++) {
      int before = listings.get((round - 1) % 2);
      int after = listings.get(round % 2);
      ServeChild killed = replica(node, url);
      try {
        rebuild(indexer, fixtures.get(round % 2), url);
        // Somewhere in the next poll's install (polls every 200 ms), or before or after it.
        Thread.sleep(random.nextInt(600));
      } finally {
        killed.kill();
      }
      ServeChild restarted = replica(node, url);
      try {
        JsonNode health = restarted.get("/-/health");
        assertEquals(200, health.at("/httpStatus").asInt(), "round " + round + ": " + health);
        int served = health.at("/vendors/0/listings").asInt();
        assertTrue(
            served == before || served == after,
            "round " + round + ": " + served + " listings, neither " + before + " nor " + after);
        await(
            "round " + round + ": the new publication serves",
            () -> restarted.get("/-/health").at("/vendors/0/listings").asInt() == after);
      } finally {
        restarted.kill();
      }
    }
    // Whatever the kills left, every publication directory is complete (a half-linked one only
    // ever lies under incoming/).
    try (Stream<Path> publications = Files.list(node.resolve("houston/publications"))) {
      for (Path publication : publications.toList()) {
        assertTrue(
            Files.isRegularFile(publication.resolve("manifest.json")), publication.toString());
      }
    }
  }
}

package io.keybox.bench.keybox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.keybox.generator.FeedGenerator;
import io.keybox.generator.GeneratorConfig;
import io.keybox.indexer.build.VendorLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Given keybox.jar and a class-data archive made for it, as run.sh hands them to the bench, the
 * bench starts the server from the jar with the archive mapped, and restarts it without.
 */
class ServerProcessArchiveTest {
  /** {@code keybox.jar}, built by the app module's package phase, before this module's tests. */
  private static final Path SERVER_JAR = Path.of("..", "app", "target", "keybox.jar");

  @AfterEach
  void forgetTheJar() {
    System.clearProperty("keybox.bench.serverJar");
    System.clearProperty("keybox.bench.serverArchive");
  }

  @Test
  void theServerStartsFromTheJarWithTheArchiveMappedAndRestartsWithout(@TempDir Path dir)
      throws Exception {
    assumeTrue(Files.isRegularFile(SERVER_JAR), "run through ./run.sh test: no " + SERVER_JAR);
    Path feed = dir.resolve("feed");
    new FeedGenerator(GeneratorConfig.of(200)).writeDirectory(feed);
    VendorLayout layout = new VendorLayout(dir.resolve("data"), "houston");
    IndexerProcess.index(layout, feed, 200, dir.resolve("indexer.log"), Optional.empty());
    Path archive = dir.resolve("server.jsa");
    train(archive, layout.dataDir(), dir);
    assertTrue(Files.size(archive) > 1_000_000, "archive of " + Files.size(archive) + " bytes");

    System.setProperty("keybox.bench.serverJar", SERVER_JAR.toString());
    System.setProperty("keybox.bench.serverArchive", archive.toString());
    try (ServerProcess first =
        ServerProcess.start(layout.dataDir(), "houston", dir, Optional.empty(), Optional.empty())) {
      assertTrue(first.archived(), ChildJvm.tail(dir.resolve("server.log"), 20));
      try (ServerProcess restarted = first.restartWithoutArchive()) {
        assertFalse(restarted.archived());
        assertEquals(Optional.of(false), ChildJvm.mapsFile(restarted.pid(), archive));
        assertTrue(restarted.startMillis() > 0);
      }
    }
  }

  @Test
  void aFileTheJvmCannotMapCountsAsNoArchive(@TempDir Path dir) throws Exception {
    assumeTrue(Files.isRegularFile(SERVER_JAR), "run through ./run.sh test: no " + SERVER_JAR);
    // Not an archive at all: the JVM ignores it and starts without one, as with a stale archive.
    Path archive = dir.resolve("server.jsa");
    Files.writeString(archive, "not an archive", StandardCharsets.UTF_8);
    Path feed = dir.resolve("feed");
    new FeedGenerator(GeneratorConfig.of(100)).writeDirectory(feed);
    VendorLayout layout = new VendorLayout(dir.resolve("data"), "houston");
    IndexerProcess.index(layout, feed, 100, dir.resolve("indexer.log"), Optional.empty());

    System.setProperty("keybox.bench.serverJar", SERVER_JAR.toString());
    System.setProperty("keybox.bench.serverArchive", archive.toString());
    try (ServerProcess server =
        ServerProcess.start(layout.dataDir(), "houston", dir, Optional.empty(), Optional.empty())) {
      assertFalse(server.archived());
    }
  }

  /**
   * A training run as run.sh makes one, in short: keybox.jar serve with run.sh's options, started
   * and stopped with SIGTERM, its JVM writing the archive as it exits.
   */
  private static void train(Path archive, Path dataDir, Path dir) throws Exception {
    List<String> jvm = new ArrayList<>(ChildJvm.VECTOR_API);
    jvm.add(ChildJvm.SERVER_GC);
    jvm.add("-XX:ArchiveClassesAtExit=" + archive.toAbsolutePath());
    jvm.addAll(List.of("-Xlog:cds=off", "-Xlog:cds+dynamic=off"));
    List<String> args = ServerProcess.serveArgs(dataDir, Path.of("..", "data", "demo-keys.json"));
    Path log = dir.resolve("training.log");
    Process process =
        new ProcessBuilder(ChildJvm.jarCommand(SERVER_JAR, jvm, args))
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (!(Files.exists(log) && Files.readString(log).contains("listening on"))) {
      assertTrue(process.isAlive() && System.nanoTime() < deadline, ChildJvm.tail(log, 20));
      Thread.sleep(20);
    }
    process.destroy();
    assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the training server did not stop");
    assertEquals(143, process.exitValue(), ChildJvm.tail(log, 20));
  }
}

package io.keybox.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.lucene.util.Version;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code keybox version}, {@code --version}, and what {@code keybox demo} does before serving. */
class VersionAndDemoCommandTest {
  @Test
  void versionNamesKeyboxItsCommitLicenceLuceneAndTheJdk() {
    Commands.Result run = Commands.run("version");
    assertEquals(0, run.code(), run.err());
    List<String> lines = run.out().lines().toList();
    assertEquals(5, lines.size(), run.out());
    assertTrue(lines.get(0).matches("keybox \\S+"), lines.get(0));
    assertFalse(lines.get(0).contains("${"), "an unfiltered version: " + lines.get(0));
    assertTrue(lines.get(1).matches("commit \\S+"), lines.get(1));
    assertEquals(
        "licence Apache-2.0 (LICENSE and NOTICE beside the binary say what it bundles)",
        lines.get(2));
    assertEquals("lucene " + Version.LATEST, lines.get(3));
    assertTrue(lines.get(4).startsWith("jdk    " + Runtime.version()), lines.get(4));
    assertEquals("", run.err());
  }

  @Test
  void dashDashVersionPrintsTheSameLines() {
    assertEquals(Commands.run("version").out(), Commands.run("--version").out());
    assertEquals(0, Commands.run("--version").code());
  }

  @Test
  void aTakenPortIsOneLineAndExitCode2BeforeAnySetUp(@TempDir Path dir) throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      int port = taken.getLocalPort();
      Commands.Result run =
          Commands.run("demo", "--port", String.valueOf(port), "--data-dir", dir.toString());
      assertEquals(2, run.code(), run.err());
      assertEquals(
          "keybox demo: cannot listen on 127.0.0.1:"
              + port
              + ": the port is taken (another server?); choose another with --port\n",
          run.err());
      assertEquals("", run.out());
      try (var files = Files.list(dir)) {
        assertEquals(0, files.count(), "nothing generated");
      }
    }
  }

  /**
   * The tour the archive's training runs (dist, run.sh's build): every request answered as the API
   * says, then the demo stops by itself. 21 requests: a listing and an open house to take ids from,
   * 16 of the fixed list, and the listing, its analytics and the open house by id.
   */
  @Test
  void theTourAnswersEachKindOfRequestAndStops(@TempDir Path dir) {
    Commands.Result run =
        Commands.run("demo", "--tour", "--port", "0", "--data-dir", dir.toString());
    assertEquals(0, run.code(), run.err());
    assertTrue(
        run.err().endsWith("keybox demo: the tour's 21 requests answered as expected\n"),
        run.err());
    assertTrue(run.out().contains(" GET /properties?minprice=cheap 400 "), run.out());
    assertTrue(run.out().contains(" OPTIONS /properties 200 "), run.out());
  }

  @Test
  void demoRefusesAPortOutOfRange() {
    Commands.Result run = Commands.run("demo", "--port", "70000");
    assertEquals(1, run.code());
    assertTrue(run.err().startsWith("keybox demo: --port"), run.err());
  }
}

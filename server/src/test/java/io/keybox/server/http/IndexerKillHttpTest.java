package io.keybox.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.generator.FeedGenerator;
import io.keybox.generator.GeneratorConfig;
import io.keybox.indexer.build.BuildReport;
import io.keybox.indexer.build.VendorIndexBuilder;
import io.keybox.indexer.build.VendorLayout;
import io.keybox.server.auth.Accounts;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Crash safety (OPERATIONS.md §4): an indexer process killed at any moment leaves the previous
 * state serving with identical answers, and the next run publishes normally without manual repair.
 */
class IndexerKillHttpTest {
  private static final String KEY = "tester";
  private static final String SECRET = "s3cret";
  private static final String QUERY = "/properties?limit=50&sort=listprice&count=true";

  @TempDir Path dir;

  /**
   * Runs a forced full index of {@code dump} ({@code keybox index --force}) in a separate JVM on
   * the test's classpath: {@link #main}.
   */
  private static Process indexer(Path dataDir, Path dump, String vendor) throws Exception {
    String java = ProcessHandle.current().info().command().orElse("java");
    return new ProcessBuilder(
            java,
            "-cp",
            System.getProperty("java.class.path"),
            IndexerKillHttpTest.class.getName(),
            dataDir.toString(),
            vendor,
            dump.toString())
        .redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.DISCARD)
        .start();
  }

  /**
   * The indexer process: what {@code keybox index --data-dir DIR --vendor NAME --listings DUMP
   * --force} runs (the command itself lives in the app module, which depends on this one).
   */
  public static void main(String[] args) throws Exception {
    BuildReport report =
        new VendorIndexBuilder(
                new ObjectMapper(), Clock.systemUTC(), Runtime.getRuntime().availableProcessors())
            .rebuild(new VendorLayout(Path.of(args[0]), args[1]), Path.of(args[2]), true);
    System.exit(report.published() ? 0 : 1);
  }

  @Test
  void killingTheIndexerAtRandomMomentsLeavesThePreviousStateServing() throws Exception {
    long seed = Long.getLong("keybox.test.seed", System.nanoTime());
    System.out.println(
        "IndexerKillHttpTest seed: " + seed + " (replay with -Dkeybox.test.seed=" + seed + ")");
    Random random = new Random(seed);
    Path dataDir = dir.resolve("data");
    Path small = dir.resolve("small");
    Path large = dir.resolve("large");
    new FeedGenerator(new GeneratorConfig(300, 1, "killed")).writeDirectory(small);
    new FeedGenerator(new GeneratorConfig(20_000, 2, "killed")).writeDirectory(large);

    Process first = indexer(dataDir, small.resolve(FeedGenerator.LISTINGS_FILE), "killed");
    assertTrue(first.waitFor(120, TimeUnit.SECONDS));
    assertEquals(0, first.exitValue());

    Accounts accounts = FixtureServer.oneKey("killed", KEY, SECRET);
    try (FixtureServer server = new FixtureServer(dataDir, accounts, ServerConfig.loopback(0))) {
      HttpResponse<String> before = server.get(QUERY, KEY, SECRET);
      assertEquals(200, before.statusCode());
      String lastUpdate = before.headers().firstValue("X-Service-LastUpdate").orElseThrow();

      int killed = 0;
      for (int attempt = 0; attempt < 3; attempt++) {
        Process doomed = indexer(dataDir, large.resolve(FeedGenerator.LISTINGS_FILE), "killed");
        if (doomed.waitFor(200 + random.nextInt(2500), TimeUnit.MILLISECONDS)) {
          // It finished before the kill moment: its commit is the new state to compare against.
          assertEquals(0, doomed.exitValue());
          before = awaitNewGeneration(server, lastUpdate);
          lastUpdate = before.headers().firstValue("X-Service-LastUpdate").orElseThrow();
          continue;
        }
        doomed.destroyForcibly();
        assertTrue(doomed.waitFor(30, TimeUnit.SECONDS));
        killed++;
        Thread.sleep(400); // longer than the server's refresh interval
        HttpResponse<String> after = server.get(QUERY, KEY, SECRET);
        assertEquals(200, after.statusCode());
        assertEquals(lastUpdate, after.headers().firstValue("X-Service-LastUpdate").orElseThrow());
        assertEquals(before.body(), after.body(), "attempt " + attempt + ": identical answers");
        assertEquals(
            before.headers().firstValue("X-Total-Count"),
            after.headers().firstValue("X-Total-Count"));
      }
      assertTrue(killed > 0, "at least one run was killed mid-way (seed " + seed + ")");

      Process next = indexer(dataDir, large.resolve(FeedGenerator.LISTINGS_FILE), "killed");
      assertTrue(next.waitFor(180, TimeUnit.SECONDS));
      assertEquals(0, next.exitValue(), "the next run succeeds without repair");
      HttpResponse<String> published = awaitNewGeneration(server, lastUpdate);
      assertEquals(
          "20000",
          total(
              server,
              "/properties?count=true&limit=1&lastId=0"
                  + "&status=Active&status=ActiveUnderContract&status=Pending&status=Hold&status=Withdrawn"
                  + "&status=Closed&status=Expired&status=Incomplete&status=ComingSoon"
                  + "&type=residential&type=rental&type=mobilehome&type=multifamily&type=commercial"
                  + "&type=commerciallease&type=land&type=farm&idx=ignore"));
      assertEquals(200, published.statusCode());
    }
  }

  private static String total(FixtureServer server, String query) throws Exception {
    return server.get(query, KEY, SECRET).headers().firstValue("X-Total-Count").orElseThrow();
  }

  /** The first answer served from a commit other than the one refreshed at {@code lastUpdate}. */
  private static HttpResponse<String> awaitNewGeneration(FixtureServer server, String lastUpdate)
      throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    HttpResponse<String> response;
    do {
      Thread.sleep(100);
      response = server.get(QUERY, KEY, SECRET);
    } while (response.headers().firstValue("X-Service-LastUpdate").orElseThrow().equals(lastUpdate)
        && System.nanoTime() < deadline);
    assertNotEquals(
        lastUpdate, response.headers().firstValue("X-Service-LastUpdate").orElseThrow());
    return response;
  }
}

package io.keybox.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.bench.keybox.ServerProcess;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./run.sh bench --quick} as part of the test suite, so the bench never rots: it generates
 * and indexes 20,000 listings, starts the real server, and drives Keybox and raw Lucene through the
 * whole mix, hot-pages too (with the response cache's row where the server has one). Asserts that
 * it runs, that both systems answer every class they support without errors and with the same
 * answers, and that the report holds what the README documents; not speed, which means nothing on a
 * busy CI machine.
 */
class QuickBenchTest {
  private static final Set<String> SEARCH_CLASSES =
      Set.of(
          "default-page",
          "city-price-beds",
          "map-polygon",
          "keyword",
          "count",
          "deep-offset",
          "replication-walk",
          "sort",
          "single-listing",
          "radius",
          "hot-pages");

  @Test
  void quickRunMeasuresEveryClassOnKeyboxAndLucene(@TempDir Path dir) throws Exception {
    Path json = dir.resolve("quick.json");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int code =
        BenchMain.run(
            new String[] {
              "--quick", "--work-dir", dir.resolve("work").toString(), "--out", json.toString()
            },
            new PrintStream(out, true, StandardCharsets.UTF_8),
            System.err);
    String table = out.toString(StandardCharsets.UTF_8);
    assertEquals(0, code, table);
    assertTrue(table.contains("Targets (set for 1,000,000 listings"), table);

    JsonNode report = new ObjectMapper().readTree(json.toFile());
    assertEquals(20_000, report.at("/config/listings").asLong());
    assertEquals(List.of("keybox", "lucene"), texts(report.at("/config/systems")));
    assertTrue(report.at("/indexing/0/listingsPerSecond").asDouble() > 0);
    assertTrue(report.at("/indexing/0/dataBytes").asLong() > 0);
    // The indexing limit: the same 20,000 listings written by Lucene alone.
    assertEquals("lucene", report.at("/indexing/1/system").asText());
    assertEquals(20_000, report.at("/indexing/1/listings").asLong());
    assertTrue(report.at("/indexing/1/dataBytes").asLong() > 0);
    assertTrue(report.at("/server/startMillis").asDouble() > 0);
    // Under the test runner the server runs from class folders, which the JVM cannot archive.
    assertFalse(report.at("/server/startArchived").asBoolean(true));
    assertTrue(report.at("/server/startWithoutArchiveMillis").asDouble() > 0);
    assertTrue(report.at("/server/heapLiveBytes").asLong() != 0);
    assertEquals(5, report.get("format").asInt());
    assertEquals(16, report.get("classes").size(), "14 JSON API classes and 2 RESO classes");
    // The response cache's row: only where this build's server has the option.
    boolean cache = ServerProcess.hasResponseCache(dir);
    JsonNode hot = report.get("classes").get(13);
    assertEquals("hot-pages", hot.get("name").asText());
    assertEquals(List.of("SEARCH", "LISTING", "OPEN_HOUSES"), texts(hot.get("endpoints")));
    if (cache) {
      JsonNode cached = hot.at("/results/keybox+cache");
      assertEquals("measured", cached.path("status").asText(), hot.toString());
      assertEquals(0, cached.get("errors").asLong(), cached.toString());
      assertTrue(hot.at("/ratios/keyboxCacheOverKeybox").asDouble() > 0, hot.toString());
    } else {
      assertFalse(hot.at("/results").has("keybox+cache"), hot.toString());
      assertTrue(
          texts(report.get("notes")).stream().anyMatch(n -> n.startsWith("keybox+cache skipped")),
          report.get("notes").toString());
    }
    // Neither the mix nor any other class hears of the cached server.
    assertFalse(report.get("mix").has("keybox+cache"), report.get("mix").toString());
    for (JsonNode c : report.get("classes")) {
      String name = c.get("name").asText();
      assertFalse(c.get("agreement").asText().startsWith("DIFFER"), name + ": " + c);
      if (!name.equals("hot-pages")) {
        assertFalse(c.at("/results").has("keybox+cache"), name + ": " + c);
      }
      assertTrue(c.get("openLoop").isNull(), name + ": no --rate half, no open loop: " + c);
      for (String system : List.of("keybox", "lucene")) {
        JsonNode r = c.at("/results/" + system);
        if (r.get("status").asText().equals("skipped")) {
          assertFalse(SEARCH_CLASSES.contains(name), name + " skipped on " + system + ": " + r);
          assertTrue(r.get("note").asText().startsWith("not "), r.toString());
          continue;
        }
        assertTrue(r.get("requests").asLong() > 0, name + " on " + system + ": " + r);
        assertEquals(0, r.get("errors").asLong(), name + " on " + system + ": " + r);
        assertTrue(r.get("p99Millis").asDouble() >= r.get("p50Millis").asDouble(), r.toString());
      }
    }
    assertTrue(report.at("/mix/keyboxOverLucene/ratio").asDouble() > 0);
    assertTrue(report.get("targets").size() > 10);
    for (JsonNode target : report.get("targets")) {
      for (String field : List.of("name", "target", "measured", "holds", "written")) {
        assertTrue(target.has(field), field + " missing: " + target);
      }
      assertTrue(target.has("holdsAsWritten"), target.toString());
      if (target.get("name").asText().equals("Keybox indexing")) {
        assertEquals(">= 25,000 listings/s", target.get("written").asText());
      }
    }
  }

  private static List<String> texts(JsonNode array) {
    return java.util.stream.StreamSupport.stream(array.spliterator(), false)
        .map(JsonNode::asText)
        .toList();
  }
}

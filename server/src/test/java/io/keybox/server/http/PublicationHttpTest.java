package io.keybox.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.indexer.build.VendorIndexBuilder;
import io.keybox.indexer.build.VendorLayout;
import io.keybox.server.auth.Accounts;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Publication while serving (API.md §13, OPERATIONS.md §4): the same vendor is re-indexed several
 * times while clients query without pause. Every generation's listings carry the generation in
 * {@code remarks} and its own refresh time, so a response that mixes two is visible.
 */
class PublicationHttpTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String KEY = "tester";
  private static final String SECRET = "s3cret";
  private static final Instant FIRST = Instant.parse("2026-01-01T00:00:00Z");
  private static final int LISTINGS = 40;

  @TempDir Path dir;

  private Path generation(int g) throws Exception {
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < LISTINGS; i++) {
      lines.add(
          "{\"listingId\":\"L"
              + i
              + "\",\"listPrice\":"
              + (1000 * g + i)
              + ",\"remarks\":\"gen-"
              + g
              + "\",\"modified\":\"2026-01-01T00:00:00Z\",\"property\":{\"type\":\"RES\"},"
              + "\"mls\":{\"status\":\"Active\"}}");
    }
    Path dump = dir.resolve("gen-" + g + ".ndjson");
    Files.write(dump, lines);
    return dump;
  }

  private static Instant refreshOf(int g) {
    return FIRST.plusSeconds(60L * g);
  }

  private void publish(Path dataDir, int g) throws Exception {
    new VendorIndexBuilder(JSON, Clock.fixed(refreshOf(g), ZoneOffset.UTC), 2)
        .rebuild(new VendorLayout(dataDir, "swap"), generation(g), true);
  }

  @Test
  void reindexingUnderLoadFailsNoRequestAndNeverMixesGenerations() throws Exception {
    Path dataDir = dir.resolve("data");
    publish(dataDir, 0);
    Accounts accounts = FixtureServer.oneKey("swap", KEY, SECRET);
    try (FixtureServer server = new FixtureServer(dataDir, accounts, ServerConfig.loopback(0))) {
      AtomicBoolean running = new AtomicBoolean(true);
      List<String> failures = new CopyOnWriteArrayList<>();
      Set<Integer> seen = ConcurrentHashMap.newKeySet();
      AtomicInteger requests = new AtomicInteger();
      List<Thread> clients = new ArrayList<>();
      for (int c = 0; c < 4; c++) {
        Thread client =
            new Thread(
                () -> {
                  while (running.get()) {
                    try {
                      HttpResponse<String> response =
                          server.get(
                              "/properties?limit=" + LISTINGS + "&sort=listprice", KEY, SECRET);
                      requests.incrementAndGet();
                      if (response.statusCode() != 200) {
                        failures.add("status " + response.statusCode() + ": " + response.body());
                        continue;
                      }
                      JsonNode page = JSON.readTree(response.body());
                      Set<String> generations = new java.util.HashSet<>();
                      page.forEach(l -> generations.add(l.get("remarks").asText()));
                      if (page.size() != LISTINGS || generations.size() != 1) {
                        failures.add("mixed or short page: " + page.size() + " " + generations);
                        continue;
                      }
                      int g = Integer.parseInt(generations.iterator().next().substring(4));
                      String lastUpdate =
                          response.headers().firstValue("X-Service-LastUpdate").orElse("");
                      if (!lastUpdate.equals(refreshOf(g).toString())) {
                        failures.add("gen " + g + " served with LastUpdate " + lastUpdate);
                      }
                      seen.add(g);
                    } catch (Exception e) {
                      failures.add(e.toString());
                    }
                  }
                });
        client.start();
        clients.add(client);
      }
      for (int g = 1; g <= 5; g++) {
        Thread.sleep(300);
        publish(dataDir, g);
      }
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (!seen.contains(5) && System.nanoTime() < deadline) {
        Thread.sleep(50);
      }
      running.set(false);
      for (Thread client : clients) {
        client.join(10_000);
      }
      assertEquals(List.of(), failures.subList(0, Math.min(5, failures.size())));
      assertTrue(seen.contains(5), "the last generation was served within the deadline: " + seen);
      assertTrue(seen.size() >= 3, "several generations were served under load: " + seen);
      assertTrue(requests.get() > 50, "clients kept querying: " + requests.get());
    }
  }

  @Test
  void aVendorWhoseFirstIndexAppearsLaterIsServedWithoutARestart() throws Exception {
    Path dataDir = dir.resolve("late-data");
    Files.createDirectories(dataDir);
    Accounts accounts = FixtureServer.oneKey("swap", KEY, SECRET);
    try (FixtureServer server = new FixtureServer(dataDir, accounts, ServerConfig.loopback(0))) {
      HttpResponse<String> before = server.get("/properties", KEY, SECRET);
      assertEquals(503, before.statusCode());
      assertEquals(
          "vendor swap has no index yet", JSON.readTree(before.body()).get("message").asText());
      publish(dataDir, 7);
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
      HttpResponse<String> after;
      do {
        Thread.sleep(50);
        after = server.get("/properties?limit=1", KEY, SECRET);
      } while (after.statusCode() == 503 && System.nanoTime() < deadline);
      assertEquals(200, after.statusCode());
      assertEquals(
          refreshOf(7).toString(),
          after.headers().firstValue("X-Service-LastUpdate").orElseThrow());
    }
  }
}

package io.keybox.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.keybox.server.auth.Account;
import io.keybox.server.auth.Accounts;
import io.keybox.server.auth.RateLimit;
import io.keybox.server.auth.SecretHash;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A flood of wrong secrets with the real slow hash (PBKDF2, 600,000 iterations), from many
 * addresses at once (behind a proxy, so X-Forwarded-For varies and the per-address budget does not
 * stop it), while a website with verified credentials keeps querying: the website is still
 * answered, promptly.
 */
class CredentialFloodHttpTest {
  private static final int FLOODERS = 8;
  private static final Duration FLOOD = Duration.ofSeconds(3);

  @TempDir Path dataDir;

  @Test
  void wrongSecretsFromEverywhereDoNotStarveVerifiedKeys() throws Exception {
    FixtureServer.index(dataDir, "fixture", "basic");
    long hashStart = System.nanoTime();
    SecretHash slowHash = SecretHash.create("right"); // the production iteration count
    double hashMillis = (System.nanoTime() - hashStart) / 1e6;
    Account site =
        new Account(
            "site", List.of("fixture"), java.util.Set.of(), new RateLimit(1000, 1000), slowHash);
    ServerConfig behindProxy =
        new ServerConfig("127.0.0.1", 0, Optional.empty(), 10_000, true, List.of());
    try (FixtureServer server =
        new FixtureServer(dataDir, Accounts.of(List.of(site)), behindProxy)) {
      assertEquals(200, server.get("/properties?limit=1", "site", "right").statusCode()); // cached

      HttpClient client = HttpClient.newHttpClient();
      Map<Integer, AtomicInteger> floodStatuses = new ConcurrentHashMap<>();
      long end = System.nanoTime() + FLOOD.toNanos();
      ExecutorService pool = Executors.newFixedThreadPool(FLOODERS + 1);
      List<Future<?>> flooders = new ArrayList<>();
      for (int t = 0; t < FLOODERS; t++) {
        int thread = t;
        flooders.add(
            pool.submit(
                () -> {
                  int i = 0;
                  while (System.nanoTime() < end) {
                    HttpRequest guess =
                        HttpRequest.newBuilder(server.uri("/properties"))
                            .header("Authorization", basic("site", "guess-" + thread + "-" + i))
                            .header("X-Forwarded-For", address(thread, i++))
                            .build();
                    int status =
                        client.send(guess, HttpResponse.BodyHandlers.discarding()).statusCode();
                    floodStatuses
                        .computeIfAbsent(status, s -> new AtomicInteger())
                        .incrementAndGet();
                  }
                  return null;
                }));
      }
      List<Long> siteMillis = Collections.synchronizedList(new ArrayList<>());
      List<Integer> siteStatuses = Collections.synchronizedList(new ArrayList<>());
      Future<?> website =
          pool.submit(
              () -> {
                Thread.sleep(200); // the flood is under way
                while (System.nanoTime() < end) {
                  long start = System.nanoTime();
                  siteStatuses.add(server.get("/properties?limit=5", "site", "right").statusCode());
                  siteMillis.add((System.nanoTime() - start) / 1_000_000);
                  Thread.sleep(20);
                }
                return null;
              });
      website.get(30, TimeUnit.SECONDS);
      for (Future<?> flooder : flooders) {
        flooder.get(30, TimeUnit.SECONDS);
      }
      pool.shutdown();

      List<Long> sorted = new ArrayList<>(siteMillis);
      Collections.sort(sorted);
      long median = sorted.get(sorted.size() / 2);
      long p90 = sorted.get(sorted.size() * 9 / 10);
      System.out.printf(
          "credential flood: one hash %.0f ms; %d flooders for %d s: %s; website: %d requests,"
              + " statuses %s, median %d ms, p90 %d ms, max %d ms%n",
          hashMillis,
          FLOODERS,
          FLOOD.toSeconds(),
          new TreeMap<>(floodStatuses),
          sorted.size(),
          new TreeMap<>(count(siteStatuses)),
          median,
          p90,
          sorted.get(sorted.size() - 1));
      assertTrue(siteStatuses.stream().allMatch(s -> s == 200), "website: " + siteStatuses);
      assertTrue(sorted.size() >= 10, "the website got through " + sorted.size() + " times");
      assertTrue(median < 150, "website median " + median + " ms");
      assertTrue(
          floodStatuses.keySet().stream().allMatch(s -> s == 401 || s == 503),
          floodStatuses.toString());
    }
  }

  private static Map<Integer, Integer> count(List<Integer> statuses) {
    Map<Integer, Integer> counts = new TreeMap<>();
    synchronized (statuses) {
      statuses.forEach(s -> counts.merge(s, 1, Integer::sum));
    }
    return counts;
  }

  /**
   * A new address for every guess ({@code 10.thread.high.low}), so no address ever spends its
   * failed-login budget: the per-address throttle, which would answer 429, never comes into play
   * and only the cap on concurrent slow hashes stands between the flood and the website.
   */
  private static String address(int thread, int guess) {
    return "10." + thread + "." + (guess / 250 % 250) + "." + (guess % 250);
  }

  private static String basic(String key, String secret) {
    return "Basic "
        + Base64.getEncoder().encodeToString((key + ":" + secret).getBytes(StandardCharsets.UTF_8));
  }
}

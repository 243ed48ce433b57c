package io.keybox.server.http;

import static io.keybox.server.http.FixtureServer.json;
import static io.keybox.server.http.FixtureServer.mlsIds;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.keybox.server.auth.Account;
import io.keybox.server.auth.Accounts;
import io.keybox.server.index.Lease;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The response cache over the basic fixture (data/README.md): a repeated request is answered from
 * it with the same bytes, per snapshot, per everything that changes the bytes; {@code
 * --response-cache 0} keeps nothing. The expected answers are the README's.
 */
class ResponseCacheHttpTest {
  private static final String KEY = "cache-key";
  private static final String SECRET = "cache-secret";
  private static final String OTHER_KEY = "other-key";

  /** The basic fixture's default search (data/README.md). */
  private static final List<Long> DEFAULT_SEARCH = List.of(102L, 104L, 109L, 103L, 101L, 108L);

  /** With {@code idx=ignore}: 110 and 112 too. */
  private static final List<Long> IDX_IGNORE =
      List.of(110L, 102L, 104L, 109L, 103L, 101L, 108L, 112L);

  private static FixtureServer server(Path dir, ServerConfig config) throws Exception {
    FixtureServer.index(dir, "fixture", "basic");
    FixtureServer.index(dir, "other", "search");
    Account key = FixtureServer.account("fixture", KEY, SECRET, FixtureServer.UNTHROTTLED);
    Account other = FixtureServer.account("other", OTHER_KEY, SECRET, FixtureServer.UNTHROTTLED);
    return new FixtureServer(dir, Accounts.of(List.of(key, other)), config);
  }

  private static FixtureServer server(Path dir) throws Exception {
    return server(dir, ServerConfig.loopback(0));
  }

  private static HttpResponse<String> get(FixtureServer server, String path) throws Exception {
    return server.get(path, KEY, SECRET);
  }

  private static HttpResponse<String> get(FixtureServer server, String path, String accept)
      throws Exception {
    return server.send(
        HttpRequest.newBuilder(server.uri(path)).header("Accept", accept), KEY, SECRET);
  }

  /** The value of the sample {@code name} (with its labels) in a scrape; 0 when absent. */
  private static double metric(FixtureServer server, String name) {
    for (String line : server.server().metrics().scrape().split("\n")) {
      if (line.startsWith(name + " ")) {
        return Double.parseDouble(line.substring(name.length() + 1).strip());
      }
    }
    return 0;
  }

  private static double hits(FixtureServer server) {
    return metric(server, "keybox_response_cache_hits_total{vendor=\"fixture\"}");
  }

  private static double misses(FixtureServer server) {
    return metric(server, "keybox_response_cache_misses_total{vendor=\"fixture\"}");
  }

  private static double entries(FixtureServer server) {
    return metric(server, "keybox_response_cache_entries");
  }

  private static double bytes(FixtureServer server) {
    return metric(server, "keybox_response_cache_bytes");
  }

  /** The response's headers but those that differ per response (request id, date). */
  private static Map<String, List<String>> headers(HttpResponse<String> response) {
    Map<String, List<String>> headers = new TreeMap<>(response.headers().map());
    headers.remove("x-request-id");
    headers.remove("date");
    return headers;
  }

  /** A raw GET with its own Host header (the client does not let a test set one). */
  private static FixtureServer.RawResponse getWithHost(
      FixtureServer server, String target, String host) throws Exception {
    String auth =
        java.util.Base64.getEncoder()
            .encodeToString((KEY + ":" + SECRET).getBytes(StandardCharsets.UTF_8));
    return server.raw(
        ("GET "
                + target
                + " HTTP/1.1\r\nHost: "
                + host
                + "\r\nAuthorization: Basic "
                + auth
                + "\r\nConnection: close\r\n\r\n")
            .getBytes(StandardCharsets.ISO_8859_1));
  }

  @Test
  void aRepeatedRequestIsAHitWithTheSameBytesAndHeaders(@TempDir Path dir) throws Exception {
    try (FixtureServer server = server(dir)) {
      HttpResponse<String> first = get(server, "/properties?count=true");
      assertEquals(200, first.statusCode(), first.body());
      assertEquals(0, hits(server));
      assertEquals(1, misses(server));
      assertEquals(1, entries(server));

      HttpResponse<String> second = get(server, "/properties?count=true");
      assertEquals(200, second.statusCode(), second.body());
      assertEquals(1, hits(server));
      assertEquals(1, misses(server));
      assertEquals(1, entries(server));
      assertEquals(first.body(), second.body());
      assertEquals(DEFAULT_SEARCH, mlsIds(second));
      assertEquals(headers(first), headers(second));
      assertEquals("6", second.headers().firstValue("X-Total-Count").orElseThrow());
      assertEquals(
          "2026-11-01T06:00:00Z",
          second.headers().firstValue("X-Service-LastUpdate").orElseThrow());
      assertFalse(
          first
              .headers()
              .firstValue("X-Request-Id")
              .equals(second.headers().firstValue("X-Request-Id")),
          "each response has its own request id");
      // The body plus 512 bytes of the entry estimate.
      assertEquals(first.body().getBytes(StandardCharsets.UTF_8).length + 512, bytes(server));
    }
  }

  @Test
  void getsAndAnalyticsAreCachedToo(@TempDir Path dir) throws Exception {
    try (FixtureServer server = server(dir)) {
      for (String path :
          List.of("/properties/104", "/properties/analytics", "/properties/104/analytics")) {
        HttpResponse<String> first = get(server, path);
        HttpResponse<String> second = get(server, path);
        assertEquals(200, second.statusCode(), path + ": " + second.body());
        assertEquals(first.body(), second.body(), path);
      }
      assertEquals(3, hits(server));
      assertEquals(3, misses(server));
      assertEquals(3, entries(server));
      assertEquals("KATY-104", json(get(server, "/properties/104")).get("listingId").asText());
    }
  }

  @Test
  void aSwapEmptiesTheOldEntriesAndServesTheNewIndex(@TempDir Path dir) throws Exception {
    try (FixtureServer server = server(dir)) {
      get(server, "/properties");
      get(server, "/properties/104");
      assertEquals(DEFAULT_SEARCH, mlsIds(get(server, "/properties")));
      assertEquals(2, entries(server));
      assertEquals(1, hits(server));

      // Told when the served snapshot's reader closes: after the cache's own listener (Lucene
      // calls them in the order they were added), once the swap and the last lease let go of it.
      CountDownLatch oldReaderClosed = new CountDownLatch(1);
      try (Lease lease = server.indexes().lease("fixture")) {
        lease
            .snapshot()
            .reader()
            .getReaderCacheHelper()
            .addClosedListener(key -> oldReaderClosed.countDown());
      }

      // The vendor's index rebuilt from the search fixture (38 listings, mlsIds 201-238).
      FixtureServer.index(dir, "fixture", "search");
      server.indexes().refresh();
      assertTrue(oldReaderClosed.await(30, TimeUnit.SECONDS), "the old reader did not close");
      // The scrape removes what the cleaner has not yet.
      assertEquals(0, entries(server), "the old snapshot's entries are gone");
      assertEquals(0, bytes(server));

      HttpResponse<String> after = get(server, "/properties");
      assertEquals(
          List.of(
              201L, 202L, 203L, 204L, 205L, 206L, 207L, 208L, 209L, 210L, 211L, 212L, 213L, 214L,
              215L, 216L, 217L, 218L, 219L, 238L),
          mlsIds(after));
      assertEquals(1, hits(server), "a miss: the new snapshot has no entries");
      assertEquals(3, misses(server));
      assertEquals(404, get(server, "/properties/104").statusCode());
      assertEquals(1, entries(server));
    }
  }

  @Test
  void requestsThatDifferInRulesVendorOrIncludeNeverShareAnEntry(@TempDir Path dir)
      throws Exception {
    try (FixtureServer server = server(dir)) {
      for (int round = 0; round < 2; round++) {
        assertEquals(DEFAULT_SEARCH, mlsIds(get(server, "/properties")));
        assertEquals(IDX_IGNORE, mlsIds(get(server, "/properties?idx=ignore")));
        // Another key, another vendor: the search fixture's default page (data/README.md).
        List<Long> other = mlsIds(server.get("/properties?limit=3", OTHER_KEY, SECRET));
        assertEquals(List.of(201L, 202L, 203L), other);
        assertFalse(json(get(server, "/properties/104")).at("/property").has("rooms"));
        assertEquals(
            "Bedroom",
            json(get(server, "/properties/104?include=rooms"))
                .at("/property/rooms/0/type")
                .asText());
        assertEquals(404, get(server, "/properties/110").statusCode());
        assertEquals(
            "HOU-110", json(get(server, "/properties/110?idx=ignore")).get("listingId").asText());
      }
      assertEquals(5, hits(server), "the second round: every 200 of vendor fixture");
      assertEquals(
          1, metric(server, "keybox_response_cache_hits_total{vendor=\"other\"}"), "vendor other");
    }
  }

  @Test
  void parametersAreNormalisedAndTheLinksStayTheRequestsOwn(@TempDir Path dir) throws Exception {
    try (FixtureServer server = server(dir)) {
      HttpResponse<String> first = get(server, "/properties?limit=2&minprice=100000");
      HttpResponse<String> reordered = get(server, "/properties?minprice=100000&limit=2");
      assertEquals(List.of(102L, 104L), mlsIds(first));
      assertEquals(first.body(), reordered.body());
      assertEquals(1, hits(server), "the same request in another order");
      assertEquals(
          "<http://127.0.0.1:"
              + server.port()
              + "/properties?limit=2&minprice=100000&offset=2>; rel=\"next\"",
          first.headers().firstValue("Link").orElseThrow());
      assertEquals(
          "<http://127.0.0.1:"
              + server.port()
              + "/properties?minprice=100000&limit=2&offset=2>; rel=\"next\"",
          reordered.headers().firstValue("Link").orElseThrow());

      // Defaults made explicit: limit 20 is the default; include's order does not matter.
      get(server, "/properties");
      get(server, "/properties?limit=20");
      get(server, "/properties/104?include=rooms&include=compliance");
      get(server, "/properties/104?include=compliance&include=rooms");
      assertEquals(3, hits(server));
      assertEquals(3, misses(server));
    }
  }

  @Test
  void theLinksOfAHitCarryItsOwnHost(@TempDir Path dir) throws Exception {
    // Photo URLs are made from the media base, here --media-base-url: the same for every host, so
    // the second host's request is a hit, and only its Link header is its own.
    ServerConfig config =
        ServerConfig.loopback(0)
            .withPhotos(new PhotoServing(1600, Optional.of("https://cdn.example")));
    try (FixtureServer server = server(dir, config)) {
      FixtureServer.RawResponse a = getWithHost(server, "/properties?limit=2", "a.example");
      FixtureServer.RawResponse b = getWithHost(server, "/properties?limit=2", "b.example:8443");
      assertEquals(200, b.status(), b.body());
      assertEquals(1, hits(server));
      assertEquals(a.body(), b.body());
      assertEquals(
          "<http://a.example/properties?limit=2&offset=2>; rel=\"next\"",
          a.header("Link").orElseThrow());
      assertEquals(
          "<http://b.example:8443/properties?limit=2&offset=2>; rel=\"next\"",
          b.header("Link").orElseThrow());
    }
  }

  @Test
  void withoutAMediaBaseEachHostHasItsOwnEntry(@TempDir Path dir) throws Exception {
    // Mirrored photos' URLs name the request's own host then: a reply cached for one host must
    // not be served to another.
    try (FixtureServer server = server(dir)) {
      getWithHost(server, "/properties?limit=2", "a.example");
      getWithHost(server, "/properties?limit=2", "b.example:8443");
      getWithHost(server, "/properties?limit=2", "a.example");
      assertEquals(1, hits(server));
      assertEquals(2, misses(server));
    }
  }

  @Test
  void eachMediaTypeHasItsOwnEntry(@TempDir Path dir) throws Exception {
    try (FixtureServer server = server(dir)) {
      String vendorType = "application/vnd.service-v0.1+json";
      for (int round = 0; round < 2; round++) {
        assertEquals(
            "application/json; charset=utf-8",
            get(server, "/properties/104", "application/json")
                .headers()
                .firstValue("Content-Type")
                .orElseThrow());
        assertEquals(
            vendorType + "; charset=utf-8",
            get(server, "/properties/104", vendorType)
                .headers()
                .firstValue("Content-Type")
                .orElseThrow());
      }
      assertEquals(2, hits(server));
      assertEquals(2, misses(server));
      assertEquals(2, entries(server));
    }
  }

  @Test
  void errorsAreNeverCached(@TempDir Path dir) throws Exception {
    try (FixtureServer server = server(dir)) {
      for (int i = 0; i < 2; i++) {
        assertEquals(404, get(server, "/properties/999").statusCode());
        assertEquals(400, get(server, "/properties?offset=6").statusCode());
      }
      assertEquals(0, hits(server));
      assertEquals(0, entries(server));
    }
  }

  @Test
  void sizeZeroKeepsNothing(@TempDir Path dir) throws Exception {
    try (FixtureServer server = server(dir, ServerConfig.loopback(0).withResponseCache(0))) {
      for (int i = 0; i < 3; i++) {
        HttpResponse<String> response = get(server, "/properties?count=true");
        assertEquals(DEFAULT_SEARCH, mlsIds(response));
        assertEquals("6", response.headers().firstValue("X-Total-Count").orElseThrow());
      }
      assertEquals(0, hits(server));
      assertEquals(0, misses(server));
      assertEquals(0, entries(server));
      assertEquals(0, bytes(server));
    }
  }

  @Test
  void concurrentIdenticalRequestsAllGetTheWholeBody(@TempDir Path dir) throws Exception {
    int clients = 16;
    // Every client processed at once, none refused by admission (503) on a busy machine.
    Limits limits =
        new Limits(
            clients,
            clients,
            Duration.ofSeconds(60),
            Limits.DEFAULT_IDLE_TIMEOUT,
            Limits.DEFAULT_REQUEST_TIMEOUT,
            Limits.DEFAULT_MAX_URL_LENGTH,
            Limits.DEFAULT_MAX_HEADERS);
    try (FixtureServer server = server(dir, ServerConfig.loopback(0).withLimits(limits))) {
      // Signs the key in first (its credentials cached): concurrent first logins are throttled.
      assertEquals(200, get(server, "/properties/104").statusCode());
      ExecutorService pool = Executors.newFixedThreadPool(clients);
      try {
        for (int round = 0; round < 3; round++) {
          CountDownLatch start = new CountDownLatch(1);
          List<Future<HttpResponse<String>>> responses = new ArrayList<>();
          for (int i = 0; i < clients; i++) {
            responses.add(
                pool.submit(
                    () -> {
                      start.await();
                      return get(server, "/properties?idx=ignore&count=true");
                    }));
          }
          start.countDown();
          for (Future<HttpResponse<String>> response : responses) {
            assertEquals(200, response.get().statusCode(), response.get().body());
            assertEquals(IDX_IGNORE, mlsIds(response.get()));
            assertEquals("8", response.get().headers().firstValue("X-Total-Count").orElseThrow());
          }
        }
      } finally {
        pool.shutdownNow();
      }
      assertEquals(1 + 3 * 16, hits(server) + misses(server));
      assertTrue(hits(server) >= 2 * 16, "the later rounds are hits");
      assertEquals(2, entries(server));
    }
  }
}

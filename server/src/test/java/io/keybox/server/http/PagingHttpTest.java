package io.keybox.server.http;

import static io.keybox.server.http.FixtureServer.json;
import static io.keybox.server.http.FixtureServer.mlsIds;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The protocol around results (API.md §4, §7 "Link header"): paging by following links in offset
 * and cursor modes, counts, paging errors, media types, gzip and CORS, over data/fixtures/basic.
 */
class PagingHttpTest {
  private static final String KEY = "tester";
  private static final String SECRET = "s3cret";

  /** Every status and type of the fixture, display rules off: all 12 listings match. */
  private static final String ALL =
      "status=Active&status=Pending&status=Closed&type=residential&type=rental&type=land"
          + "&type=multifamily&idx=ignore";

  private static final Pattern LINK = Pattern.compile("<([^>]*)>; rel=\"(prev|next)\"");

  @RegisterExtension
  static final FixtureServer server =
      serving(
          new ServerConfig(
              "127.0.0.1", 0, Optional.empty(), 10_000, false, List.of("https://idx.example")));

  @RegisterExtension
  static final FixtureServer narrow =
      serving(
          new ServerConfig(
              "127.0.0.1", 0, Optional.of("https://api.example.com/"), 4, false, List.of()));

  /**
   * A per-class server over the basic fixture with the one test key, configured by {@code config}.
   */
  private static FixtureServer serving(ServerConfig config) {
    return FixtureServer.perClassOnBasic(
        dataDir ->
            new FixtureServer(dataDir, FixtureServer.oneKey("fixture", KEY, SECRET), config));
  }

  private static HttpResponse<String> get(String pathAndQuery) throws Exception {
    return server.get(pathAndQuery, KEY, SECRET);
  }

  private static Map<String, String> links(HttpResponse<String> response) {
    Map<String, String> links = new HashMap<>();
    response
        .headers()
        .firstValue("Link")
        .ifPresent(
            header -> {
              Matcher m = LINK.matcher(header);
              while (m.find()) {
                links.put(m.group(2), m.group(1));
              }
            });
    return links;
  }

  private static HttpResponse<String> follow(String absoluteUrl) throws Exception {
    URI uri = URI.create(absoluteUrl);
    return get(uri.getRawPath() + "?" + uri.getRawQuery());
  }

  /** Follows {@code rel} links from {@code first}; returns the ids of every page, page by page. */
  private static List<List<Long>> walk(HttpResponse<String> first, String rel) throws Exception {
    List<List<Long>> pages = new ArrayList<>();
    HttpResponse<String> page = first;
    while (true) {
      assertEquals(200, page.statusCode(), page.body());
      pages.add(mlsIds(page));
      String next = links(page).get(rel);
      if (next == null) {
        return pages;
      }
      assertTrue(pages.size() < 20, "runaway paging");
      page = follow(next);
    }
  }

  private static List<Long> flatten(List<List<Long>> pages) {
    List<Long> all = new ArrayList<>();
    pages.forEach(all::addAll);
    return all;
  }

  @Test
  void offsetPagingByNextLinksGivesTheWholeResultOnceThenPrevWalksBack() throws Exception {
    List<Long> whole = mlsIds(get("/properties?" + ALL + "&limit=500"));
    // -modified order: 111 (10-09), 110, 106, 105, 102, 104, 109 (tie by id), 103, 107, 101, 108,
    // 112.
    assertEquals(
        List.of(111L, 110L, 106L, 105L, 102L, 104L, 109L, 103L, 107L, 101L, 108L, 112L), whole);
    List<List<Long>> forward = walk(get("/properties?" + ALL + "&limit=5"), "next");
    assertEquals(3, forward.size());
    assertEquals(whole, flatten(forward));
    HttpResponse<String> last = get("/properties?" + ALL + "&limit=5&offset=10");
    List<List<Long>> backward = walk(last, "prev");
    assertEquals(List.of(forward.get(2), forward.get(1), forward.get(0)), backward);
  }

  @Test
  void cursorPagingByNextLinksGivesTheWholeResultOnceThenPrevWalksBack() throws Exception {
    List<Long> byId =
        List.of(101L, 102L, 103L, 104L, 105L, 106L, 107L, 108L, 109L, 110L, 111L, 112L);
    List<List<Long>> forward =
        walk(get("/properties?" + ALL + "&lastId=0&limit=5&sort=listprice"), "next");
    assertEquals(
        List.of(
            List.of(101L, 102L, 103L, 104L, 105L),
            List.of(106L, 107L, 108L, 109L, 110L),
            List.of(111L, 112L)),
        forward);
    assertEquals(byId, flatten(forward));
    HttpResponse<String> last = get("/properties?" + ALL + "&lastId=110&limit=5");
    assertEquals(List.of(111L, 112L), mlsIds(last));
    assertEquals(List.of(forward.get(2), forward.get(1), forward.get(0)), walk(last, "prev"));
    assertTrue(links(get("/properties?" + ALL + "&lastId=0&limit=5")).get("prev") == null);
  }

  @Test
  void linksKeepEveryParameterInOrderAndSpellingAndReplaceOnlyPaging() throws Exception {
    // Houston or Katy under the defaults: 102, 104, 103, 101, 108.
    HttpResponse<String> first =
        get("/properties?grid_view=1&cities=Houston&limit=2&cities=Katy&x=a%20b&limit=9");
    assertEquals(List.of(102L, 104L), mlsIds(first));
    String base = "http://127.0.0.1:" + server.port();
    assertEquals(
        "<"
            + base
            + "/properties?grid_view=1&cities=Houston&limit=2&cities=Katy&x=a%20b&offset=2>;"
            + " rel=\"next\"",
        first.headers().firstValue("Link").orElseThrow());
    HttpResponse<String> middle =
        get("/properties?offset=2&grid_view=1&cities=Houston&cities=Katy&limit=2");
    assertEquals(
        "<"
            + base
            + "/properties?offset=0&grid_view=1&cities=Houston&cities=Katy&limit=2>; rel=\"prev\", "
            + "<"
            + base
            + "/properties?offset=4&grid_view=1&cities=Houston&cities=Katy&limit=2>; rel=\"next\"",
        middle.headers().firstValue("Link").orElseThrow());
    HttpResponse<String> lastPage = get("/properties?cities=Houston&cities=Katy&limit=2&offset=4");
    assertEquals(List.of(108L), mlsIds(lastPage));
    assertFalse(links(lastPage).containsKey("next"));
  }

  @Test
  void aConfiguredBaseUrlBuildsTheLinks() throws Exception {
    HttpResponse<String> response = narrow.get("/properties?limit=2", KEY, SECRET);
    assertEquals(
        "<https://api.example.com/properties?limit=2&offset=2>; rel=\"next\"",
        response.headers().firstValue("Link").orElseThrow());
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "/properties?count=true | 6",
        "/properties?count=true&limit=1 | 6",
        "/properties?count=true&cities=Houston | 4",
        "/properties?count=true&status=Pending | 1",
        "/properties?count=true&ALL | 12",
        "/properties?count=true&lastId=105&ALL | 12",
      })
  void totalCountIsTheExactNumberOfMatches(String pathAndQuery, String total) throws Exception {
    HttpResponse<String> response = get(pathAndQuery.replace("ALL", ALL));
    assertEquals(total, response.headers().firstValue("X-Total-Count").orElseThrow());
  }

  @ParameterizedTest
  @ValueSource(strings = {"/properties", "/properties?count=false", "/properties?count=yes"})
  void noTotalCountWithoutCountTrue(String pathAndQuery) throws Exception {
    assertTrue(get(pathAndQuery).headers().firstValue("X-Total-Count").isEmpty());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "/properties?limit=0 | limit: invalid value '0'; allowed: a whole number 1..500",
        "/properties?limit=501 | limit: invalid value '501'; allowed: a whole number 1..500",
        "/properties?offset=-1 | offset: invalid value '-1'; allowed: a whole number >= 0",
        "/properties?offset=6 | offset too high: offset 6 is at or past the number of matches",
        "/properties?lastId=-5 | lastId: invalid value '-5'; allowed: a whole number 0..9223372036854775807",
      })
  void pagingErrors(String pathAndQuery, String message) throws Exception {
    HttpResponse<String> response = get(pathAndQuery);
    assertEquals(400, response.statusCode());
    assertEquals(message, json(response).get("message").asText());
  }

  @Test
  void offsetsPastTheWindowPointToLastId() throws Exception {
    HttpResponse<String> response = narrow.get("/properties?offset=5", KEY, SECRET);
    assertEquals(400, response.statusCode());
    assertEquals(
        "offset too high: 5 is past the paging window of 4; page deeper with lastId"
            + " (lastId=0 starts from the beginning)",
        json(response).get("message").asText());
    assertEquals(200, narrow.get("/properties?offset=4&limit=1", KEY, SECRET).statusCode());
  }

  @ParameterizedTest(name = "Accept: {0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "application/vnd.service-v0.1+json | application/vnd.service-v0.1+json; charset=utf-8",
        "application/json | application/json; charset=utf-8",
        "*/* | application/json; charset=utf-8",
        "text/html | application/json; charset=utf-8",
        "application/json;q=0.5, application/vnd.service-v0.1+json;q=0.9 | application/vnd.service-v0.1+json; charset=utf-8",
        "application/vnd.service-v0.1+json;q=0.2, application/json | application/json; charset=utf-8",
        // The most specific matching range gives each type its quality.
        "application/*;q=0.9, application/vnd.service-v0.1+json;q=0.5 | application/json; charset=utf-8",
        "application/json;q=0.5, */*;q=0.9 | application/vnd.service-v0.1+json; charset=utf-8",
        "application/*;q=0, application/vnd.service-v0.1+json | application/vnd.service-v0.1+json; charset=utf-8",
        "text/html, */*;q=0.8 | application/json; charset=utf-8",
        "application/json;Q=0.1, application/vnd.service-v0.1+json;Q=0.9 | application/vnd.service-v0.1+json; charset=utf-8",
      })
  void contentTypeFollowsAccept(String accept, String contentType) throws Exception {
    for (String path : List.of("/properties?limit=1", "/properties?minprice=x")) {
      HttpResponse<String> response =
          server.send(
              HttpRequest.newBuilder(server.uri(path)).header("Accept", accept), KEY, SECRET);
      assertEquals(contentType, response.headers().firstValue("Content-Type").orElseThrow(), path);
      assertEquals(
          "vnd.service-v0.1", response.headers().firstValue("X-Service-Media-Type").orElseThrow());
    }
  }

  @Test
  void severalAcceptLinesAreOneList() throws Exception {
    HttpResponse<String> response =
        server.send(
            HttpRequest.newBuilder(server.uri("/properties?limit=1"))
                .header("Accept", "application/json;q=0.1")
                .header("Accept", "application/vnd.service-v0.1+json"),
            KEY,
            SECRET);
    assertEquals(
        "application/vnd.service-v0.1+json; charset=utf-8",
        response.headers().firstValue("Content-Type").orElseThrow());
  }

  @ParameterizedTest(name = "Accept-Encoding: {0}")
  @ValueSource(strings = {"gzip", "GZIP", "x-gzip", "*", "deflate, Gzip;q=0.5", "br, *;q=0.1"})
  void gzipWhenAccepted(String acceptEncoding) throws Exception {
    HttpResponse<byte[]> response =
        java.net.http.HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(server.uri("/properties"))
                    .header("Accept-Encoding", acceptEncoding)
                    .header(
                        "Authorization",
                        "Basic "
                            + java.util.Base64.getEncoder()
                                .encodeToString(
                                    (KEY + ":" + SECRET).getBytes(StandardCharsets.UTF_8)))
                    .build(),
                HttpResponse.BodyHandlers.ofByteArray());
    assertEquals("gzip", response.headers().firstValue("Content-Encoding").orElseThrow());
    assertTrue(response.headers().firstValue("Vary").orElseThrow().contains("Accept-Encoding"));
    String body;
    try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(response.body()))) {
      body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    assertTrue(body.startsWith("[{\"mlsId\":102,"), body.substring(0, 40));
  }

  @ParameterizedTest(name = "Accept-Encoding: {0}")
  @ValueSource(strings = {"identity", "gzip;q=0", "*;q=0", "br", "gzip;q=0, *", "GZIP;Q=0"})
  void plainWhenGzipIsNotAccepted(String acceptEncoding) throws Exception {
    HttpResponse<String> response =
        server.send(
            HttpRequest.newBuilder(server.uri("/properties"))
                .header("Accept-Encoding", acceptEncoding),
            KEY,
            SECRET);
    assertEquals(200, response.statusCode());
    assertEquals(
        Optional.empty(), response.headers().firstValue("Content-Encoding"), acceptEncoding);
    assertTrue(response.body().startsWith("[{\"mlsId\":102,"));
  }

  @Test
  void preflightIsAnsweredWithoutCredentialsOtherOptionsNeedThem() throws Exception {
    HttpResponse<String> allowed = server.preflight("/properties", "https://idx.example");
    assertEquals(204, allowed.statusCode());
    assertEquals(
        "https://idx.example",
        allowed.headers().firstValue("Access-Control-Allow-Origin").orElseThrow());
    assertEquals(
        "GET, OPTIONS", allowed.headers().firstValue("Access-Control-Allow-Methods").orElseThrow());
    assertTrue(
        allowed
            .headers()
            .firstValue("Access-Control-Allow-Headers")
            .orElseThrow()
            .contains("Authorization"));

    HttpResponse<String> other = server.preflight("/properties", "https://evil.example");
    assertEquals(204, other.statusCode());
    assertTrue(other.headers().firstValue("Access-Control-Allow-Origin").isEmpty());

    HttpResponse<String> metadata =
        server.send(
            HttpRequest.newBuilder(server.uri("/properties"))
                .method("OPTIONS", HttpRequest.BodyPublishers.noBody())
                .header("Origin", "https://idx.example"),
            null,
            null);
    assertEquals(401, metadata.statusCode(), "a non-preflight OPTIONS is a metadata request");

    HttpResponse<String> data =
        server.send(
            HttpRequest.newBuilder(server.uri("/properties?limit=1"))
                .header("Origin", "https://idx.example"),
            KEY,
            SECRET);
    assertEquals(
        "https://idx.example",
        data.headers().firstValue("Access-Control-Allow-Origin").orElseThrow());
    assertTrue(
        data.headers().firstValue("Access-Control-Expose-Headers").orElseThrow().contains("Link"));
    HttpResponse<String> noCors = narrow.get("/properties?limit=1", KEY, SECRET);
    assertTrue(noCors.headers().firstValue("Access-Control-Allow-Origin").isEmpty());
  }
}

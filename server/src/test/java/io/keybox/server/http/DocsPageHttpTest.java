package io.keybox.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code /-/docs}: Swagger UI over {@code /-/openapi.json} from the jar, to anyone and without
 * credentials when the pages are on ({@code --explore}, the demo), a 404 like any unknown path when
 * they are off.
 */
class DocsPageHttpTest {
  private static final HttpClient CLIENT =
      HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();

  @RegisterExtension
  static final FixtureServer on =
      FixtureServer.perClassOnBasic(
          dataDir ->
              new FixtureServer(
                  dataDir,
                  FixtureServer.oneKey("fixture", "k", "s"),
                  io.keybox.server.http.ServerConfig.loopback(0).withPages(true)));

  @RegisterExtension
  static final FixtureServer off = FixtureServer.perClass("fixture", "basic", "k", "s");

  private static HttpResponse<String> get(FixtureServer server, String path, String method)
      throws Exception {
    return CLIENT.send(
        HttpRequest.newBuilder(server.uri(path))
            .method(method, HttpRequest.BodyPublishers.noBody())
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  /** The page at {@code path}, which redirects to {@code path/}, where the HTML page is. */
  private static HttpResponse<String> redirectedPage(String path) throws Exception {
    HttpResponse<String> redirect = get(on, path, "GET");
    assertEquals(302, redirect.statusCode());
    assertEquals(path + "/", redirect.headers().firstValue("Location").orElseThrow());
    HttpResponse<String> page = get(on, path + "/", "GET");
    assertEquals(200, page.statusCode(), page.body());
    assertTrue(page.headers().firstValue("Content-Type").orElseThrow().startsWith("text/html"));
    return page;
  }

  @Test
  void thePageLoadsSwaggerUiFromTheJarOverThisServersDocumentWithoutCredentials() throws Exception {
    HttpResponse<String> page = redirectedPage("/-/docs");
    assertTrue(page.body().contains("<div id=\"swagger-ui\"></div>"), page.body());
    assertTrue(page.body().contains("<script src=\"swagger-ui-bundle.js\"></script>"));

    HttpResponse<String> script = get(on, "/-/docs/keybox-docs.js", "GET");
    assertEquals(200, script.statusCode());
    assertTrue(script.body().contains("url: \"../openapi.json\""), script.body());

    HttpResponse<String> bundle = get(on, "/-/docs/swagger-ui-bundle.js", "GET");
    assertEquals(
        200,
        bundle.statusCode(),
        bundle.body().substring(0, Math.min(500, bundle.body().length())));
    assertTrue(bundle.body().length() > 100_000, "Swagger UI's bundle from its webjar");
    assertEquals("public, max-age=3600", bundle.headers().firstValue("Cache-Control").orElse(""));
    // Files in a jar have a modification time, not an entity tag: revalidated by date.
    String modified = bundle.headers().firstValue("Last-Modified").orElseThrow();
    HttpResponse<String> again =
        CLIENT.send(
            HttpRequest.newBuilder(on.uri("/-/docs/swagger-ui-bundle.js"))
                .header("If-Modified-Since", modified)
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertEquals(304, again.statusCode());

    assertEquals(200, get(on, "/-/docs/swagger-ui.css", "HEAD").statusCode());
    assertEquals(404, get(on, "/-/docs/nothing.js", "GET").statusCode());
    HttpResponse<String> post = get(on, "/-/docs/", "POST");
    assertEquals(405, post.statusCode());
    assertEquals("GET, HEAD", post.headers().firstValue("Allow").orElseThrow());
    // The API itself still wants credentials.
    assertEquals(401, get(on, "/properties", "GET").statusCode());
  }

  @Test
  void theExplorerLoadsLeafletAndUplotFromTheJarAndTheTilesSettings() throws Exception {
    HttpResponse<String> page = redirectedPage("/-/explore");
    assertTrue(page.body().contains("<script src=\"lib/leaflet/leaflet.js\"></script>"));
    assertTrue(page.body().contains("<script src=\"lib/uplot/uPlot.iife.min.js\"></script>"));
    assertEquals(200, get(on, "/-/explore/explore.js", "GET").statusCode());
    for (String library :
        List.of(
            "lib/leaflet/leaflet.js",
            "lib/leaflet/leaflet.css",
            "lib/leaflet/images/marker-icon.png",
            "lib/uplot/uPlot.iife.min.js",
            "lib/uplot/uPlot.min.css")) {
      assertEquals(200, get(on, "/-/explore/" + library, "HEAD").statusCode(), library);
    }

    HttpResponse<String> tiles = get(on, "/-/explore/tiles.json", "GET");
    assertEquals(200, tiles.statusCode());
    assertEquals("application/json", tiles.headers().firstValue("Content-Type").orElseThrow());
    JsonNode settings = new ObjectMapper().readTree(tiles.body());
    assertEquals("https://tile.openstreetmap.org/{z}/{x}/{y}.png", settings.get("url").asText());
    assertTrue(settings.get("attribution").asText().contains("OpenStreetMap</a> contributors"));
    assertEquals(405, get(on, "/-/explore/tiles.json", "POST").statusCode());
  }

  @Test
  void withThePagesOffTheDocsAreNotThere() throws Exception {
    assertEquals(404, get(off, "/-/docs/", "GET").statusCode());
    assertEquals(404, get(off, "/-/docs/swagger-ui-bundle.js", "GET").statusCode());
    assertEquals(404, get(off, "/-/explore/", "GET").statusCode());
    assertEquals(404, get(off, "/-/explore/tiles.json", "GET").statusCode());
  }
}

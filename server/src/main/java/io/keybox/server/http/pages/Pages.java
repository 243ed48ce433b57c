package io.keybox.server.http.pages;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.server.handlers.PathHandler;
import io.undertow.server.handlers.resource.ClassPathResourceManager;
import io.undertow.server.handlers.resource.ResourceHandler;
import io.undertow.util.Headers;
import io.undertow.util.StatusCodes;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.Properties;

/**
 * Serves the pages for people: {@code /-/docs} (our page and script, {@code keybox/docs/} in the
 * jar, over Swagger UI's webjar) and {@code /-/explore} (our page, {@code keybox/explore/}, with
 * Leaflet's and uPlot's webjars under {@code lib/} and the map tiles' settings as {@code
 * tiles.json}), through Undertow's own {@link ResourceHandler} (ETag, Last-Modified, 304, HEAD,
 * ranges). A page's bare path redirects to the path with a slash; any other method than GET or HEAD
 * is a 405. Every other path goes on to {@code next}.
 *
 * <pre>
 * HttpHandler handler = Pages.wrap(config.pages(), config.tiles(), gate);   // in front of the ops gate
 * </pre>
 */
public final class Pages {
  /** The reference's path. */
  public static final String DOCS = "/-/docs";

  /** The map's path. */
  public static final String EXPLORE = "/-/explore";

  private static final String WEBJARS = "META-INF/resources/webjars/";
  // An hour: the files' names carry no version, and a new release may bring new libraries.
  private static final int CACHE_SECONDS = 3600;

  private Pages() {}

  /**
   * {@code next}, with the pages in front of it when {@code on}.
   *
   * @param tiles the map background {@code /-/explore} shows
   * @throws IllegalStateException when the pages are on and a library's webjar is not on the class
   *     path (a broken build)
   */
  public static HttpHandler wrap(boolean on, MapTiles tiles, HttpHandler next) {
    if (!on) {
      return next;
    }
    ClassLoader loader = Pages.class.getClassLoader();
    HttpHandler docs =
        files(loader, "keybox/docs/", webjar(loader, "org.webjars", "swagger-ui", ""));
    byte[] tileSettings =
        json(Map.of("url", tiles.urlTemplate(), "attribution", tiles.attribution()));
    HttpHandler explore =
        new PathHandler(files(loader, "keybox/explore/", null))
            .addPrefixPath("/lib/leaflet", webjar(loader, "org.webjars.npm", "leaflet", "dist/"))
            .addPrefixPath("/lib/uplot", webjar(loader, "org.webjars.npm", "uplot", "dist/"))
            .addExactPath(
                "/tiles.json",
                exchange -> {
                  exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, "application/json");
                  exchange.getResponseSender().send(ByteBuffer.wrap(tileSettings));
                });
    return new PathHandler(next)
        .addPrefixPath(DOCS, exchange -> page(DOCS, exchange, docs))
        .addPrefixPath(EXPLORE, exchange -> page(EXPLORE, exchange, explore));
  }

  private static void page(String path, HttpServerExchange exchange, HttpHandler files)
      throws Exception {
    if (ReadOnlyMethods.refused(exchange)) {
      return;
    }
    if (exchange.getRelativePath().isEmpty()) {
      exchange.setStatusCode(StatusCodes.FOUND);
      exchange.getResponseHeaders().put(Headers.LOCATION, path + "/");
      exchange.getResponseSender().send(ByteBuffer.allocate(0));
      return;
    }
    files.handleRequest(exchange);
  }

  /** Our own files under {@code base}, {@code index.html} for the directory, else {@code next}. */
  private static HttpHandler files(ClassLoader loader, String base, HttpHandler next) {
    ResourceHandler own =
        next == null
            ? new ResourceHandler(new ClassPathResourceManager(loader, base))
            : new ResourceHandler(new ClassPathResourceManager(loader, base), next);
    return own.setCacheTime(CACHE_SECONDS)
        .setDirectoryListingEnabled(false)
        .setWelcomeFiles("index.html");
  }

  /** The files under {@code folder} of a webjar, whichever version the build put on the path. */
  private static HttpHandler webjar(
      ClassLoader loader, String group, String artifact, String folder) {
    String base = WEBJARS + artifact + "/" + version(loader, group, artifact) + "/" + folder;
    return new ResourceHandler(new ClassPathResourceManager(loader, base))
        .setCacheTime(CACHE_SECONDS)
        .setDirectoryListingEnabled(false);
  }

  private static String version(ClassLoader loader, String group, String artifact) {
    String file = "META-INF/maven/" + group + "/" + artifact + "/pom.properties";
    try (InputStream in = loader.getResourceAsStream(file)) {
      if (in == null) {
        throw new IllegalStateException(
            artifact + "'s webjar is missing from the class path (" + file + ")");
      }
      Properties properties = new Properties();
      properties.load(in);
      return properties.getProperty("version");
    } catch (IOException e) {
      throw new UncheckedIOException("reading " + file, e);
    }
  }

  private static byte[] json(Map<String, String> object) {
    try {
      return new ObjectMapper().writeValueAsBytes(object);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}

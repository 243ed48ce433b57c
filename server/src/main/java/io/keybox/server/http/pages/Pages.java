package io.keybox.server.http.pages;

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
import java.util.Properties;

/**
 * Serves {@code /-/docs}: our page and its script ({@code keybox/docs/} in the jar) and Swagger
 * UI's files from its webjar, through Undertow's own {@link ResourceHandler} (ETag, Last-Modified,
 * 304, HEAD, ranges). {@code /-/docs} redirects to {@code /-/docs/}; any other method than GET or
 * HEAD is a 405. Every other path goes on to {@code next}.
 *
 * <pre>
 * HttpHandler handler = Pages.wrap(config.pages(), gate);   // in front of the ops gate
 * </pre>
 */
public final class Pages {
  /** The reference's path. */
  public static final String DOCS = "/-/docs";

  private static final String OWN = "keybox/docs/";
  private static final String WEBJAR = "META-INF/resources/webjars/swagger-ui/";
  private static final String WEBJAR_VERSION =
      "META-INF/maven/org.webjars/swagger-ui/pom.properties";
  // An hour: the files' names carry no version, and a new release may bring a new Swagger UI.
  private static final int CACHE_SECONDS = 3600;

  private Pages() {}

  /**
   * {@code next}, with the pages in front of it when {@code on}.
   *
   * @throws IllegalStateException when the pages are on and Swagger UI's webjar is not on the class
   *     path (a broken build)
   */
  public static HttpHandler wrap(boolean on, HttpHandler next) {
    if (!on) {
      return next;
    }
    ClassLoader loader = Pages.class.getClassLoader();
    ResourceHandler webjar =
        new ResourceHandler(new ClassPathResourceManager(loader, WEBJAR + version(loader)))
            .setCacheTime(CACHE_SECONDS)
            .setDirectoryListingEnabled(false);
    ResourceHandler own =
        new ResourceHandler(new ClassPathResourceManager(loader, OWN), webjar)
            .setCacheTime(CACHE_SECONDS)
            .setDirectoryListingEnabled(false)
            .setWelcomeFiles("index.html");
    return new PathHandler(next).addPrefixPath(DOCS, exchange -> docs(exchange, own));
  }

  private static void docs(HttpServerExchange exchange, HttpHandler files) throws Exception {
    if (ReadOnlyMethods.refused(exchange)) {
      return;
    }
    if (exchange.getRelativePath().isEmpty()) {
      exchange.setStatusCode(StatusCodes.FOUND);
      exchange.getResponseHeaders().put(Headers.LOCATION, DOCS + "/");
      exchange.getResponseSender().send(ByteBuffer.allocate(0));
      return;
    }
    files.handleRequest(exchange);
  }

  private static String version(ClassLoader loader) {
    try (InputStream in = loader.getResourceAsStream(WEBJAR_VERSION)) {
      if (in == null) {
        throw new IllegalStateException(
            "Swagger UI's webjar is missing from the class path (" + WEBJAR_VERSION + ")");
      }
      Properties properties = new Properties();
      properties.load(in);
      return properties.getProperty("version");
    } catch (IOException e) {
      throw new UncheckedIOException("reading " + WEBJAR_VERSION, e);
    }
  }
}

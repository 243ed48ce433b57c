package io.keybox.server.http.pages;

import io.keybox.server.http.edge.RouteTemplates;
import io.keybox.server.media.PhotoLibrary;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.server.handlers.PathHandler;
import io.undertow.server.handlers.resource.PathResourceManager;
import io.undertow.server.handlers.resource.ResourceHandler;
import io.undertow.util.ETag;
import io.undertow.util.Headers;
import io.undertow.util.Methods;
import io.undertow.util.StatusCodes;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongConsumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code GET /media/{vendor}/{digest}/{width}.jpg}: a mirrored photo's variant, to anyone (browsers
 * load {@code <img>} without credentials), but only when {@link PhotoLibrary} says the vendor's
 * index shows it. The file is sent by Undertow's own resource handling (zero-copy transfer, HEAD,
 * ranges, {@code If-None-Match} → 304) with a strong ETag (the digest and width: the content never
 * changes under a name) and {@code Cache-Control: public, max-age=31536000, immutable}. Anything
 * else under {@code /media/} is a 404; methods other than GET and HEAD a 405.
 */
public final class MediaRoute {
  /** The route's prefix. */
  public static final String PREFIX = "/media";

  /** The route as the OpenAPI document and the endpoint list name it. */
  public static final String TEMPLATE = PREFIX + "/{vendor}/{digest}/{width}.jpg";

  private static final Pattern PATH =
      Pattern.compile("/([a-z0-9][a-z0-9_-]{0,63})/([0-9a-f]{40})/([0-9]{3,4})\\.jpg");
  private static final String IMMUTABLE = "public, max-age=31536000, immutable";

  private final PhotoLibrary library;
  private final LongConsumer sent;
  private final Map<String, ResourceHandler> vendors = new ConcurrentHashMap<>();

  private MediaRoute(PhotoLibrary library, LongConsumer sent) {
    this.library = library;
    this.sent = sent;
  }

  /**
   * {@code next}, with {@code /media/} answered in front of it; {@code sent} hears the bytes of
   * each photo file sent whole (the metrics).
   */
  public static HttpHandler wrap(PhotoLibrary library, LongConsumer sent, HttpHandler next) {
    MediaRoute route = new MediaRoute(library, sent);
    return new PathHandler(next).addPrefixPath(PREFIX, route::handle);
  }

  private void handle(HttpServerExchange exchange) throws Exception {
    // Counted under the route's template, never the raw path: label values must stay few.
    exchange.putAttachment(RouteTemplates.MATCHED, TEMPLATE);
    if (exchange.isInIoThread()) {
      exchange.dispatch(this::handle); // the index is read: not on an IO thread
      return;
    }
    if (ReadOnlyMethods.refused(exchange)) {
      return;
    }
    Matcher path = PATH.matcher(exchange.getRelativePath());
    Optional<String> file =
        path.matches()
            ? library.servable(path.group(1), path.group(2), Integer.parseInt(path.group(3)))
            : Optional.empty();
    if (file.isEmpty()) {
      exchange.setStatusCode(StatusCodes.NOT_FOUND);
      exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, "text/plain; charset=utf-8");
      exchange.getResponseSender().send("no such photo\n");
      return;
    }
    exchange.getResponseHeaders().put(Headers.CACHE_CONTROL, IMMUTABLE);
    exchange.addExchangeCompleteListener(
        (done, nextListener) -> {
          if (done.getStatusCode() == StatusCodes.OK
              && done.getRequestMethod().equals(Methods.GET)) {
            sent.accept(done.getResponseBytesSent());
          }
          nextListener.proceed();
        });
    exchange.setRelativePath("/" + file.get());
    vendors.computeIfAbsent(path.group(1), this::files).handleRequest(exchange);
  }

  private ResourceHandler files(String vendor) {
    Path folder = library.folder(vendor);
    return new ResourceHandler(
            PathResourceManager.builder()
                .setBase(folder)
                .setFollowLinks(false)
                .setETagFunction(MediaRoute::etag)
                .build())
        .setDirectoryListingEnabled(false)
        .setCacheTime(null);
  }

  /** {@code DIGEST-WIDTH} of {@code .../DIGEST/WIDTH.jpg}: the name says the content. */
  private static ETag etag(Path file) {
    String width = file.getFileName().toString().replace(".jpg", "");
    return new ETag(false, file.getParent().getFileName() + "-" + width);
  }
}

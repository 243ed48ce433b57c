package io.keybox.server.http;

import io.keybox.server.http.cache.ResponseCache;
import io.keybox.server.http.pages.MapTiles;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import javax.net.ssl.SSLContext;

/**
 * How the HTTP server listens.
 *
 * @param host the interface to bind
 * @param port the port; 0 picks a free one (tests)
 * @param baseUrl the public base URL for links, when not the request's own scheme and host
 * @param offsetWindow the deepest {@code offset} served; deeper pages use {@code lastId}
 * @param behindProxy a TLS proxy is in front: plain HTTP on a public interface is allowed, and
 *     {@code X-Forwarded-Proto}, {@code X-Forwarded-Host} and {@code X-Forwarded-For} are believed
 * @param corsOrigins the origins browsers may call from (exact, e.g. {@code https://a.example}, or
 *     {@code *}); empty: no CORS headers
 * @param tls the TLS context when the server terminates TLS itself (HTTPS with HTTP/2); empty:
 *     plain HTTP
 * @param limits request, connection and concurrency limits
 * @param responseCacheBytes the size of the response cache in bytes; 0 turns it off
 * @param pages serve the pages for people ({@code /-/docs}: Swagger UI over the OpenAPI document)
 *     to anyone, as {@code /-/openapi.json} is
 * @param photos how replies name mirrored photos
 * @param tiles the map background of {@code /-/explore}
 */
public record ServerConfig(
    String host,
    int port,
    Optional<String> baseUrl,
    int offsetWindow,
    boolean behindProxy,
    List<String> corsOrigins,
    Optional<SSLContext> tls,
    Limits limits,
    long responseCacheBytes,
    boolean pages,
    PhotoServing photos,
    MapTiles tiles) {
  /** The default paging window. */
  public static final int DEFAULT_OFFSET_WINDOW = 10_000;

  public ServerConfig {
    if (port < 0 || port > 65535) {
      throw new IllegalArgumentException("port must be 0..65535 (got: " + port + ")");
    }
    corsOrigins = List.copyOf(corsOrigins);
    if (offsetWindow < 0) {
      throw new IllegalArgumentException("offsetWindow must be >= 0 (got: " + offsetWindow + ")");
    }
    Objects.requireNonNull(tls, "tls");
    Objects.requireNonNull(limits, "limits");
    Objects.requireNonNull(photos, "photos");
    Objects.requireNonNull(tiles, "tiles");
    if (responseCacheBytes < 0) {
      throw new IllegalArgumentException(
          "responseCacheBytes must be >= 0 (got: " + responseCacheBytes + ")");
    }
  }

  /** Plain HTTP with the default limits. */
  public ServerConfig(
      String host,
      int port,
      Optional<String> baseUrl,
      int offsetWindow,
      boolean behindProxy,
      List<String> corsOrigins) {
    this(
        host,
        port,
        baseUrl,
        offsetWindow,
        behindProxy,
        corsOrigins,
        Optional.empty(),
        Limits.defaults(),
        ResponseCache.DEFAULT_BYTES,
        false,
        PhotoServing.DEFAULT,
        MapTiles.DEFAULT);
  }

  /** A loopback server on {@code port} with defaults (tests and the demo). */
  public static ServerConfig loopback(int port) {
    return new ServerConfig(
        "127.0.0.1", port, Optional.empty(), DEFAULT_OFFSET_WINDOW, false, List.of());
  }

  /** This configuration with the pages for people ({@code /-/docs}) on or off. */
  public ServerConfig withPages(boolean on) {
    return copy(c -> c.pages = on);
  }

  /** This configuration serving HTTPS with {@code context}. */
  public ServerConfig withTls(SSLContext context) {
    return copy(c -> c.tls = Optional.of(context));
  }

  /** This configuration with other limits. */
  public ServerConfig withLimits(Limits newLimits) {
    return copy(c -> c.limits = newLimits);
  }

  /** This configuration with a response cache of {@code bytes} (0: none). */
  public ServerConfig withResponseCache(long bytes) {
    return copy(c -> c.responseCacheBytes = bytes);
  }

  /** This configuration naming photos as {@code serving} says. */
  public ServerConfig withPhotos(PhotoServing serving) {
    return copy(c -> c.photos = serving);
  }

  /** This configuration with {@code change} made: every wither in one place. */
  private ServerConfig copy(java.util.function.Consumer<Copy> change) {
    Copy c = new Copy(this);
    change.accept(c);
    return new ServerConfig(
        host,
        port,
        baseUrl,
        offsetWindow,
        behindProxy,
        corsOrigins,
        c.tls,
        c.limits,
        c.responseCacheBytes,
        c.pages,
        c.photos,
        tiles);
  }

  /** The components a wither may change. */
  private static final class Copy {
    Optional<SSLContext> tls;
    Limits limits;
    long responseCacheBytes;
    boolean pages;
    PhotoServing photos;

    Copy(ServerConfig from) {
      tls = from.tls;
      limits = from.limits;
      responseCacheBytes = from.responseCacheBytes;
      pages = from.pages;
      photos = from.photos;
    }
  }

  /** Whether {@code host} is a loopback address (plain HTTP is safe there). */
  public boolean isLoopback() {
    return isLoopback(host);
  }

  /** Whether {@code host} is a loopback address, where plain HTTP is safe. */
  public static boolean isLoopback(String host) {
    try {
      return InetAddress.getByName(host).isLoopbackAddress();
    } catch (UnknownHostException e) {
      return false;
    }
  }

  /** The URL scheme the server speaks: {@code https} with TLS, else {@code http}. */
  public String scheme() {
    return tls.isPresent() ? "https" : "http";
  }
}

package io.keybox.server.http;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Optional;

/**
 * How the HTTP server listens.
 *
 * @param host the interface to bind
 * @param port the port; 0 picks a free one (tests)
 * @param baseUrl the public base URL for links, when not the request's own scheme and host
 * @param offsetWindow the deepest {@code offset} served; deeper pages use {@code lastId}
 * @param behindProxy plain HTTP on a public interface is allowed because a TLS proxy is in front
 * @param corsOrigins the origins browsers may call from (exact, e.g. {@code https://a.example}, or
 *     {@code *}); empty: no CORS headers
 */
public record ServerConfig(
    String host,
    int port,
    Optional<String> baseUrl,
    int offsetWindow,
    boolean behindProxy,
    List<String> corsOrigins) {
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
  }

  /** A loopback server on {@code port} with defaults (tests and the demo). */
  public static ServerConfig loopback(int port) {
    return new ServerConfig(
        "127.0.0.1", port, Optional.empty(), DEFAULT_OFFSET_WINDOW, false, List.of());
  }

  /** Whether {@code host} is a loopback address (plain HTTP is safe there). */
  public boolean isLoopback() {
    try {
      return InetAddress.getByName(host).isLoopbackAddress();
    } catch (UnknownHostException e) {
      return false;
    }
  }
}

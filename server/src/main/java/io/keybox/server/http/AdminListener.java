package io.keybox.server.http;

/**
 * Where the admin listener binds ({@code serve --admin-port}): it serves {@code /-/health}, {@code
 * /-/metrics} and {@code /-/openapi.json} without credentials and nothing else, so keep it off the
 * public network (a firewall, or a private or loopback interface).
 *
 * @param host the interface to bind
 * @param port the port; 0 picks a free one (tests)
 */
public record AdminListener(String host, int port) {
  public AdminListener {
    if (host == null || host.isBlank()) {
      throw new IllegalArgumentException("host must not be empty");
    }
    if (port < 0 || port > 65535) {
      throw new IllegalArgumentException("port must be 0..65535 (got: " + port + ")");
    }
  }
}

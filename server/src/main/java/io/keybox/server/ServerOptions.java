package io.keybox.server;

import io.keybox.server.http.Limits;
import io.keybox.server.http.ServerConfig;
import io.keybox.server.tls.TlsIdentity;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a server runs with ({@code keybox serve}, OPERATIONS.md §2): where the vendor indexes and
 * the keys file are, how it listens, and what one client may take. Plain values; {@link
 * Server#start} turns them into the HTTP layer's settings. The defaults of {@code serve}'s options
 * are the constants here.
 *
 * @param dataDir the data directory, one folder per vendor
 * @param keys the keys file, re-read when it changes
 * @param host the interface to bind
 * @param port the port; 0 picks a free one
 * @param baseUrl the public base URL of Link headers, when not the request's own
 * @param offsetWindow the deepest {@code offset} served; deeper pages use {@code lastId}
 * @param behindProxy a TLS proxy is in front: plain HTTP on any interface, X-Forwarded-* believed
 * @param corsOrigins the origins browsers may call from, or {@code *}; empty: no CORS headers
 * @param tls the certificate and key when the server speaks HTTPS itself
 * @param maxConcurrent requests processed at once
 * @param maxQueued requests that may wait for a slot
 * @param idleTimeout how long a connection may stay silent
 * @param requestTimeout the time a client has to send a request line and headers
 * @param maxUrlLength the longest request target in bytes
 * @param admin the admin listener for the operational endpoints, if any
 */
public record ServerOptions(
    Path dataDir,
    Path keys,
    String host,
    int port,
    Optional<String> baseUrl,
    int offsetWindow,
    boolean behindProxy,
    List<String> corsOrigins,
    Optional<TlsIdentity> tls,
    int maxConcurrent,
    int maxQueued,
    Duration idleTimeout,
    Duration requestTimeout,
    int maxUrlLength,
    Optional<Admin> admin) {
  public static final String DEFAULT_HOST = "127.0.0.1";
  public static final int DEFAULT_PORT = 8080;
  public static final int DEFAULT_OFFSET_WINDOW = ServerConfig.DEFAULT_OFFSET_WINDOW;

  /** Twice the cores, at least 4. */
  public static final int DEFAULT_MAX_CONCURRENT = Limits.DEFAULT_MAX_CONCURRENT;

  /** How long a queued request waits for a slot before it gets 503 (not an option). */
  public static final Duration QUEUE_TIMEOUT = Limits.DEFAULT_QUEUE_TIMEOUT;

  public static final Duration DEFAULT_IDLE_TIMEOUT = Limits.DEFAULT_IDLE_TIMEOUT;
  public static final Duration DEFAULT_REQUEST_TIMEOUT = Limits.DEFAULT_REQUEST_TIMEOUT;
  public static final int DEFAULT_MAX_URL_LENGTH = Limits.DEFAULT_MAX_URL_LENGTH;

  /** The keys file when none is named: {@code keys.json} in the data directory. */
  public static Path defaultKeys(Path dataDir) {
    return dataDir.resolve("keys.json");
  }

  /**
   * Where the admin listener binds: it serves the operational endpoints without credentials.
   *
   * @param host the interface to bind
   * @param port the port
   */
  public record Admin(String host, int port) {
    public Admin {
      Objects.requireNonNull(host, "host");
    }
  }

  public ServerOptions {
    Objects.requireNonNull(dataDir, "dataDir");
    Objects.requireNonNull(keys, "keys");
    Objects.requireNonNull(host, "host");
    Objects.requireNonNull(baseUrl, "baseUrl");
    corsOrigins = List.copyOf(corsOrigins);
    Objects.requireNonNull(tls, "tls");
    Objects.requireNonNull(idleTimeout, "idleTimeout");
    Objects.requireNonNull(requestTimeout, "requestTimeout");
    Objects.requireNonNull(admin, "admin");
  }

  /** Whether {@code host} is a loopback address, where plain HTTP is safe. */
  public static boolean isLoopback(String host) {
    try {
      return InetAddress.getByName(host).isLoopbackAddress();
    } catch (UnknownHostException e) {
      return false;
    }
  }

  /** The URL scheme the server speaks: {@code https} with a certificate, else {@code http}. */
  public String scheme() {
    return tls.isPresent() ? "https" : "http";
  }
}

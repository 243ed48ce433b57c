package io.keybox.server;

import io.keybox.server.alerts.Alerts;
import io.keybox.server.http.Limits;
import io.keybox.server.http.PhotoServing;
import io.keybox.server.http.ServerConfig;
import io.keybox.server.http.cache.ResponseCache;
import io.keybox.server.http.pages.MapTiles;
import io.keybox.server.tls.TlsIdentity;
import io.keybox.store.StoreUrl;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a server runs with ({@code keybox serve}, OPERATIONS.md §2): where the vendor indexes and
 * the keys file are, how it listens, and what one client may take. Plain values; {@link
 * Server#start} turns them into the HTTP layer's settings. The defaults of {@code serve}'s options
 * are the constants here; {@link #builder} starts from them, so a caller names only what differs:
 *
 * <pre>
 * ServerOptions options = ServerOptions.builder(dataDir).port(0).keys(keysFile).build();
 * </pre>
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
 * @param replica the store this node follows, when it is a query node of one ({@code --replica-of})
 * @param responseCacheBytes the size of the response cache in bytes ({@code --response-cache}); 0
 *     turns it off
 * @param pages serve the pages for people, {@code /-/docs} ({@code --explore}; on in the demo)
 * @param photos how replies name mirrored photos ({@code --photo-width}, {@code --media-base-url})
 * @param exploreTiles the map background of {@code /-/explore} ({@code --explore-tiles})
 * @param alerts saved searches and their webhooks run on this node ({@code --alerts}), with these
 *     settings
 * @param tokenKey the file of the key that signs the bearer tokens of {@code POST /oauth2/token}
 *     ({@code --token-key}); empty: no tokens are issued or accepted
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
    Optional<Admin> admin,
    Optional<Replica> replica,
    long responseCacheBytes,
    boolean pages,
    PhotoServing photos,
    MapTiles exploreTiles,
    Optional<Alerts.Settings> alerts,
    Optional<Path> tokenKey) {
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

  /** The response cache's size by default, 64 MiB. */
  public static final long DEFAULT_RESPONSE_CACHE_BYTES = ResponseCache.DEFAULT_BYTES;

  /** The most saved searches of one key by default ({@code --max-searches-per-key}). */
  public static final int DEFAULT_MAX_SEARCHES_PER_KEY = 10_000;

  /** Webhook deliveries sent at once. */
  public static final int ALERT_SENDERS = 8;

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

  /** How often a replica polls its store by default ({@code --replica-poll}). */
  public static final Duration DEFAULT_REPLICA_POLL = Duration.ofSeconds(5);

  /** How long without a successful poll makes a replica's vendor stale by default. */
  public static final Duration DEFAULT_REPLICA_STALE_AFTER = Duration.ofMinutes(10);

  /**
   * The bytes of photos a query node keeps by default ({@code --media-cache}), 10 GiB: the cover
   * photos (what results pages show) of some 30,000 listings at 1600 px, on a disk of any server.
   */
  public static final long DEFAULT_MEDIA_CACHE_BYTES = 10L << 30;

  /**
   * The store a query node follows: every vendor published under it is fetched into the data
   * directory and served.
   *
   * @param store the store's URL ({@code s3://bucket/prefix} or {@code file:///path})
   * @param endpoint the S3 endpoint, when not AWS's (else {@code AWS_ENDPOINT_URL}, else AWS)
   * @param poll how often the store is polled
   * @param staleAfter how long without a successful poll makes a vendor stale in {@code /-/health}
   * @param mediaCacheBytes the most bytes of photos fetched from the store kept on this node
   */
  public record Replica(
      StoreUrl store,
      Optional<URI> endpoint,
      Duration poll,
      Duration staleAfter,
      long mediaCacheBytes) {
    public Replica {
      Objects.requireNonNull(store, "store");
      Objects.requireNonNull(endpoint, "endpoint");
      Objects.requireNonNull(poll, "poll");
      Objects.requireNonNull(staleAfter, "staleAfter");
      if (mediaCacheBytes <= 0) {
        throw new IllegalArgumentException(
            "mediaCacheBytes must be positive (got: " + mediaCacheBytes + ")");
      }
    }

    /** With the default media cache. */
    public Replica(StoreUrl store, Optional<URI> endpoint, Duration poll, Duration staleAfter) {
      this(store, endpoint, poll, staleAfter, DEFAULT_MEDIA_CACHE_BYTES);
    }
  }

  public ServerOptions {
    Objects.requireNonNull(dataDir, "dataDir");
    Objects.requireNonNull(keys, "keys");
    Objects.requireNonNull(host, "host");
    Objects.requireNonNull(exploreTiles, "exploreTiles");
    Objects.requireNonNull(baseUrl, "baseUrl");
    corsOrigins = List.copyOf(corsOrigins);
    Objects.requireNonNull(tls, "tls");
    Objects.requireNonNull(idleTimeout, "idleTimeout");
    Objects.requireNonNull(requestTimeout, "requestTimeout");
    Objects.requireNonNull(admin, "admin");
    Objects.requireNonNull(replica, "replica");
    Objects.requireNonNull(photos, "photos");
    Objects.requireNonNull(alerts, "alerts");
    Objects.requireNonNull(tokenKey, "tokenKey");
    if (responseCacheBytes < 0) {
      throw new IllegalArgumentException(
          "responseCacheBytes must be >= 0 (got: " + responseCacheBytes + ")");
    }
  }

  /** Whether {@code host} is a loopback address, where plain HTTP is safe. */
  public static boolean isLoopback(String host) {
    return ServerConfig.isLoopback(host);
  }

  /** The URL scheme the server speaks: {@code https} with a certificate, else {@code http}. */
  public String scheme() {
    return tls.isPresent() ? "https" : "http";
  }

  /**
   * A builder over {@code dataDir} holding every default: keys in {@code dataDir/keys.json},
   * loopback on port 8080, any CORS origin, no TLS, no admin listener, no replica, and the default
   * limits and response cache.
   */
  public static Builder builder(Path dataDir) {
    return new Builder(dataDir);
  }

  /** Server options, starting from the defaults; each setter replaces one value. */
  public static final class Builder {
    private final Path dataDir;
    private Path keys;
    private String host = DEFAULT_HOST;
    private int port = DEFAULT_PORT;
    private Optional<String> baseUrl = Optional.empty();
    private int offsetWindow = DEFAULT_OFFSET_WINDOW;
    private boolean behindProxy;
    private List<String> corsOrigins = List.of("*");
    private Optional<TlsIdentity> tls = Optional.empty();
    private int maxConcurrent = DEFAULT_MAX_CONCURRENT;
    private Integer maxQueued;
    private Duration idleTimeout = DEFAULT_IDLE_TIMEOUT;
    private Duration requestTimeout = DEFAULT_REQUEST_TIMEOUT;
    private int maxUrlLength = DEFAULT_MAX_URL_LENGTH;
    private Optional<Admin> admin = Optional.empty();
    private Optional<Replica> replica = Optional.empty();
    private long responseCacheBytes = DEFAULT_RESPONSE_CACHE_BYTES;
    private boolean pages;
    private PhotoServing photos = PhotoServing.DEFAULT;
    private MapTiles exploreTiles = MapTiles.DEFAULT;
    private Optional<Alerts.Settings> alerts = Optional.empty();
    private Optional<Path> tokenKey = Optional.empty();

    private Builder(Path dataDir) {
      this.dataDir = Objects.requireNonNull(dataDir, "dataDir");
    }

    public Builder keys(Path keys) {
      this.keys = Objects.requireNonNull(keys, "keys");
      return this;
    }

    public Builder host(String host) {
      this.host = host;
      return this;
    }

    public Builder port(int port) {
      this.port = port;
      return this;
    }

    public Builder baseUrl(String baseUrl) {
      this.baseUrl = Optional.of(baseUrl);
      return this;
    }

    public Builder offsetWindow(int offsetWindow) {
      this.offsetWindow = offsetWindow;
      return this;
    }

    public Builder behindProxy(boolean behindProxy) {
      this.behindProxy = behindProxy;
      return this;
    }

    public Builder corsOrigins(List<String> corsOrigins) {
      this.corsOrigins = corsOrigins;
      return this;
    }

    public Builder tls(TlsIdentity tls) {
      this.tls = Optional.of(tls);
      return this;
    }

    /** Requests processed at once; the queue stays twice this unless {@link #maxQueued} is set. */
    public Builder maxConcurrent(int maxConcurrent) {
      this.maxConcurrent = maxConcurrent;
      return this;
    }

    public Builder maxQueued(int maxQueued) {
      this.maxQueued = maxQueued;
      return this;
    }

    public Builder idleTimeout(Duration idleTimeout) {
      this.idleTimeout = idleTimeout;
      return this;
    }

    public Builder requestTimeout(Duration requestTimeout) {
      this.requestTimeout = requestTimeout;
      return this;
    }

    public Builder maxUrlLength(int maxUrlLength) {
      this.maxUrlLength = maxUrlLength;
      return this;
    }

    public Builder admin(Admin admin) {
      this.admin = Optional.of(admin);
      return this;
    }

    public Builder replica(Replica replica) {
      this.replica = Optional.of(replica);
      return this;
    }

    public Builder responseCacheBytes(long responseCacheBytes) {
      this.responseCacheBytes = responseCacheBytes;
      return this;
    }

    public Builder pages(boolean pages) {
      this.pages = pages;
      return this;
    }

    public Builder photos(PhotoServing photos) {
      this.photos = photos;
      return this;
    }

    public Builder exploreTiles(MapTiles exploreTiles) {
      this.exploreTiles = exploreTiles;
      return this;
    }

    /** Runs saved searches and their webhooks on this node ({@code --alerts}). */
    public Builder alerts(Alerts.Settings alerts) {
      this.alerts = Optional.of(alerts);
      return this;
    }

    public Builder tokenKey(Path tokenKey) {
      this.tokenKey = Optional.of(tokenKey);
      return this;
    }

    /** The options; the record's constructor checks them. */
    public ServerOptions build() {
      return new ServerOptions(
          dataDir,
          keys != null ? keys : defaultKeys(dataDir),
          host,
          port,
          baseUrl,
          offsetWindow,
          behindProxy,
          corsOrigins,
          tls,
          maxConcurrent,
          maxQueued != null ? maxQueued : 2 * maxConcurrent,
          idleTimeout,
          requestTimeout,
          maxUrlLength,
          admin,
          replica,
          responseCacheBytes,
          pages,
          photos,
          exploreTiles,
          alerts,
          tokenKey);
    }
  }
}

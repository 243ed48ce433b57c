package io.keybox.server.http;

import io.keybox.server.auth.Authenticator;
import io.keybox.server.index.VendorIndexes;
import io.keybox.server.metrics.Metrics;
import io.undertow.Undertow;
import io.undertow.UndertowOptions;
import io.undertow.server.HttpHandler;
import io.undertow.server.handlers.BlockingHandler;
import io.undertow.server.handlers.encoding.ContentEncodingRepository;
import io.undertow.server.handlers.encoding.EncodingHandler;
import io.undertow.server.handlers.encoding.GzipEncodingProvider;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The HTTP server: Undertow with Keybox's handler chain. Start it with {@link #start}, read the
 * bound port with {@link #port()} (useful with port 0), stop it with {@link #close()}.
 */
public final class KeyboxServer implements AutoCloseable {
  private final Undertow undertow;
  private final Optional<AdminServer> admin;
  private final Metrics metrics;
  private final List<Endpoint> endpoints;

  private KeyboxServer(
      Undertow undertow, Optional<AdminServer> admin, Metrics metrics, List<Endpoint> endpoints) {
    this.undertow = undertow;
    this.admin = admin;
    this.metrics = metrics;
    this.endpoints = List.copyOf(endpoints);
  }

  /**
   * Starts serving {@code indexes} to the accounts {@code authenticator} knows, without an admin
   * listener.
   *
   * @throws IllegalStateException when plain HTTP would take credentials on a public interface
   *     without {@code behindProxy}
   */
  public static KeyboxServer start(
      ServerConfig config,
      VendorIndexes indexes,
      Authenticator authenticator,
      PrintStream accessLog) {
    return start(config, Optional.empty(), indexes, authenticator, accessLog);
  }

  /**
   * Starts serving {@code indexes} to the accounts {@code authenticator} knows. With {@code admin},
   * a second listener serves {@code /-/health} and {@code /-/metrics}, which then no longer answer
   * on the main listener; without it they answer there to loopback clients ({@link OpsGate}).
   *
   * @throws IllegalStateException when plain HTTP would take credentials on a public interface
   *     without {@code behindProxy}
   */
  public static KeyboxServer start(
      ServerConfig config,
      Optional<AdminListener> admin,
      VendorIndexes indexes,
      Authenticator authenticator,
      PrintStream accessLog) {
    if (!config.isLoopback() && !config.behindProxy()) {
      throw new IllegalStateException(
          "refusing to take credentials over plain HTTP on "
              + config.host()
              + "; bind 127.0.0.1, or say --behind-proxy when a TLS proxy is in front");
    }
    Router routes = ApiRoutes.router(config, indexes);
    Operations ops = new Operations(indexes, authenticator);
    AccessLog log = new AccessLog(accessLog);
    HttpHandler chain =
        ops.measured(
            routes,
            new BlockingHandler(
                new EncodingHandler(
                    new EdgeHandler(
                        ops.gate(
                            admin.isPresent(),
                            config.behindProxy(),
                            new CorsHandler(
                                config.corsOrigins(), new AuthHandler(authenticator, routes))),
                        log),
                    new ContentEncodingRepository()
                        .addEncodingHandler("gzip", new GzipEncodingProvider(), 50))));
    Undertow undertow =
        Undertow.builder()
            .addHttpListener(config.port(), config.host())
            // Params decodes the raw query itself, so malformed encodings get a JSON 400 naming
            // them
            // instead of Undertow's bare 400.
            .setServerOption(UndertowOptions.DECODE_URL, false)
            .setServerOption(UndertowOptions.MAX_ENTITY_SIZE, 0L)
            .setServerOption(UndertowOptions.MAX_PARAMETERS, 2000)
            .setServerOption(UndertowOptions.MAX_HEADER_SIZE, 16 * 1024)
            .setServerOption(UndertowOptions.NO_REQUEST_TIMEOUT, 60_000)
            .setServerOption(UndertowOptions.IDLE_TIMEOUT, 120_000)
            .setHandler(chain)
            .build();
    undertow.start();
    Optional<AdminServer> adminServer;
    try {
      adminServer = ops.startAdmin(admin, log);
    } catch (RuntimeException e) {
      undertow.stop();
      throw e;
    }
    List<Endpoint> endpoints = new ArrayList<>(routes.endpoints());
    endpoints.addAll(ops.endpoints());
    return new KeyboxServer(undertow, adminServer, ops.metrics(), endpoints);
  }

  /** The bound port. */
  public int port() {
    return ((InetSocketAddress) undertow.getListenerInfo().get(0).getAddress()).getPort();
  }

  /** The admin listener's bound port, when there is one. */
  public OptionalInt adminPort() {
    return admin.map(a -> OptionalInt.of(a.port())).orElse(OptionalInt.empty());
  }

  /**
   * The server's metrics: the HTTP layer records requests; whatever enforces rate limits records
   * each rejection with {@link Metrics#rateLimited}.
   */
  public Metrics metrics() {
    return metrics;
  }

  /**
   * Every operation the server answers, with the query parameters each reads: the API's, then the
   * operational ones under {@code /-/}. The OpenAPI document is checked against this list.
   */
  public List<Endpoint> endpoints() {
    return endpoints;
  }

  @Override
  public void close() {
    admin.ifPresent(AdminServer::close);
    undertow.stop();
  }
}

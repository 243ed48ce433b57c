package io.keybox.server.http;

import io.keybox.server.auth.Authenticator;
import io.keybox.server.index.VendorIndexes;
import io.undertow.Undertow;
import io.undertow.UndertowOptions;
import io.undertow.server.HttpHandler;
import io.undertow.server.handlers.BlockingHandler;
import io.undertow.server.handlers.encoding.ContentEncodingRepository;
import io.undertow.server.handlers.encoding.EncodingHandler;
import io.undertow.server.handlers.encoding.GzipEncodingProvider;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.util.List;

/**
 * The HTTP server: Undertow with Keybox's handler chain. Start it with {@link #start}, read the
 * bound port with {@link #port()} (useful with port 0), stop it with {@link #close()}.
 */
public final class KeyboxServer implements AutoCloseable {
  private final Undertow undertow;
  private final List<Endpoint> endpoints;

  private KeyboxServer(Undertow undertow, List<Endpoint> endpoints) {
    this.undertow = undertow;
    this.endpoints = List.copyOf(endpoints);
  }

  /**
   * Starts serving {@code indexes} to the accounts {@code authenticator} knows.
   *
   * @throws IllegalStateException when plain HTTP would take credentials on a public interface
   *     without {@code behindProxy}
   */
  public static KeyboxServer start(
      ServerConfig config,
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
    HttpHandler chain =
        new BlockingHandler(
            new EncodingHandler(
                new EdgeHandler(
                    new CorsHandler(config.corsOrigins(), new AuthHandler(authenticator, routes)),
                    new AccessLog(accessLog)),
                new ContentEncodingRepository()
                    .addEncodingHandler("gzip", new GzipEncodingProvider(), 50)));
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
    return new KeyboxServer(undertow, routes.endpoints());
  }

  /** The bound port. */
  public int port() {
    return ((InetSocketAddress) undertow.getListenerInfo().get(0).getAddress()).getPort();
  }

  /**
   * Every operation the server answers, with the query parameters each reads. The OpenAPI document
   * is checked against this list.
   */
  public List<Endpoint> endpoints() {
    return endpoints;
  }

  @Override
  public void close() {
    undertow.stop();
  }
}

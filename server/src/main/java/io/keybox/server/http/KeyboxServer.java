package io.keybox.server.http;

import io.keybox.server.auth.Authenticator;
import io.keybox.server.index.VendorIndexes;
import io.keybox.server.limit.LoginThrottle;
import io.keybox.server.limit.RateLimiter;
import io.keybox.server.query.AgentRequestParser;
import io.keybox.server.query.AnalyticsRequestParser;
import io.keybox.server.query.ListingRequestParser;
import io.keybox.server.query.OpenHouseRequestParser;
import io.undertow.server.HttpHandler;
import io.undertow.server.handlers.encoding.ContentEncodingRepository;
import io.undertow.server.handlers.encoding.EncodingHandler;
import io.undertow.server.handlers.encoding.GzipEncodingProvider;
import io.undertow.util.Methods;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.time.Clock;

/**
 * The HTTP server: Undertow with Keybox's handler chain. Start it with {@link #start}, read the
 * bound port with {@link #port()} (useful with port 0), stop it with {@link #close()}.
 */
public final class KeyboxServer implements AutoCloseable {
  private final Connector connector;

  private KeyboxServer(Connector connector) {
    this.connector = connector;
  }

  /**
   * Starts serving {@code indexes} to the accounts {@code authenticator} knows.
   *
   * @throws IllegalStateException when plain HTTP would take credentials on a public interface
   *     without {@code behindProxy}
   * @throws UncheckedIOException when the address cannot be bound
   */
  public static KeyboxServer start(
      ServerConfig config,
      VendorIndexes indexes,
      Authenticator authenticator,
      PrintStream accessLog) {
    if (config.tls().isEmpty() && !config.isLoopback() && !config.behindProxy()) {
      throw new IllegalStateException(
          "refusing to take credentials over plain HTTP on "
              + config.host()
              + "; bind 127.0.0.1, give a certificate (--tls-cert and --tls-key, or"
              + " --tls-keystore), or say --behind-proxy when a TLS proxy is in front");
    }
    BaseUrls baseUrls = new BaseUrls(config.baseUrl(), config.behindProxy());
    ListingHandlers listings =
        new ListingHandlers(indexes, new ListingRequestParser(config.offsetWindow()), baseUrls);
    OpenHouseHandlers openHouses =
        new OpenHouseHandlers(indexes, new OpenHouseRequestParser(config.offsetWindow()), baseUrls);
    AgentHandlers agents =
        new AgentHandlers(indexes, new AgentRequestParser(config.offsetWindow()), baseUrls);
    AnalyticsHandlers analytics =
        new AnalyticsHandlers(
            indexes, new AnalyticsRequestParser(new ListingRequestParser(config.offsetWindow())));
    MetadataHandlers metadata = new MetadataHandlers(indexes, Clock.systemUTC());
    Router routes =
        new Router()
            .add(Methods.OPTIONS, "/", metadata::root)
            .add(Methods.GET, "/properties", listings::search)
            .add(Methods.OPTIONS, "/properties", metadata::properties)
            .add(Methods.GET, "/properties/analytics", analytics::market)
            .add(Methods.GET, "/properties/{mlsId}", listings::get)
            .add(Methods.GET, "/properties/{mlsId}/analytics", analytics::listing)
            .add(Methods.GET, "/openhouses", openHouses::search)
            .add(Methods.GET, "/openhouses/{openHouseKey}", openHouses::get)
            .add(Methods.GET, "/agents", agents::search);
    AccessLog log = new AccessLog(accessLog);
    HttpHandler perRequest =
        new UrlLimitHandler(
            config.limits().maxUrlLength(),
            new CorsHandler(
                config.corsOrigins(),
                new AuthHandler(
                    authenticator,
                    new LoginThrottle(),
                    config.behindProxy(),
                    new RateLimitHandler(new RateLimiter(), new AddonHandler(routes)))));
    HttpHandler chain =
        new AdmissionHandler(
            config.limits(),
            new EncodingHandler(
                new EdgeHandler(perRequest, log),
                new ContentEncodingRepository()
                    .addEncodingHandler("gzip", new GzipEncodingProvider(), 50)),
            log);
    try {
      return new KeyboxServer(Connector.start(config, chain, log));
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot listen on " + config.host() + ":" + config.port() + ": " + e.getMessage(), e);
    }
  }

  /** The bound port. */
  public int port() {
    return connector.port();
  }

  @Override
  public void close() {
    connector.close();
  }
}

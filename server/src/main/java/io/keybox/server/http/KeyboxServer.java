package io.keybox.server.http;

import io.keybox.server.alerts.SavedSearchService;
import io.keybox.server.auth.Authenticator;
import io.keybox.server.http.api.ApiRoutes;
import io.keybox.server.http.api.Endpoint;
import io.keybox.server.http.api.ResoRoutes;
import io.keybox.server.http.api.Router;
import io.keybox.server.http.cache.ResponseCache;
import io.keybox.server.http.edge.AcceptEncodingHandler;
import io.keybox.server.http.edge.AccessLog;
import io.keybox.server.http.edge.AddonHandler;
import io.keybox.server.http.edge.AdmissionHandler;
import io.keybox.server.http.edge.AuthHandler;
import io.keybox.server.http.edge.CorsHandler;
import io.keybox.server.http.edge.EdgeHandler;
import io.keybox.server.http.edge.HeaderLimitHandler;
import io.keybox.server.http.edge.IoThreadLane;
import io.keybox.server.http.edge.OpsGate;
import io.keybox.server.http.edge.RateLimitHandler;
import io.keybox.server.http.edge.TokenForm;
import io.keybox.server.http.edge.UrlLimitHandler;
import io.keybox.server.http.pages.MediaRoute;
import io.keybox.server.http.pages.Pages;
import io.keybox.server.http.transport.AdminServer;
import io.keybox.server.http.transport.Connector;
import io.keybox.server.index.VendorIndexes;
import io.keybox.server.limit.LoginThrottle;
import io.keybox.server.limit.RateLimiter;
import io.keybox.server.media.PhotoFiles;
import io.keybox.server.media.PhotoLibrary;
import io.keybox.server.metrics.Metrics;
import io.keybox.server.replica.ReplicaStatus;
import io.keybox.server.search.ListingClusters;
import io.keybox.server.search.exec.ListingOptions;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.undertow.server.HttpHandler;
import io.undertow.server.handlers.encoding.ContentEncodingRepository;
import io.undertow.server.handlers.encoding.EncodingHandler;
import io.undertow.server.handlers.encoding.GzipEncodingProvider;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.zip.Deflater;

/**
 * The HTTP server: Undertow with Keybox's handler chain. Start it with {@link #start}, read the
 * bound port with {@link #port()} (useful with port 0), stop it with {@link #close()}.
 */
public final class KeyboxServer implements AutoCloseable {
  private final Connector connector;
  private final Optional<AdminServer> admin;
  private final Metrics metrics;
  private final List<Endpoint> endpoints;
  private final AccessLog accessLog;

  private KeyboxServer(
      Connector connector,
      Optional<AdminServer> admin,
      Metrics metrics,
      List<Endpoint> endpoints,
      AccessLog accessLog) {
    this.accessLog = accessLog;
    this.connector = connector;
    this.admin = admin;
    this.metrics = metrics;
    this.endpoints = List.copyOf(endpoints);
  }

  /**
   * Starts serving {@code indexes} to the accounts {@code authenticator} knows. With {@code admin},
   * a second listener serves {@code /-/health} and {@code /-/metrics}, which then no longer answer
   * on the main listener; without it they answer there to loopback clients ({@link OpsGate}). On a
   * query node that follows a store, {@code /-/health} shows each vendor's replication from {@code
   * replicas} ({@link ReplicaStatus.Source#NONE} elsewhere). {@code /searches} is answered from
   * what {@code alerts} makes with the server's metrics registry (empty on a node without {@code
   * serve --alerts}), and {@code GET /media}'s files are sent from {@code photos} (the mirror's
   * own, or a query node's cache of its store).
   *
   * @throws PlainHttpRefusedException when plain HTTP would take credentials on a public interface
   *     without a certificate or {@code behindProxy}
   * @throws ListenException when an address cannot be bound
   */
  public static KeyboxServer start(
      ServerConfig config,
      Optional<AdminListener> admin,
      VendorIndexes indexes,
      Authenticator authenticator,
      PrintStream accessLog,
      ReplicaStatus.Source replicas,
      Function<PrometheusRegistry, Optional<SavedSearchService>> alerts,
      PhotoFiles photos) {
    if (config.tls().isEmpty() && !config.isLoopback() && !config.behindProxy()) {
      throw new PlainHttpRefusedException(config.host());
    }
    // The OPTIONS /properties values: counted on the refresh thread once each snapshot is served,
    // not by the first request that asks (ListingOptions.OF_SNAPSHOT).
    indexes.warmUp(snapshot -> snapshot.derived(ListingOptions.OF_SNAPSHOT));
    // The fine map tiles of the default filters, for the first map a site draws (FineTiles).
    indexes.warmUp(ListingClusters::warmUp);
    AtomicReference<Optional<SavedSearchService>> searches =
        new AtomicReference<>(Optional.empty());
    Operations ops =
        new Operations(
            indexes, authenticator, replicas, () -> searches.get().map(SavedSearchService::health));
    ResponseCache cache = new ResponseCache(config.responseCacheBytes());
    ops.metrics().registry().register(cache);
    searches.set(alerts.apply(ops.metrics().registry()));
    Router routes = ApiRoutes.router(config, indexes, cache, searches.get());
    AccessLog log = new AccessLog(accessLog);
    HttpHandler perRequest =
        new UrlLimitHandler(
            config.limits().maxUrlLength(),
            new CorsHandler(
                config.corsOrigins(),
                new TokenForm(
                    new AuthHandler(
                        authenticator,
                        new LoginThrottle(),
                        config.behindProxy(),
                        new RateLimitHandler(
                            new RateLimiter(),
                            ops.metrics(),
                            new AddonHandler(
                                ResoRoutes.before(routes, config, indexes, authenticator)))))));
    PhotoLibrary library = new PhotoLibrary(indexes, photos);
    HttpHandler chain =
        ops.measured(
            routes,
            MediaRoute.front(
                library,
                ops.metrics()::mediaSent,
                log,
                new AdmissionHandler(
                    config.limits(),
                    new AcceptEncodingHandler(
                        new EncodingHandler(
                            new EdgeHandler(
                                new HeaderLimitHandler(
                                    config.limits().maxHeaders(),
                                    MediaRoute.wrap(
                                        library,
                                        ops.metrics()::mediaSent,
                                        Pages.wrap(
                                            config.pages(),
                                            config.tiles(),
                                            ops.gate(
                                                admin.isPresent(),
                                                config.behindProxy(),
                                                perRequest)))),
                                log),
                            // The fastest deflate level, as web servers default to: listing JSON
                            // still shrinks about 6-fold, for a fraction of the CPU of the default
                            // level.
                            new ContentEncodingRepository()
                                .addEncodingHandler(
                                    "gzip", new GzipEncodingProvider(Deflater.BEST_SPEED), 50))),
                    log,
                    new IoThreadLane(authenticator))));
    Connector connector;
    try {
      connector = Connector.start(config, chain, log);
    } catch (IOException e) {
      log.close();
      throw new ListenException("--port", config.host(), config.port(), e);
    }
    Optional<AdminServer> adminServer;
    try {
      adminServer = ops.startAdmin(admin, log);
    } catch (RuntimeException e) {
      connector.close();
      log.close();
      throw e;
    }
    List<Endpoint> endpoints = new ArrayList<>(routes.endpoints());
    endpoints.add(new Endpoint("GET", MediaRoute.TEMPLATE, List.of()));
    endpoints.addAll(ops.endpoints());
    return new KeyboxServer(connector, adminServer, ops.metrics(), endpoints, log);
  }

  /** The bound port. */
  public int port() {
    return connector.port();
  }

  /** The admin listener's bound port, when there is one. */
  public OptionalInt adminPort() {
    return admin.map(a -> OptionalInt.of(a.port())).orElse(OptionalInt.empty());
  }

  /**
   * The server's metrics: the HTTP layer records requests and rate-limit rejections; scrapes read
   * them with the per-vendor index state.
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

  /** Requests of the API's port begun and not yet complete. */
  public int inFlight() {
    return connector.inFlight();
  }

  /** Requests of the API's port answered since the start (their responses sent whole). */
  public long answered() {
    return connector.answered();
  }

  @Override
  public void close() {
    admin.ifPresent(AdminServer::close);
    connector.close();
    accessLog.close(); // the last requests' lines, before whatever the caller prints next
  }
}

package io.keybox.server.http;

import io.keybox.server.auth.Authenticator;
import io.keybox.server.http.api.Endpoint;
import io.keybox.server.http.api.OpsHandlers;
import io.keybox.server.http.api.Router;
import io.keybox.server.http.edge.AccessLog;
import io.keybox.server.http.edge.EdgeHandler;
import io.keybox.server.http.edge.MetricsHandler;
import io.keybox.server.http.edge.OpsGate;
import io.keybox.server.http.transport.AdminServer;
import io.keybox.server.index.IndexMetrics;
import io.keybox.server.index.VendorIndexes;
import io.keybox.server.index.VendorStatus;
import io.keybox.server.metrics.Metrics;
import io.keybox.server.mirror.MirrorMetrics;
import io.keybox.server.mirror.MirrorStatus;
import io.keybox.server.replica.ReplicaStatus;
import io.undertow.server.HttpHandler;
import io.undertow.server.handlers.BlockingHandler;
import java.util.List;
import java.util.Optional;

/**
 * The operator's side of one server (OPERATIONS.md §6), wired once: its {@link Metrics}, the routes
 * of {@code /-/health}, {@code /-/metrics} and {@code /-/openapi.json}, the handlers that put them
 * in front of the API, and the optional admin listener.
 */
final class Operations {
  private final Metrics metrics;
  private final Router router;

  /**
   * Health and metrics report the vendors the keys name and the ones with an index folder; health
   * adds each one's replication from {@code replicas}.
   */
  Operations(
      VendorIndexes indexes,
      Authenticator authenticator,
      ReplicaStatus.Source replicas,
      OpsHandlers.AlertsHealth alerts) {
    VendorStatus.Source vendors = () -> indexes.status(keyVendors(authenticator));
    // The indexer, another process, fills the media catalog: its counts are read from the file.
    MirrorStatus mirror = MirrorStatus.of(indexes.dataDir());
    this.metrics = new Metrics(new IndexMetrics(vendors), new MirrorMetrics(mirror));
    this.router = new OpsHandlers(vendors, replicas, metrics, alerts, mirror::of).router();
  }

  Metrics metrics() {
    return metrics;
  }

  /** The operational endpoints, for {@link KeyboxServer#endpoints()}. */
  List<Endpoint> endpoints() {
    return router.endpoints();
  }

  /** Counts every request {@code next} answers, labelled by the route of {@code api} or of ops. */
  HttpHandler measured(Router api, HttpHandler next) {
    return new MetricsHandler(metrics, List.of(router, api), next);
  }

  /**
   * The main listener's gate in front of {@code api}: the operational endpoints without
   * credentials, as {@link OpsGate} allows.
   */
  HttpHandler gate(boolean adminListener, boolean behindProxy, HttpHandler api) {
    return new OpsGate(
        ops(),
        adminListener ? OpsGate.Listener.MAIN : OpsGate.Listener.MAIN_WITH_LOCAL_OPS,
        behindProxy,
        api);
  }

  /** Starts the admin listener, when one is configured. */
  Optional<AdminServer> startAdmin(Optional<AdminListener> admin, AccessLog log) {
    return admin.map(
        listener ->
            AdminServer.start(
                listener,
                new MetricsHandler(
                    metrics,
                    List.of(router),
                    new BlockingHandler(
                        new EdgeHandler(
                            new OpsGate(ops(), OpsGate.Listener.ADMIN, false, null), log)))));
  }

  /** The operational endpoints, as the gate guards them. */
  private OpsGate.Ops ops() {
    return new OpsGate.Ops(
        router,
        OpsHandlers.OPENAPI,
        List.of(OpsHandlers.HEALTH, OpsHandlers.METRICS, OpsHandlers.OPENAPI));
  }

  /** Every vendor some key of the keys file may read: the vendors health expects an index for. */
  private static List<String> keyVendors(Authenticator authenticator) {
    return authenticator.accounts().all().stream()
        .flatMap(account -> account.vendors().stream())
        .distinct()
        .toList();
  }
}

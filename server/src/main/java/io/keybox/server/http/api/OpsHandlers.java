package io.keybox.server.http.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.keybox.server.http.edge.MediaType;
import io.keybox.server.http.write.Reply;
import io.keybox.server.index.VendorStatus;
import io.keybox.server.metrics.Metrics;
import io.keybox.server.mirror.MirrorStatus;
import io.keybox.server.replica.ReplicaStatus;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import io.undertow.util.Methods;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;

/**
 * The operational endpoints (OPERATIONS.md §6), outside the API's namespace: {@code GET /-/health}
 * (200 when every configured vendor has an index, else 503 naming the ones that do not), {@code GET
 * /-/metrics} (Prometheus text) and {@code GET /-/openapi.json} (the API's OpenAPI 3.1 document).
 * None needs credentials; the edge's {@code OpsGate} decides who may reach them.
 */
public final class OpsHandlers {
  /** Where the OpenAPI document lives on the class path. */
  static final String OPENAPI_RESOURCE = "/keybox/openapi.json";

  public static final String HEALTH = "/-/health";
  public static final String METRICS = "/-/metrics";
  public static final String OPENAPI = "/-/openapi.json";

  private static final ObjectMapper JSON = new ObjectMapper();

  private final VendorStatus.Source vendors;
  private final ReplicaStatus.Source replicas;
  private final Metrics metrics;
  private final byte[] openApi;
  private final AlertsHealth alerts;
  private final MediaHealth media;

  /** The endpoints of a node that follows no store. */
  public OpsHandlers(VendorStatus.Source vendors, Metrics metrics) {
    this(vendors, ReplicaStatus.Source.NONE, metrics);
  }

  /** The endpoints; health shows each vendor's replication from {@code replicas}. */
  public OpsHandlers(VendorStatus.Source vendors, ReplicaStatus.Source replicas, Metrics metrics) {
    this(vendors, replicas, metrics, Optional::empty);
  }

  /** The alerts' part of {@code /-/health}, on the node that runs them ({@code --alerts}). */
  @FunctionalInterface
  public interface AlertsHealth {
    Optional<JsonNode> status();
  }

  /** The endpoints; health adds the alerts' state from {@code alerts} when it has one. */
  public OpsHandlers(
      VendorStatus.Source vendors,
      ReplicaStatus.Source replicas,
      Metrics metrics,
      AlertsHealth alerts) {
    this(vendors, replicas, metrics, alerts, vendor -> Optional.empty());
  }

  /** A vendor's photo counts for {@code /-/health}, when its photos are mirrored. */
  @FunctionalInterface
  public interface MediaHealth {
    Optional<MirrorStatus.Counts> of(String vendor);
  }

  /** The endpoints; health adds each vendor's photo counts from {@code media} when it has them. */
  public OpsHandlers(
      VendorStatus.Source vendors,
      ReplicaStatus.Source replicas,
      Metrics metrics,
      AlertsHealth alerts,
      MediaHealth media) {
    this.media = media;
    this.alerts = alerts;
    this.vendors = vendors;
    this.replicas = replicas;
    this.metrics = metrics;
    this.openApi = openApiDocument();
  }

  /** The routes of the operational endpoints; none reads a query parameter. */
  public Router router() {
    return new Router()
        .add(Methods.GET, HEALTH, List.of(), this::health)
        .add(Methods.GET, METRICS, List.of(), this::metrics)
        .add(Methods.GET, OPENAPI, List.of(), this::openApi);
  }

  /** The OpenAPI document's bytes, as served. */
  public static byte[] openApiDocument() {
    try (InputStream in = OpsHandlers.class.getResourceAsStream(OPENAPI_RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException(OPENAPI_RESOURCE + " is missing from the class path");
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  Reply health(HttpServerExchange exchange) throws IOException {
    List<VendorStatus> status = vendors.status();
    List<String> notReady =
        status.stream().filter(v -> !v.ready()).map(VendorStatus::vendor).toList();
    ObjectNode body = JSON.createObjectNode();
    int code;
    if (status.isEmpty()) {
      code = 503;
      body.put("error", code);
      body.put(
          "message",
          "not ready: no vendor is configured (no key names one and the data directory holds no"
              + " index)");
    } else if (!notReady.isEmpty()) {
      code = 503;
      body.put("error", code);
      body.put(
          "message",
          "not ready: "
              + (notReady.size() == 1 ? "vendor " : "vendors ")
              + String.join(", ", notReady)
              + (notReady.size() == 1 ? " has" : " have")
              + " no index yet");
    } else {
      code = 200;
    }
    body.put("status", code == 200 ? "ok" : "unavailable");
    ArrayNode list = body.putArray("vendors");
    for (VendorStatus vendor : status) {
      ObjectNode item = list.addObject();
      item.put("vendor", vendor.vendor());
      item.put("ready", vendor.ready());
      VendorStatus.Served served = vendor.index().orElse(null);
      if (served == null) {
        item.putNull("generation");
        item.putNull("lastUpdate");
        item.putNull("listings");
        item.putNull("openHouses");
        item.putNull("agents");
        item.putNull("schema");
      } else {
        item.put("generation", served.generation());
        item.put("lastUpdate", served.refreshTime().truncatedTo(ChronoUnit.MILLIS).toString());
        item.put("listings", served.listings());
        item.put("openHouses", served.openHouses());
        item.put("agents", served.agents());
        item.put("schema", served.schemaVersion());
      }
      replicas
          .of(vendor.vendor())
          .ifPresent(replication -> replica(item.putObject("replica"), replication));
      media
          .of(vendor.vendor())
          .ifPresent(
              counts ->
                  item.putObject("media")
                      .put("mirrored", counts.mirrored())
                      .put("pending", counts.pending())
                      .put("failed", counts.failed()));
    }
    alerts.status().ifPresent(state -> body.set("alerts", state));
    return reply(code, MediaType.JSON.contentType(), JSON.writeValueAsBytes(body));
  }

  /** A query node's replication of the vendor: it serves its last good commit while stale. */
  private static void replica(ObjectNode item, ReplicaStatus replication) {
    item.put(
        "lastSuccessfulPoll",
        replication
            .lastSuccess()
            .map(at -> at.truncatedTo(ChronoUnit.MILLIS).toString())
            .orElse(null));
    item.put("stale", replication.stale());
    item.put("lastError", replication.lastError().orElse(null));
  }

  Reply metrics(HttpServerExchange exchange) {
    return reply(200, Metrics.CONTENT_TYPE, metrics.scrape().getBytes(StandardCharsets.UTF_8));
  }

  Reply openApi(HttpServerExchange exchange) {
    return reply(200, MediaType.JSON.contentType(), openApi);
  }

  /** Operational answers are never cached: each is the state of the moment. */
  private static Reply reply(int status, String type, byte[] body) {
    return Reply.of(status, type, body).with(Headers.CACHE_CONTROL, "no-store");
  }
}

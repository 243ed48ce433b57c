package io.keybox.server.alerts;

import io.keybox.state.alerts.Delivery;
import io.keybox.state.alerts.Outbox;
import io.keybox.state.alerts.SavedSearches;
import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.Unit;
import java.time.Clock;
import java.time.Duration;

/**
 * The alerts' families of {@code /-/metrics}: saved searches (all and enabled), deliveries in the
 * outbox by state, the age of the oldest undelivered one (read from the state store at each
 * scrape), and counters of delivery attempts by outcome and of commits matched.
 */
public final class AlertsMetrics {
  private final Counter attempts;
  private final Counter commits;

  /** Registers the families with {@code registry}. */
  public AlertsMetrics(
      PrometheusRegistry registry, SavedSearches searches, Outbox outbox, Clock clock) {
    attempts =
        Counter.builder()
            .name("keybox_alert_delivery_attempts_total")
            .help(
                "Webhook delivery attempts by outcome: delivered (2xx), retry (failed, tried"
                    + " again later), failed (no retry left), gone (410, search disabled).")
            .labelNames("outcome")
            .register(registry);
    commits =
        Counter.builder()
            .name("keybox_alert_commits_matched_total")
            .help("Vendor commits matched against the saved searches.")
            .register(registry);
    GaugeWithCallback.builder()
        .name("keybox_alert_searches")
        .help("Saved searches, by whether they are enabled.")
        .labelNames("enabled")
        .callback(
            callback -> {
              long[] totals = searches.totals();
              callback.call(totals[1], "true");
              callback.call(totals[0] - totals[1], "false");
            })
        .register(registry);
    GaugeWithCallback.builder()
        .name("keybox_alert_deliveries")
        .help("Deliveries in the outbox by state: pending, delivered, failed.")
        .labelNames("state")
        .callback(callback -> outbox.countsByState().forEach((s, n) -> callback.call(n, s)))
        .register(registry);
    GaugeWithCallback.builder()
        .name("keybox_alert_oldest_pending_age_seconds")
        .help("Age of the oldest undelivered delivery, 0 when none is pending.")
        .unit(Unit.SECONDS)
        .callback(
            callback ->
                callback.call(
                    outbox
                        .oldestPending()
                        .map(t -> Duration.between(t, clock.instant()).toMillis() / 1000.0)
                        .orElse(0.0)))
        .register(registry);
  }

  void attempt(String outcome) {
    attempts.labelValues(outcome).inc();
  }

  void committed() {
    commits.inc();
  }

  static final String DELIVERED = Delivery.DELIVERED;
  static final String RETRY = "retry";
  static final String FAILED = Delivery.FAILED;
  static final String GONE = "gone";
}

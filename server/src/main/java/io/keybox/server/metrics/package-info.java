/**
 * The metrics Keybox exposes at {@code /-/metrics}, on the Prometheus Java client library ({@code
 * prometheus-metrics-core}, its text exposition and its JVM instrumentation): {@link
 * io.keybox.server.metrics.Metrics} is the one class that names Keybox's own families (requests,
 * latency, rate-limit rejections), registers the client's standard JVM and process families and the
 * collectors other packages hand in (the index's per-vendor gauges, {@code
 * io.keybox.server.index.IndexMetrics}), and writes them all in the text format.
 *
 * <p>Depends on the Prometheus client only; never on {@code index} or HTTP types, so any layer may
 * record into it.
 */
package io.keybox.server.metrics;

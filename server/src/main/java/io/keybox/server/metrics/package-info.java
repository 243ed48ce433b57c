/**
 * Metrics in the Prometheus text exposition format (version 0.0.4), in plain Java: labelled {@link
 * io.keybox.server.metrics.Counter}s and fixed-bucket {@link io.keybox.server.metrics.Histogram}s
 * that request threads update without locks, {@link io.keybox.server.metrics.Gauge}s sampled when
 * scraped, a {@link io.keybox.server.metrics.MetricRegistry} that writes them all, and {@link
 * io.keybox.server.metrics.Metrics}, the set Keybox exposes at {@code /-/metrics}.
 *
 * <p>Depends on the JDK and on {@code index} (the per-vendor status it samples); never on HTTP
 * types, so any layer may record into it.
 */
package io.keybox.server.metrics;

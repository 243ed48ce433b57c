package io.keybox.server.metrics;

import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.instrumentation.jvm.JvmBufferPoolMetrics;
import io.prometheus.metrics.instrumentation.jvm.JvmClassLoadingMetrics;
import io.prometheus.metrics.instrumentation.jvm.JvmCompilationMetrics;
import io.prometheus.metrics.instrumentation.jvm.JvmGarbageCollectorMetrics;
import io.prometheus.metrics.instrumentation.jvm.JvmMemoryMetrics;
import io.prometheus.metrics.instrumentation.jvm.JvmRuntimeInfoMetric;
import io.prometheus.metrics.instrumentation.jvm.JvmThreadsMetrics;
import io.prometheus.metrics.instrumentation.jvm.ProcessMetrics;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.Unit;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The metrics Keybox exposes at {@code /-/metrics}, on the Prometheus Java client: requests by
 * endpoint, method and status, latency histograms by endpoint, rate-limit rejections by key, the
 * families of the collectors other packages hand in (the index's per-vendor gauges), and the
 * client's standard JVM and process families.
 *
 * <p>The HTTP layer calls {@link #request} once per finished request; whatever enforces rate limits
 * calls {@link #rateLimited} once per rejected request. Both are cheap and thread-safe.
 *
 * <pre>{@code
 * Metrics metrics = new Metrics(new IndexMetrics(() -> indexes.status(keyVendors)));
 * metrics.request("/properties", "GET", 200, elapsedNanos);
 * String text = metrics.scrape(); // CONTENT_TYPE
 * }</pre>
 *
 * NOTE: every distinct combination of label values is kept for the life of the process; label
 * values must come from a small set (route templates, methods, status codes, API keys), never from
 * request input.
 */
public final class Metrics {
  /** The endpoint label of a request no route matched (unknown paths, CORS preflights). */
  public static final String OTHER_ENDPOINT = "other";

  /** The Content-Type of {@link #scrape()}: the Prometheus text format, version 0.0.4. */
  public static final String CONTENT_TYPE = PrometheusTextFormatWriter.CONTENT_TYPE;

  /** Upper bounds of the latency buckets in seconds: 1 ms to 10 s. */
  private static final double[] LATENCY_SECONDS = {
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10
  };

  private final PrometheusRegistry registry = new PrometheusRegistry();
  private final PrometheusTextFormatWriter writer = PrometheusTextFormatWriter.create();
  private final Counter requests;
  private final Histogram latency;
  private final Counter rateLimited;
  private final Counter mediaBytes;

  /**
   * Keybox's families and the JVM's, and those of {@code collectors}.
   *
   * @throws IllegalArgumentException when two families have the same name
   */
  public Metrics(MultiCollector... collectors) {
    // Exemplars (trace ids) are off: nothing here traces, and each sample would cost a check.
    requests =
        Counter.builder()
            .name("keybox_http_requests_total")
            .help("HTTP requests answered, by route template (other: no route), method and status.")
            .labelNames("endpoint", "method", "status")
            .withoutExemplars()
            .register(registry);
    latency =
        Histogram.builder()
            .name("keybox_http_request_duration_seconds")
            .help("Time from receiving a request to its last response byte, by route template.")
            .unit(Unit.SECONDS)
            .labelNames("endpoint")
            .classicOnly()
            .classicUpperBounds(LATENCY_SECONDS)
            .withoutExemplars()
            .register(registry);
    rateLimited =
        Counter.builder()
            .name("keybox_rate_limited_total")
            .help("Requests refused with 429 because the API key was over its rate limit.")
            .labelNames("key")
            .withoutExemplars()
            .register(registry);
    mediaBytes =
        Counter.builder()
            .name("keybox_media_sent_bytes_total")
            .help("Bytes of photo files sent by GET /media (whole files; not 304s or ranges).")
            .withoutExemplars()
            .register(registry);
    for (MultiCollector collector : collectors) {
      registry.register(collector);
    }
    registerJvm(registry);
  }

  /**
   * The client's standard JVM and process families, as {@code JvmMetrics} registers them, less two:
   * the allocation counter ({@code JvmMemoryPoolAllocationMetrics}), which adds a
   * garbage-collection listener that is never removed, one per server started in the JVM, and the
   * native-memory gauges ({@code JvmNativeMemoryMetrics}), which start the platform MBean server on
   * the path of the server's start only to find native memory tracking off (it is unless the JVM is
   * started with {@code -XX:NativeMemoryTracking}). {@code JvmMetrics} itself keeps every registry
   * it was given for the life of the process.
   */
  private static void registerJvm(PrometheusRegistry registry) {
    JvmThreadsMetrics.builder().register(registry);
    JvmBufferPoolMetrics.builder().register(registry);
    JvmClassLoadingMetrics.builder().register(registry);
    JvmCompilationMetrics.builder().register(registry);
    JvmGarbageCollectorMetrics.builder().register(registry);
    JvmMemoryMetrics.builder().register(registry);
    JvmRuntimeInfoMetric.builder().register(registry);
    ProcessMetrics.builder().register(registry);
  }

  /**
   * Records one finished request.
   *
   * @param endpoint the matched route template, e.g. {@code /properties/{mlsId}}, or {@link
   *     #OTHER_ENDPOINT}; never a raw path (label values must stay few)
   * @param method the HTTP method
   * @param status the response status
   * @param nanos the time it took
   */
  public void request(String endpoint, String method, int status, long nanos) {
    requests.labelValues(endpoint, method, Integer.toString(status)).inc();
    latency.labelValues(endpoint).observe(Unit.nanosToSeconds(nanos));
  }

  /** Records {@code bytes} of a photo file sent whole. */
  public void mediaSent(long bytes) {
    mediaBytes.inc(bytes);
  }

  /** Records one request refused because API key {@code key} was over its rate limit. */
  public void rateLimited(String key) {
    rateLimited.labelValues(key).inc();
  }

  /**
   * Every family in the Prometheus text format ({@link #CONTENT_TYPE}), sorted by name.
   *
   * @throws UncheckedIOException when a collector could not read what it reports
   */
  public String scrape() {
    ByteArrayOutputStream out = new ByteArrayOutputStream(16_384);
    try {
      writer.write(out, registry.scrape());
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a ByteArrayOutputStream does not fail
    }
    return out.toString(StandardCharsets.UTF_8);
  }

  /** The registry, for tests and for code that registers more. */
  public PrometheusRegistry registry() {
    return registry;
  }
}

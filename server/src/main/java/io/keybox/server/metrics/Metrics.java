package io.keybox.server.metrics;

import io.keybox.server.index.VendorStatus;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.List;

/**
 * The metrics Keybox exposes at {@code /-/metrics}: requests by endpoint, method and status,
 * latency histograms by endpoint, rate-limit rejections by key, and, sampled at each scrape, every
 * vendor's readiness, record counts, index generation and last refresh time, and the JVM heap.
 *
 * <p>The HTTP layer calls {@link #request} once per finished request; whatever enforces rate limits
 * calls {@link #rateLimited} once per rejected request. Both are cheap and thread-safe.
 *
 * <pre>{@code
 * Metrics metrics = new Metrics(() -> indexes.status(keyVendors));
 * metrics.request("/properties", "GET", 200, elapsedNanos);
 * String text = metrics.scrape(); // text/plain; version=0.0.4
 * }</pre>
 */
public final class Metrics {
  /** The endpoint label of a request no route matched (unknown paths, CORS preflights). */
  public static final String OTHER_ENDPOINT = "other";

  /** The vendors to report, read at each scrape. */
  @FunctionalInterface
  public interface VendorSource {
    List<VendorStatus> status() throws IOException;
  }

  private final MetricRegistry registry = new MetricRegistry();
  private final VendorSource vendors;
  private final Counter requests;
  private final Histogram latency;
  private final Counter rateLimited;

  /** The vendor status of the scrape under way; scrapes are serialized. */
  private List<VendorStatus> scraped = List.of();

  public Metrics(VendorSource vendors) {
    this.vendors = vendors;
    requests =
        registry.register(
            new Counter(
                "keybox_http_requests_total",
                "HTTP requests answered, by route template (other: no route), method and status.",
                "endpoint",
                "method",
                "status"));
    latency =
        registry.register(
            new Histogram(
                "keybox_http_request_duration_seconds",
                "Time from receiving a request to its last response byte, by route template.",
                Histogram.LATENCY_SECONDS,
                "endpoint"));
    rateLimited =
        registry.register(
            new Counter(
                "keybox_rate_limited_total",
                "Requests refused with 429 because the API key was over its rate limit.",
                "key"));
    registry.register(
        new Gauge(
            "keybox_vendor_ready",
            "1 when the vendor has an index being served, 0 when it has none yet.",
            sink -> scraped.forEach(v -> sink.set(v.ready() ? 1 : 0, v.vendor())),
            "vendor"));
    registry.register(
        new Gauge(
            "keybox_vendor_documents",
            "Records in the vendor's served index, by kind (listing, openhouse, agent).",
            sink ->
                scraped.forEach(
                    v ->
                        v.index()
                            .ifPresent(
                                served -> {
                                  sink.set(served.listings(), v.vendor(), "listing");
                                  sink.set(served.openHouses(), v.vendor(), "openhouse");
                                  sink.set(served.agents(), v.vendor(), "agent");
                                })),
            "vendor",
            "kind"));
    registry.register(
        new Gauge(
            "keybox_vendor_index_generation",
            "Lucene commit generation of the vendor's served index.",
            sink ->
                scraped.forEach(
                    v -> v.index().ifPresent(s -> sink.set(s.generation(), v.vendor()))),
            "vendor"));
    registry.register(
        new Gauge(
            "keybox_vendor_last_refresh_timestamp_seconds",
            "When the indexer published the vendor's served commit (X-Service-LastUpdate), in Unix"
                + " seconds.",
            sink ->
                scraped.forEach(
                    v ->
                        v.index()
                            .ifPresent(
                                s ->
                                    sink.set(s.refreshTime().toEpochMilli() / 1000.0, v.vendor()))),
            "vendor"));
    MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
    registry.register(
        new Gauge(
            "keybox_jvm_heap_used_bytes",
            "JVM heap in use.",
            sink -> sink.set(memory.getHeapMemoryUsage().getUsed())));
    registry.register(
        new Gauge(
            "keybox_jvm_heap_committed_bytes",
            "JVM heap committed by the operating system.",
            sink -> sink.set(memory.getHeapMemoryUsage().getCommitted())));
    registry.register(
        new Gauge(
            "keybox_jvm_heap_max_bytes",
            "Largest JVM heap allowed (-Xmx); -1 when unbounded.",
            sink -> sink.set(memory.getHeapMemoryUsage().getMax())));
    long started = ManagementFactory.getRuntimeMXBean().getStartTime();
    registry.register(
        new Gauge(
            "keybox_process_start_time_seconds",
            "When the server process started, in Unix seconds.",
            sink -> sink.set(started / 1000.0)));
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
    requests.inc(endpoint, method, Integer.toString(status));
    latency.observe(nanos / 1e9, endpoint);
  }

  /** Records one request refused because API key {@code key} was over its rate limit. */
  public void rateLimited(String key) {
    rateLimited.inc(key);
  }

  /** Every metric in the Prometheus text format ({@link TextFormat#CONTENT_TYPE}). */
  public synchronized String scrape() {
    try {
      scraped = vendors.status();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the vendors' index status", e);
    }
    try {
      return registry.scrape();
    } finally {
      scraped = List.of();
    }
  }

  /** The families, for tests and for code that registers more. */
  public MetricRegistry registry() {
    return registry;
  }
}

package io.keybox.server.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The exact text exposition of Keybox's own families, worked out by hand. */
class MetricsTest {
  private static final long MS = 1_000_000;

  /** The lines of family {@code name} in {@code scrape}: its HELP, TYPE and sample lines. */
  private static String family(String scrape, String name) {
    Matcher m =
        Pattern.compile("(?m)^# HELP " + Pattern.quote(name) + " .*\\n(?:[^#].*\\n|# TYPE .*\\n)*")
            .matcher(scrape);
    assertTrue(m.find(), "no family " + name + " in:\n" + scrape);
    return m.group();
  }

  @Test
  void requestsAreCountedByEachLabelCombinationSorted() {
    Metrics metrics = new Metrics();
    metrics.request("/b", "GET", 200, MS);
    metrics.request("/a", "GET", 404, MS);
    metrics.request("/a", "GET", 200, MS);
    metrics.request("/a", "GET", 200, MS);
    assertEquals(
        """
        # HELP keybox_http_requests_total HTTP requests answered, by route template (other: no route), method and status.
        # TYPE keybox_http_requests_total counter
        keybox_http_requests_total{endpoint="/a",method="GET",status="200"} 2.0
        keybox_http_requests_total{endpoint="/a",method="GET",status="404"} 1.0
        keybox_http_requests_total{endpoint="/b",method="GET",status="200"} 1.0
        """,
        family(metrics.scrape(), "keybox_http_requests_total"));
  }

  @Test
  void latencyBucketsAreCumulativeWithInfCountAndSum() {
    Metrics metrics = new Metrics();
    metrics.request("/x", "GET", 200, 125 * MS); // ≤ 0.25
    metrics.request("/x", "GET", 200, 250 * MS); // ≤ 0.25: bounds are inclusive
    metrics.request("/x", "GET", 200, 750 * MS); // ≤ 1
    metrics.request("/x", "GET", 500, 30_000 * MS); // only +Inf
    assertEquals(
        """
        # HELP keybox_http_request_duration_seconds Time from receiving a request to its last response byte, by route template.
        # TYPE keybox_http_request_duration_seconds histogram
        keybox_http_request_duration_seconds_bucket{endpoint="/x",le="0.001"} 0
        keybox_http_request_duration_seconds_bucket{endpoint="/x",le="0.0025"} 0
        keybox_http_request_duration_seconds_bucket{endpoint="/x",le="0.005"} 0
        keybox_http_request_duration_seconds_bucket{endpoint="/x",le="0.01"} 0
        keybox_http_request_duration_seconds_bucket{endpoint="/x",le="0.025"} 0
        keybox_http_request_duration_seconds_bucket{endpoint="/x",le="0.05"} 0
        keybox_http_request_duration_seconds_bucket{endpoint="/x",le="0.1"} 0
        keybox_http_request_duration_seconds_bucket{endpoint="/x",le="0.25"} 2
        keybox_http_request_duration_seconds_bucket{endpoint="/x",le="0.5"} 2
        keybox_http_request_duration_seconds_bucket{endpoint="/x",le="1.0"} 3
        keybox_http_request_duration_seconds_bucket{endpoint="/x",le="2.5"} 3
        keybox_http_request_duration_seconds_bucket{endpoint="/x",le="5.0"} 3
        keybox_http_request_duration_seconds_bucket{endpoint="/x",le="10.0"} 3
        keybox_http_request_duration_seconds_bucket{endpoint="/x",le="+Inf"} 4
        keybox_http_request_duration_seconds_count{endpoint="/x"} 4
        keybox_http_request_duration_seconds_sum{endpoint="/x"} 31.125
        """,
        family(metrics.scrape(), "keybox_http_request_duration_seconds"));
  }

  @Test
  void rateLimitsAreCountedByKeyAndLabelValuesEscaped() {
    Metrics metrics = new Metrics();
    metrics.rateLimited("plain");
    metrics.rateLimited("a\"b\\c\nd");
    metrics.rateLimited("plain");
    assertEquals(
        """
        # HELP keybox_rate_limited_total Requests refused with 429 because the API key was over its rate limit.
        # TYPE keybox_rate_limited_total counter
        keybox_rate_limited_total{key="a\\"b\\\\c\\nd"} 1.0
        keybox_rate_limited_total{key="plain"} 2.0
        """,
        family(metrics.scrape(), "keybox_rate_limited_total"));
  }

  @Test
  void collectorsHandedInAreSampledAtEachScrape() {
    double[] documents = {100};
    Metrics metrics =
        new Metrics(
            () ->
                MetricSnapshots.of(
                    GaugeSnapshot.builder()
                        .name("app_documents")
                        .help("Documents.")
                        .dataPoint(
                            GaugeSnapshot.GaugeDataPointSnapshot.builder()
                                .value(documents[0])
                                .build())
                        .build()));
    documents[0] = 250;
    assertEquals(
        """
        # HELP app_documents Documents.
        # TYPE app_documents gauge
        app_documents 250.0
        """,
        family(metrics.scrape(), "app_documents"));
  }

  @Test
  void aSecondFamilyOfTheSameNameIsRefused() {
    Metrics metrics = new Metrics();
    assertThrows(
        IllegalArgumentException.class,
        () ->
            Counter.builder()
                .name("keybox_rate_limited_total")
                .help("Again.")
                .labelNames("key")
                .register(metrics.registry()));
  }

  @Test
  void theJvmFamiliesAreTheClientsStandardOnes() {
    String scrape = new Metrics().scrape();
    for (String sample :
        new String[] {
          "jvm_memory_used_bytes{area=\"heap\"}",
          "jvm_memory_committed_bytes{area=\"heap\"}",
          "jvm_memory_max_bytes{area=\"heap\"}",
          "process_start_time_seconds",
          "jvm_threads_current",
          "jvm_classes_currently_loaded",
        }) {
      assertTrue(scrape.contains("\n" + sample + " "), sample + " in:\n" + scrape);
    }
    assertTrue(scrape.contains("# TYPE jvm_gc_collection_seconds summary\n"), scrape);
  }

  @Test
  void theContentTypeIsTheTextFormatVersion004() {
    assertEquals("text/plain; version=0.0.4; charset=utf-8", Metrics.CONTENT_TYPE);
  }
}

package io.keybox.server.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The exact text exposition of each metric type, worked out by hand. */
class MetricRegistryTest {
  @Test
  void countersListEachLabelCombinationSorted() {
    MetricRegistry registry = new MetricRegistry();
    Counter requests =
        registry.register(new Counter("app_requests_total", "Requests.", "endpoint", "status"));
    requests.inc("/b", "200");
    requests.inc("/a", "404");
    requests.add(2, "/a", "200");
    assertEquals(3, requests.value("/a", "200") + requests.value("/a", "404"));
    assertEquals(
        """
        # HELP app_requests_total Requests.
        # TYPE app_requests_total counter
        app_requests_total{endpoint="/a",status="200"} 2
        app_requests_total{endpoint="/a",status="404"} 1
        app_requests_total{endpoint="/b",status="200"} 1
        """,
        registry.scrape());
  }

  @Test
  void histogramBucketsAreCumulativeWithInfSumAndCount() {
    MetricRegistry registry = new MetricRegistry();
    Histogram latency =
        registry.register(
            new Histogram("app_seconds", "Latency.", new double[] {0.25, 0.5, 1}, "endpoint"));
    latency.observe(0.125, "/x"); // ≤ 0.25
    latency.observe(0.25, "/x"); // ≤ 0.25: bounds are inclusive
    latency.observe(0.75, "/x"); // ≤ 1
    latency.observe(3, "/x"); // only +Inf
    assertEquals(4, latency.count("/x"));
    assertEquals(
        """
        # HELP app_seconds Latency.
        # TYPE app_seconds histogram
        app_seconds_bucket{endpoint="/x",le="0.25"} 2
        app_seconds_bucket{endpoint="/x",le="0.5"} 2
        app_seconds_bucket{endpoint="/x",le="1"} 3
        app_seconds_bucket{endpoint="/x",le="+Inf"} 4
        app_seconds_sum{endpoint="/x"} 4.125
        app_seconds_count{endpoint="/x"} 4
        """,
        registry.scrape());
  }

  @Test
  void gaugesAreSampledAtScrapeTimeAndLabelValuesEscaped() {
    MetricRegistry registry = new MetricRegistry();
    long[] heap = {100};
    registry.register(new Gauge("app_heap_bytes", "Heap\\used\nnow.", sink -> sink.set(heap[0])));
    registry.register(
        new Gauge(
            "app_vendor_ready",
            "Ready.",
            sink -> {
              sink.set(1, "a\"b\\c\nd");
              sink.set(0.5, "plain");
            },
            "vendor"));
    heap[0] = 250;
    assertEquals(
        """
        # HELP app_heap_bytes Heap\\\\used\\nnow.
        # TYPE app_heap_bytes gauge
        app_heap_bytes 250
        # HELP app_vendor_ready Ready.
        # TYPE app_vendor_ready gauge
        app_vendor_ready{vendor="a\\"b\\\\c\\nd"} 1
        app_vendor_ready{vendor="plain"} 0.5
        """,
        registry.scrape());
  }

  @Test
  void namesAndLabelsAreChecked() {
    MetricRegistry registry = new MetricRegistry();
    registry.register(new Counter("x_total", "X."));
    assertThrows(
        IllegalArgumentException.class, () -> registry.register(new Counter("x_total", "X.")));
    assertThrows(IllegalArgumentException.class, () -> new Counter("1x", "X."));
    assertThrows(IllegalArgumentException.class, () -> new Counter("x", "X.", "le"));
    Counter counter = new Counter("y_total", "Y.", "a");
    assertThrows(IllegalArgumentException.class, () -> counter.inc("1", "2"));
    assertThrows(IllegalArgumentException.class, () -> counter.add(-1, "1"));
    assertThrows(
        IllegalArgumentException.class, () -> new Histogram("h", "H.", new double[] {1, 1}));
  }

  @Test
  void numbersPrintWholeWithoutAFraction() {
    assertEquals("20714261", TextFormat.number(20714261));
    assertEquals("0.25", TextFormat.number(0.25));
    assertEquals("+Inf", TextFormat.number(Double.POSITIVE_INFINITY));
    assertEquals("NaN", TextFormat.number(Double.NaN));
    assertEquals("-1", TextFormat.number(-1));
    assertEquals("1795218229.966", TextFormat.number(1795218229.966));
    assertEquals("0.0001", TextFormat.number(1e-4));
  }
}

package io.keybox.server.metrics;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.concurrent.atomic.LongAdder;

/**
 * A histogram family with fixed buckets: per combination of label values, how many observations
 * fell at or below each upper bound, their count and their sum. Thread-safe and lock-free on the
 * hot path.
 *
 * <pre>{@code
 * Histogram latency =
 *     new Histogram("app_request_duration_seconds", "Latency.", Histogram.LATENCY_SECONDS, "endpoint");
 * latency.observe(0.012, "/properties");
 * }</pre>
 */
public final class Histogram implements Metric {
  /** Upper bounds for request latencies in seconds: 1 ms to 10 s. */
  public static final double[] LATENCY_SECONDS = {
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10
  };

  private final String name;
  private final String help;
  private final double[] bounds;
  private final List<String> labelNames;
  private final Map<List<String>, Cells> cells = new ConcurrentHashMap<>();

  /** The counts of one label combination; the last bucket holds observations above every bound. */
  private record Cells(LongAdder[] buckets, DoubleAdder sum) {
    Cells(int bounds) {
      this(new LongAdder[bounds + 1], new DoubleAdder());
      Arrays.setAll(buckets, i -> new LongAdder());
    }
  }

  /**
   * @param name the family name, e.g. {@code app_request_duration_seconds}
   * @param help one line saying what is measured
   * @param bounds the bucket upper bounds, strictly increasing and finite ({@code +Inf} is implied)
   * @param labelNames the label names, in the order values are given
   */
  public Histogram(String name, String help, double[] bounds, String... labelNames) {
    this.name = Labels.checkName(name);
    this.help = help;
    this.bounds = bounds.clone();
    this.labelNames = Labels.checkNames(labelNames);
    if (this.bounds.length == 0) {
      throw new IllegalArgumentException("a histogram needs at least one bucket");
    }
    for (int i = 0; i < this.bounds.length; i++) {
      if (!Double.isFinite(this.bounds[i]) || (i > 0 && this.bounds[i] <= this.bounds[i - 1])) {
        throw new IllegalArgumentException(
            "bucket bounds must be finite and increasing (got: " + Arrays.toString(bounds) + ")");
      }
    }
  }

  @Override
  public String name() {
    return name;
  }

  /** Records one observation for these label values. */
  public void observe(double value, String... labelValues) {
    Cells c =
        cells.computeIfAbsent(
            Labels.values(labelNames, labelValues), k -> new Cells(bounds.length));
    int bucket = Arrays.binarySearch(bounds, value);
    if (bucket < 0) {
      bucket = -bucket - 1; // the first bound above the value; bounds.length: above them all
    }
    c.buckets()[bucket].increment();
    c.sum().add(value);
  }

  /** How many observations these label values have; 0 when none. */
  public long count(String... labelValues) {
    Cells c = cells.get(Labels.values(labelNames, labelValues));
    return c == null ? 0 : Arrays.stream(c.buckets()).mapToLong(LongAdder::sum).sum();
  }

  @Override
  public void writeTo(TextFormat out) {
    out.family(name, "histogram", help);
    for (Map.Entry<List<String>, Cells> entry : Samples.sorted(cells)) {
      List<String> values = entry.getKey();
      LongAdder[] buckets = entry.getValue().buckets();
      // Read each bucket once, so the cumulative counts, +Inf and _count agree within a scrape.
      long cumulative = 0;
      for (int i = 0; i < bounds.length; i++) {
        cumulative += buckets[i].sum();
        out.sample(
            name + "_bucket", labelNames, values, "le", TextFormat.number(bounds[i]), cumulative);
      }
      cumulative += buckets[bounds.length].sum();
      out.sample(name + "_bucket", labelNames, values, "le", "+Inf", cumulative);
      out.sample(name + "_sum", labelNames, values, entry.getValue().sum().sum());
      out.sample(name + "_count", labelNames, values, cumulative);
    }
  }
}

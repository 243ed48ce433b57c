package io.keybox.server.metrics;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * A counter family: a monotonically increasing count per combination of label values. Thread-safe
 * and lock-free on the hot path (one map lookup and a {@link LongAdder} increment).
 *
 * <pre>{@code
 * Counter requests = new Counter("app_requests_total", "Requests.", "endpoint", "status");
 * requests.inc("/properties", "200");
 * }</pre>
 *
 * NOTE: every distinct combination of label values is kept for the life of the process; label
 * values must come from a small set (route templates, status codes, API keys), never from request
 * input.
 */
public final class Counter implements Metric {
  private final String name;
  private final String help;
  private final List<String> labelNames;
  private final Map<List<String>, LongAdder> counts = new ConcurrentHashMap<>();

  /**
   * @param name the family name; by convention it ends in {@code _total}
   * @param help one line saying what is counted
   * @param labelNames the label names, in the order values are given
   */
  public Counter(String name, String help, String... labelNames) {
    this.name = Labels.checkName(name);
    this.help = help;
    this.labelNames = Labels.checkNames(labelNames);
  }

  @Override
  public String name() {
    return name;
  }

  /** Adds one for these label values. */
  public void inc(String... labelValues) {
    add(1, labelValues);
  }

  /** Adds {@code amount} (at least 0) for these label values. */
  public void add(long amount, String... labelValues) {
    if (amount < 0) {
      throw new IllegalArgumentException("a counter only goes up (got: " + amount + ")");
    }
    counts
        .computeIfAbsent(Labels.values(labelNames, labelValues), k -> new LongAdder())
        .add(amount);
  }

  /** The count for these label values; 0 when never incremented. */
  public long value(String... labelValues) {
    LongAdder count = counts.get(Labels.values(labelNames, labelValues));
    return count == null ? 0 : count.sum();
  }

  @Override
  public void writeTo(TextFormat out) {
    out.family(name, "counter", help);
    for (Map.Entry<List<String>, LongAdder> entry : Samples.sorted(counts)) {
      out.sample(name, labelNames, entry.getKey(), entry.getValue().sum());
    }
  }
}

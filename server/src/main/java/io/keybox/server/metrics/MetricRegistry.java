package io.keybox.server.metrics;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The metric families of one process, written in registration order by {@link #scrape()}. Names are
 * unique. Thread-safe.
 */
public final class MetricRegistry {
  private final List<Metric> metrics = new CopyOnWriteArrayList<>();
  private final Map<String, Metric> byName = new ConcurrentHashMap<>();

  /**
   * Adds {@code metric} and returns it.
   *
   * @throws IllegalArgumentException when a family of that name is registered already
   */
  public <M extends Metric> M register(M metric) {
    if (byName.putIfAbsent(metric.name(), metric) != null) {
      throw new IllegalArgumentException("metric '" + metric.name() + "' is registered already");
    }
    metrics.add(metric);
    return metric;
  }

  /** The names of the registered families, in order. */
  public List<String> names() {
    List<String> names = new ArrayList<>();
    metrics.forEach(m -> names.add(m.name()));
    return names;
  }

  /** Every family in the Prometheus text format ({@link TextFormat#CONTENT_TYPE}). */
  public String scrape() {
    TextFormat out = new TextFormat();
    for (Metric metric : metrics) {
      metric.writeTo(out);
    }
    return out.toString();
  }
}

package io.keybox.server.metrics;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A gauge family whose samples are read when scraped, from state that lives elsewhere (index
 * generations, heap use): nothing is stored between scrapes.
 *
 * <pre>{@code
 * new Gauge("app_heap_used_bytes", "Heap in use.", sink -> sink.set(heap.getUsed()));
 * }</pre>
 */
public final class Gauge implements Metric {
  /** Reports the current samples. */
  @FunctionalInterface
  public interface Sampler {
    void sample(Sink sink);
  }

  /** Takes one sample: its value and one value per label name. */
  @FunctionalInterface
  public interface Sink {
    void set(double value, String... labelValues);
  }

  private final String name;
  private final String help;
  private final List<String> labelNames;
  private final Sampler sampler;

  /**
   * @param name the family name
   * @param help one line saying what is measured
   * @param sampler reports the samples at each scrape; it must be thread-safe and quick
   * @param labelNames the label names, in the order values are given
   */
  public Gauge(String name, String help, Sampler sampler, String... labelNames) {
    this.name = Labels.checkName(name);
    this.help = help;
    this.sampler = sampler;
    this.labelNames = Labels.checkNames(labelNames);
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public void writeTo(TextFormat out) {
    Map<List<String>, Double> samples = new LinkedHashMap<>();
    sampler.sample(
        (value, labelValues) -> samples.put(Labels.values(labelNames, labelValues), value));
    out.family(name, "gauge", help);
    for (Map.Entry<List<String>, Double> entry : Samples.sorted(samples)) {
      out.sample(name, labelNames, entry.getKey(), entry.getValue());
    }
  }
}

package io.keybox.bench.report;

import io.keybox.bench.SystemName;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One class measured {@code --repeat N} times in one mode (as is, or pinned): each system's
 * throughput in each repeat, the systems interleaved within every repeat. Verdicts use the median;
 * the spread of a ratio is its minimum and maximum over the repeats, each repeat's ratio taken
 * between the systems' throughputs of that same repeat.
 *
 * @param qps per system, its throughput in each repeat, in repeat order
 */
public record Repeats(Map<SystemName, List<Double>> qps) {
  public Repeats {
    Map<SystemName, List<Double>> copy = new EnumMap<>(SystemName.class);
    qps.forEach((system, values) -> copy.put(system, List.copyOf(values)));
    qps = Collections.unmodifiableMap(copy);
  }

  /** The median of {@code values}: the middle one, or the mean of the two middle ones. */
  public static double median(List<Double> values) {
    if (values.isEmpty()) {
      return Double.NaN;
    }
    List<Double> sorted = new ArrayList<>(values);
    Collections.sort(sorted);
    int middle = sorted.size() / 2;
    return sorted.size() % 2 == 1
        ? sorted.get(middle)
        : (sorted.get(middle - 1) + sorted.get(middle)) / 2;
  }

  /** How many repeats {@code system} ran (0 when it did not). */
  public int count(SystemName system) {
    return qps.getOrDefault(system, List.of()).size();
  }

  /** The median throughput of {@code system}, or NaN when it did not run. */
  public double medianQps(SystemName system) {
    return median(qps.getOrDefault(system, List.of()));
  }

  /**
   * {@code system}'s throughput over {@code peer}'s: the ratio of their medians, and the least and
   * greatest ratio of one repeat. NaN when either did not run.
   */
  public Ratio ratio(SystemName system, SystemName peer) {
    return ratio(qps.getOrDefault(system, List.of()), qps.getOrDefault(peer, List.of()));
  }

  /**
   * The throughputs {@code mine} over {@code theirs}, repeat by repeat: the ratio of their medians,
   * and the least and greatest ratio of one repeat. NaN when either is empty.
   */
  public static Ratio ratio(List<Double> mine, List<Double> theirs) {
    int n = Math.min(mine.size(), theirs.size());
    if (n == 0) {
      return new Ratio(Double.NaN, Double.NaN, Double.NaN, 0);
    }
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    for (int i = 0; i < n; i++) {
      double ratio = mine.get(i) / theirs.get(i);
      min = Math.min(min, ratio);
      max = Math.max(max, ratio);
    }
    return new Ratio(median(mine) / median(theirs), min, max, n);
  }

  /**
   * A throughput ratio over repeats.
   *
   * @param median the ratio of the medians: what verdicts use
   * @param min the least ratio of one repeat
   * @param max the greatest ratio of one repeat
   * @param repeats how many repeats it rests on
   */
  public record Ratio(double median, double min, double max, int repeats) {
    /** Whether it was measured. */
    public boolean measured() {
      return repeats > 0 && !Double.isNaN(median);
    }

    /**
     * Whether the spread crosses {@code target}: some repeat is below it and some at or above it,
     * so the verdict depends on which repeat one looks at.
     */
    public boolean unsettled(double target) {
      return measured() && min < target && max >= target;
    }

    /** Whether the median meets {@code target}; null when not measured. */
    public Boolean holds(double target) {
      return measured() ? median >= target : null;
    }

    /** {@code 2.31x (1.90-2.60x over 3)}, or {@code 2.31x} for one repeat, or {@code n/a}. */
    public String text() {
      if (!measured()) {
        return "n/a";
      }
      if (repeats == 1) {
        return String.format(Locale.ROOT, "%.2fx", median);
      }
      return String.format(Locale.ROOT, "%.2fx (%.2f-%.2fx over %d)", median, min, max, repeats);
    }
  }
}

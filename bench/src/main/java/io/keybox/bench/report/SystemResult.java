package io.keybox.bench.report;

import io.keybox.bench.load.LoadResult;
import java.util.Optional;

/**
 * One system's outcome on one query class: measured, or skipped with the reason.
 *
 * @param load the measurement, when the class ran (with repeats: the repeat of the median)
 * @param note why it was skipped, or a remark on the measurement
 * @param medianQps the median throughput over the repeats, or NaN for a single measurement
 */
public record SystemResult(Optional<LoadResult> load, String note, double medianQps) {
  public SystemResult(Optional<LoadResult> load, String note) {
    this(load, note, Double.NaN);
  }

  public static SystemResult measured(LoadResult load) {
    return new SystemResult(Optional.of(load), null);
  }

  /**
   * The repeat {@code load} of a system whose median throughput over the repeats is {@code qps}.
   */
  public static SystemResult median(LoadResult load, double qps) {
    return new SystemResult(Optional.of(load), null, qps);
  }

  public static SystemResult skipped(String why) {
    return new SystemResult(Optional.empty(), why);
  }

  /** Successful answers per second (the median over the repeats), or NaN when skipped. */
  public double qps() {
    if (!Double.isNaN(medianQps)) {
      return medianQps;
    }
    return load.map(LoadResult::qps).orElse(Double.NaN);
  }
}

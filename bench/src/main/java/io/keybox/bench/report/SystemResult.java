package io.keybox.bench.report;

import io.keybox.bench.load.LoadResult;
import java.util.Optional;

/**
 * One system's outcome on one query class: measured, or skipped with the reason.
 *
 * @param load the measurement, when the class ran
 * @param note why it was skipped, or a remark on the measurement
 */
public record SystemResult(Optional<LoadResult> load, String note) {
  public static SystemResult measured(LoadResult load) {
    return new SystemResult(Optional.of(load), null);
  }

  public static SystemResult skipped(String why) {
    return new SystemResult(Optional.empty(), why);
  }

  /** Successful answers per second, or NaN when skipped. */
  public double qps() {
    return load.map(LoadResult::qps).orElse(Double.NaN);
  }
}

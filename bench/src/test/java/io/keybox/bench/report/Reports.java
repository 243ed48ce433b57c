package io.keybox.bench.report;

import io.keybox.bench.SystemName;
import io.keybox.bench.load.LoadResult;
import io.keybox.bench.mix.Endpoint;
import io.keybox.bench.mix.QueryClass;
import java.util.Map;
import java.util.Set;

/** Hand-made class reports for the report tests. */
final class Reports {
  private Reports() {}

  /** A class {@code name} with a p99 target of {@code p99Target} ms and these results. */
  static ClassReport of(
      String name,
      double p99Target,
      Map<SystemName, SystemResult> results,
      SystemName... disagreeing) {
    return new ClassReport(
        new QueryClass(name, "", "", Endpoint.SEARCH, p99Target, s -> null),
        results,
        disagreeing.length == 0 ? "agree" : ClassReport.DIFFER + "...",
        Set.of(disagreeing),
        0);
  }

  /** A measured result of {@code qps} requests per second, {@code errors} of them failed. */
  static SystemResult measured(double qps, double p99Millis, long errors) {
    return SystemResult.measured(
        new LoadResult(
            100, errors, 1, qps, 1, 1, p99Millis, p99Millis, 1, 0, null, new double[] {qps}));
  }
}

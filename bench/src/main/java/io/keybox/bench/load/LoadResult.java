package io.keybox.bench.load;

import java.util.Arrays;
import java.util.List;

/**
 * The measurement of one system on one query class, over one or more rounds.
 *
 * @param requests answers received in the measured windows (successful and failed)
 * @param errors failed answers and broken connections
 * @param seconds the measured windows together
 * @param qps successful answers per second over all windows
 * @param p50Millis median latency of successful answers
 * @param p90Millis 90th percentile
 * @param p99Millis 99th percentile
 * @param maxMillis slowest successful answer
 * @param meanMillis mean latency
 * @param bytesPerAnswer mean body size of an answer (0 for in-process systems)
 * @param firstError the first error seen, if any
 * @param roundQps the throughput of each round, in order: how much the machine's noise moved it
 */
public record LoadResult(
    long requests,
    long errors,
    double seconds,
    double qps,
    double p50Millis,
    double p90Millis,
    double p99Millis,
    double maxMillis,
    double meanMillis,
    long bytesPerAnswer,
    String firstError,
    double[] roundQps) {

  /** The rounds of one system on one class, together. */
  public static LoadResult of(List<Round> rounds) {
    int ok = 0;
    long errors = 0;
    long bytes = 0;
    double seconds = 0;
    String firstError = null;
    for (Round round : rounds) {
      ok += round.samples().length;
      errors += round.errors();
      bytes += round.bytes();
      seconds += round.seconds();
      if (firstError == null) {
        firstError = round.firstError();
      }
    }
    long[] sorted = new long[ok];
    int at = 0;
    double mean = 0;
    for (Round round : rounds) {
      System.arraycopy(round.samples(), 0, sorted, at, round.samples().length);
      at += round.samples().length;
    }
    Arrays.sort(sorted);
    for (long sample : sorted) {
      mean += sample;
    }
    return new LoadResult(
        ok + errors,
        errors,
        seconds,
        ok / Math.max(1e-9, seconds),
        Latencies.percentileMillis(sorted, 0.50),
        Latencies.percentileMillis(sorted, 0.90),
        Latencies.percentileMillis(sorted, 0.99),
        Latencies.percentileMillis(sorted, 1.0),
        ok == 0 ? Double.NaN : mean / ok / 1e6,
        ok == 0 ? 0 : bytes / ok,
        firstError,
        rounds.stream().mapToDouble(Round::qps).toArray());
  }
}

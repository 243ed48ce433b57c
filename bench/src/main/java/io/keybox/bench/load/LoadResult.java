package io.keybox.bench.load;

/**
 * The measurement of one system on one query class.
 *
 * @param requests answers received in the measured window (successful and failed)
 * @param errors failed answers and broken connections
 * @param seconds the length of the measured window
 * @param qps successful answers per second
 * @param p50Millis median latency of successful answers
 * @param p90Millis 90th percentile
 * @param p99Millis 99th percentile
 * @param maxMillis slowest successful answer
 * @param meanMillis mean latency
 * @param bytesPerAnswer mean body size of an answer (0 for in-process systems)
 * @param firstError the first error seen, if any
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
    String firstError) {}

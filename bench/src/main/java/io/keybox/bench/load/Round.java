package io.keybox.bench.load;

/**
 * One measured window of one system on one class.
 *
 * @param samples latencies of the successful answers, in nanoseconds, in no particular order
 * @param errors failed answers and broken connections
 * @param bytes body bytes of the successful answers
 * @param seconds the length of the window
 * @param firstError the first error seen, or null
 */
public record Round(long[] samples, long errors, long bytes, double seconds, String firstError) {
  /** Successful answers per second. */
  public double qps() {
    return samples.length / seconds;
  }
}

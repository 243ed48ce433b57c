package io.keybox.bench.load;

import java.util.Arrays;

/** A growable array of latency samples in nanoseconds, one per thread; merged at the end. */
final class Latencies {
  private long[] samples = new long[4096];
  private int size;

  void add(long nanos) {
    if (size == samples.length) {
      samples = Arrays.copyOf(samples, size * 2);
    }
    samples[size++] = nanos;
  }

  int size() {
    return size;
  }

  /** All samples of {@code parts}, in no particular order. */
  static long[] merge(Iterable<Latencies> parts) {
    int total = 0;
    for (Latencies part : parts) {
      total += part.size;
    }
    long[] all = new long[total];
    int at = 0;
    for (Latencies part : parts) {
      System.arraycopy(part.samples, 0, all, at, part.size);
      at += part.size;
    }
    return all;
  }

  /** All samples of {@code parts}, sorted. */
  static long[] mergeSorted(Iterable<Latencies> parts) {
    long[] all = merge(parts);
    Arrays.sort(all);
    return all;
  }

  /** The nearest-rank percentile {@code p} (0..1] of sorted samples, in milliseconds. */
  static double percentileMillis(long[] sorted, double p) {
    if (sorted.length == 0) {
      return Double.NaN;
    }
    int rank = (int) Math.ceil(p * sorted.length);
    return sorted[Math.max(0, Math.min(sorted.length, rank) - 1)] / 1e6;
  }
}

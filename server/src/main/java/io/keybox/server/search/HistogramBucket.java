package io.keybox.server.search;

import java.util.ArrayList;
import java.util.List;

/**
 * One bucket of the price histogram: prices from {@code from} (inclusive) to {@code to}
 * (exclusive), and how many matches have one.
 */
public record HistogramBucket(double from, double to, long count) {
  private static final int TARGET_BUCKETS = 10;

  /**
   * The histogram of {@code prices}: equal-width buckets whose width is the smallest "round" number
   * (1, 2 or 5 times a power of ten, at least 1) that spans the prices in at most ten steps,
   * starting at the multiple of the width at or below the lowest price and ending with the bucket
   * holding the highest; empty buckets in between are kept so the histogram is contiguous. No
   * prices, no buckets.
   */
  static List<HistogramBucket> of(Numbers.Values prices) {
    if (prices.size() == 0) {
      return List.of();
    }
    double min = prices.min().getAsDouble();
    double max = prices.max().getAsDouble();
    double width = width(min, max);
    double start = Math.floor(min / width) * width;
    int buckets = (int) Math.floor((max - start) / width) + 1;
    long[] counts = new long[buckets];
    for (int i = 0; i < prices.size(); i++) {
      counts[Math.min(buckets - 1, (int) Math.floor((prices.get(i) - start) / width))]++;
    }
    List<HistogramBucket> histogram = new ArrayList<>(buckets);
    for (int i = 0; i < buckets; i++) {
      histogram.add(new HistogramBucket(start + i * width, start + (i + 1) * width, counts[i]));
    }
    return histogram;
  }

  /**
   * The width of the buckets of prices from {@code min} to {@code max}: the smallest "round" number
   * (1, 2 or 5 times a power of ten, at least 1) that spans them in at most ten steps. The first
   * bucket starts at the multiple of the width at or below {@code min}. Public for the bench's
   * peers, which ask their engine for the same buckets.
   */
  public static double width(double min, double max) {
    // All prices equal: a bucket a tenth of the price wide still reads well.
    double span = max > min ? max - min : Math.max(Math.abs(min), 1);
    return roundUp(span / TARGET_BUCKETS);
  }

  /** The smallest of 1, 2, 5 × 10^k that is at least {@code value}, and at least 1. */
  static double roundUp(double value) {
    if (value <= 1) {
      return 1;
    }
    double power = Math.pow(10, Math.floor(Math.log10(value)));
    for (double step : new double[] {1, 2, 5, 10}) {
      if (step * power >= value) {
        return step * power;
      }
    }
    return 10 * power;
  }
}

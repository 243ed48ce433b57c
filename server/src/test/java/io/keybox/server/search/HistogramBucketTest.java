package io.keybox.server.search;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.keybox.server.search.Numbers.Values;
import java.util.List;
import org.junit.jupiter.api.Test;

class HistogramBucketTest {
  private static Values of(double... prices) {
    Values values = new Values();
    for (double price : prices) {
      values.add(price);
    }
    return values;
  }

  @Test
  void noPricesNoBuckets() {
    assertEquals(List.of(), HistogramBucket.of(of()));
  }

  @Test
  void equalPricesFillOneBucketATenthOfThePriceWide() {
    assertEquals(
        List.of(new HistogramBucket(350_000, 400_000, 2)),
        HistogramBucket.of(of(350_000, 350_000)));
  }

  @Test
  void pricesInAnyOrderFallInRoundBucketsFromTheLowest() {
    // Span 200,000: width 20,000 (the round step for a tenth of it), from 100,000; the highest
    // price opens the eleventh bucket.
    List<HistogramBucket> buckets = HistogramBucket.of(of(300_000, 100_000, 250_000, 119_999));
    assertEquals(11, buckets.size());
    assertEquals(new HistogramBucket(100_000, 120_000, 2), buckets.get(0));
    assertEquals(new HistogramBucket(240_000, 260_000, 1), buckets.get(7));
    assertEquals(new HistogramBucket(300_000, 320_000, 1), buckets.get(10));
    assertEquals(4, buckets.stream().mapToLong(HistogramBucket::count).sum());
  }
}

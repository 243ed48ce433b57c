package io.keybox.bench.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class LatenciesTest {
  @Test
  void nearestRankPercentilesOfMergedSamples() {
    Latencies a = new Latencies();
    Latencies b = new Latencies();
    for (int i = 1; i <= 100; i++) {
      (i % 2 == 0 ? a : b).add(i * 1_000_000L);
    }
    long[] sorted = Latencies.mergeSorted(List.of(a, b));
    assertEquals(100, sorted.length);
    assertEquals(50.0, Latencies.percentileMillis(sorted, 0.50));
    assertEquals(99.0, Latencies.percentileMillis(sorted, 0.99));
    assertEquals(100.0, Latencies.percentileMillis(sorted, 1.0));
    assertEquals(1.0, Latencies.percentileMillis(sorted, 0.001));
  }

  @Test
  void noSamplesIsNaN() {
    assertTrue(Double.isNaN(Latencies.percentileMillis(new long[0], 0.5)));
  }
}

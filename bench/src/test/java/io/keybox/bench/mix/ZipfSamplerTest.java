package io.keybox.bench.mix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class ZipfSamplerTest {
  /** A random source whose next double is given. */
  private static Random fixed(double u) {
    return new Random() {
      @Override
      public double nextDouble() {
        return u;
      }
    };
  }

  @Test
  void threeRanksWithExponentOneHaveProbabilitiesSixThreeAndTwoElevenths() {
    // H(3,1) = 1 + 1/2 + 1/3 = 11/6: p = (6/11, 3/11, 2/11)
    ZipfSampler zipf = new ZipfSampler(3, 1.0);
    assertEquals(6.0 / 11, zipf.probability(0), 1e-12);
    assertEquals(3.0 / 11, zipf.probability(1), 1e-12);
    assertEquals(2.0 / 11, zipf.probability(2), 1e-12);
  }

  @Test
  void exponentTwoSquaresTheFallOff() {
    // H(2,2) = 1 + 1/4 = 5/4: p = (4/5, 1/5)
    ZipfSampler zipf = new ZipfSampler(2, 2.0);
    assertEquals(0.8, zipf.probability(0), 1e-12);
    assertEquals(0.2, zipf.probability(1), 1e-12);
  }

  @Test
  void aDrawFallsOnTheRankWhoseShareOfTheUnitIntervalHoldsIt() {
    // cumulative: 6/11 = 0.5454..., 9/11 = 0.8181..., 1
    ZipfSampler zipf = new ZipfSampler(3, 1.0);
    assertEquals(0, zipf.next(fixed(0.0)));
    assertEquals(0, zipf.next(fixed(0.54)));
    assertEquals(1, zipf.next(fixed(0.55)));
    assertEquals(1, zipf.next(fixed(0.81)));
    assertEquals(2, zipf.next(fixed(0.82)));
    assertEquals(2, zipf.next(fixed(0.999999)));
  }

  @Test
  void theSameSeedDrawsTheSameRanks() {
    ZipfSampler zipf = new ZipfSampler(300, 1.0);
    Random a = new Random(42);
    Random b = new Random(42);
    int[] first = IntStream.range(0, 1000).map(i -> zipf.next(a)).toArray();
    int[] second = IntStream.range(0, 1000).map(i -> zipf.next(b)).toArray();
    assertEquals(java.util.Arrays.toString(first), java.util.Arrays.toString(second));
  }

  @Test
  void aSamplerNeedsAtLeastOneRankAndNoNegativeExponent() {
    assertThrows(IllegalArgumentException.class, () -> new ZipfSampler(0, 1.0));
    assertThrows(IllegalArgumentException.class, () -> new ZipfSampler(3, -0.5));
  }
}

package io.keybox.server.search.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class MedianTest {
  @Test
  void noValuesHaveNoMedian() {
    assertEquals(Double.NaN, Median.of(new double[] {4, 2}, 0));
  }

  @Test
  void anOddCountHasTheMiddleValue() {
    assertEquals(5, Median.of(new double[] {5}, 1));
    assertEquals(2, Median.of(new double[] {3, 1, 2}, 3));
    assertEquals(250000, Median.of(new double[] {900000, 250000, 120000, 310000, 99000}, 5));
  }

  @Test
  void anEvenCountHasTheMeanOfTheTwoMiddleValues() {
    assertEquals(2.5, Median.of(new double[] {4, 1, 3, 2}, 4));
    assertEquals(7, Median.of(new double[] {7, 7, 7, 1, 7, 9}, 6));
    assertEquals(8, Median.of(new double[] {9, 7, 7, 9}, 4));
  }

  @Test
  void onlyTheFirstSizeValuesCount() {
    assertEquals(2, Median.of(new double[] {3, 1, 2, -100, -100}, 3));
  }

  @Test
  void manyShuffledValues() {
    // k·7919 mod n visits every k in 0..n-1 once, 7919 being a prime that divides neither n.
    double[] odd = new double[100_001];
    for (int k = 0; k < odd.length; k++) {
      odd[k] = (k * 7919L) % odd.length;
    }
    assertEquals(50_000, Median.of(odd, odd.length));
    double[] even = new double[100_000];
    for (int k = 0; k < even.length; k++) {
      even[k] = (k * 7919L) % even.length;
    }
    assertEquals(49_999.5, Median.of(even, even.length));
  }

  @Test
  void manyEqualValues() {
    double[] prices = new double[50_000];
    java.util.Arrays.fill(prices, 350_000);
    prices[0] = 1;
    prices[1] = 9_000_000;
    assertEquals(350_000, Median.of(prices, prices.length));
  }
}

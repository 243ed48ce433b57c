package io.keybox.server.search;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.keybox.server.search.Numbers.Values;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class NumbersTest {
  private static Values of(double... values) {
    Values list = new Values(2);
    for (double value : values) {
      list.add(value);
    }
    return list;
  }

  @Test
  void noValuesHaveNoMedianMinimumOrMaximum() {
    Values none = of(Double.NaN);
    assertEquals(0, none.size());
    assertEquals(OptionalDouble.empty(), none.median());
    assertEquals(OptionalDouble.empty(), none.min());
    assertEquals(OptionalDouble.empty(), none.max());
  }

  @Test
  void missingValuesAreLeftOutOfEveryStatistic() {
    Values prices = of(Double.NaN, 310000, 99000.5, 1250000, Double.NaN, 200000);
    assertEquals(4, prices.size());
    assertEquals(OptionalDouble.of(99000.5), prices.min());
    assertEquals(OptionalDouble.of(1250000), prices.max());
    assertEquals(OptionalDouble.of(255000), prices.median());
    assertEquals(2, prices.countBelow(250000));
  }

  @Test
  void countsValuesStrictlyBelow() {
    Values values = of(1, 2, 2, 3, Double.NaN);
    assertEquals(1, values.countBelow(2));
    assertEquals(3, values.countBelow(2.5));
    assertEquals(0, values.countBelow(1));
  }
}

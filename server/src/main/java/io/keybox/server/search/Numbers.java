package io.keybox.server.search;

import io.keybox.server.search.exec.Median;
import java.util.Arrays;
import java.util.OptionalDouble;

/** Small accumulators for analytics: means over present values, and value lists for medians. */
final class Numbers {
  private Numbers() {}

  /** The mean of the values added that are present (not NaN); empty when none is. */
  static final class Mean {
    private double sum;
    private long count;

    void add(double value) {
      if (!Double.isNaN(value)) {
        sum += value;
        count++;
      }
    }

    OptionalDouble value() {
      return count == 0 ? OptionalDouble.empty() : OptionalDouble.of(sum / count);
    }
  }

  /** A growable list of present values with their minimum and maximum. */
  static final class Values {
    private double[] values;
    private int size;
    private double min = Double.POSITIVE_INFINITY;
    private double max = Double.NEGATIVE_INFINITY;

    Values() {
      this(64);
    }

    /** Room for {@code expected} values before the list grows. */
    Values(long expected) {
      values = new double[(int) Math.max(1, Math.min(expected, Integer.MAX_VALUE - 8))];
    }

    void add(double value) {
      if (Double.isNaN(value)) {
        return;
      }
      if (size == values.length) {
        values = Arrays.copyOf(values, (int) Math.min(Integer.MAX_VALUE - 8, size * 2L));
      }
      values[size++] = value;
      min = Math.min(min, value);
      max = Math.max(max, value);
    }

    int size() {
      return size;
    }

    /** Value {@code i}, {@code 0 <= i < size()}, in no particular order. */
    double get(int i) {
      return values[i];
    }

    /**
     * The middle value, or the mean of the two middle values of an even count. Reorders the values.
     */
    OptionalDouble median() {
      return size == 0 ? OptionalDouble.empty() : OptionalDouble.of(Median.of(values, size));
    }

    OptionalDouble min() {
      return size == 0 ? OptionalDouble.empty() : OptionalDouble.of(min);
    }

    OptionalDouble max() {
      return size == 0 ? OptionalDouble.empty() : OptionalDouble.of(max);
    }

    /** How many values are strictly below {@code value}. */
    long countBelow(double value) {
      long below = 0;
      for (int i = 0; i < size; i++) {
        if (values[i] < value) {
          below++;
        }
      }
      return below;
    }
  }

  /** Price per square foot: price ÷ area, NaN unless both are present and the area positive. */
  static double pricePerSqFt(double price, double area) {
    return Double.isNaN(price) || Double.isNaN(area) || area <= 0 ? Double.NaN : price / area;
  }
}

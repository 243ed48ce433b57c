package io.keybox.server.search;

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

  /** A growable list of present values, sorted on demand. */
  static final class Values {
    private double[] values = new double[64];
    private int size;
    private boolean sorted = true;

    void add(double value) {
      if (Double.isNaN(value)) {
        return;
      }
      if (size == values.length) {
        values = Arrays.copyOf(values, size * 2);
      }
      values[size++] = value;
      sorted = false;
    }

    int size() {
      return size;
    }

    /** A copy of the values in ascending order. */
    double[] sorted() {
      if (!sorted) {
        Arrays.sort(values, 0, size);
        sorted = true;
      }
      return Arrays.copyOf(values, size);
    }

    /** The middle value, or the mean of the two middle values of an even count. */
    OptionalDouble median() {
      if (size == 0) {
        return OptionalDouble.empty();
      }
      double[] ascending = sorted();
      return OptionalDouble.of(
          size % 2 == 1
              ? ascending[size / 2]
              : (ascending[size / 2 - 1] + ascending[size / 2]) / 2);
    }

    OptionalDouble min() {
      return size == 0 ? OptionalDouble.empty() : OptionalDouble.of(sorted()[0]);
    }

    OptionalDouble max() {
      return size == 0 ? OptionalDouble.empty() : OptionalDouble.of(sorted()[size - 1]);
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

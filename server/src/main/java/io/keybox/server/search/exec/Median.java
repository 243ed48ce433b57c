package io.keybox.server.search.exec;

import org.apache.lucene.util.IntroSelector;

/**
 * The median of a column's values over many matches, found by selection in linear time rather than
 * by sorting (a whole city's prices are hundreds of thousands of values).
 */
public final class Median {
  private Median() {}

  /**
   * The middle of the first {@code size} values, or the mean of the two middle values of an even
   * count; NaN when {@code size} is 0. Reorders those values.
   *
   * @param values no NaN among the first {@code size}
   */
  public static double of(double[] values, int size) {
    if (size == 0) {
      return Double.NaN;
    }
    int upper = size / 2;
    // Lucene's introselect: linear on average, bounded on any input, duplicates included.
    new IntroSelector() {
      private double pivot;

      @Override
      protected void swap(int i, int j) {
        double value = values[i];
        values[i] = values[j];
        values[j] = value;
      }

      @Override
      protected void setPivot(int i) {
        pivot = values[i];
      }

      @Override
      protected int comparePivot(int j) {
        return Double.compare(pivot, values[j]);
      }
    }.select(0, size, upper);
    if (size % 2 == 1) {
      return values[upper];
    }
    // Everything before the upper middle is at most it; the lower middle is their largest.
    double lower = Double.NEGATIVE_INFINITY;
    for (int i = 0; i < upper; i++) {
      lower = Math.max(lower, values[i]);
    }
    return (lower + values[upper]) / 2;
  }
}

package io.keybox.bench.mix;

import java.util.Arrays;
import java.util.Random;

/**
 * Draws ranks {@code 0..n-1} by a Zipf law: rank {@code k} (1-based) with probability {@code
 * (1/k^s) / H(n,s)}, where {@code H(n,s)} is the sum of {@code 1/i^s} over {@code i = 1..n}. The
 * popularity of web pages follows such a law (bench/README.md, "hot-pages", says which exponent and
 * why).
 */
public final class ZipfSampler {
  private final double[] cumulative;

  /**
   * @param n how many ranks, at least 1
   * @param exponent the exponent {@code s}, at least 0 (0: every rank alike)
   */
  public ZipfSampler(int n, double exponent) {
    if (n < 1 || !(exponent >= 0)) {
      throw new IllegalArgumentException(
          "n must be >= 1 and the exponent >= 0: " + n + ", " + exponent);
    }
    cumulative = new double[n];
    double sum = 0;
    for (int k = 1; k <= n; k++) {
      sum += 1 / Math.pow(k, exponent);
      cumulative[k - 1] = sum;
    }
    for (int i = 0; i < n; i++) {
      cumulative[i] /= sum;
    }
    // Rounding must not leave a sliver above the last rank that no draw can reach.
    cumulative[n - 1] = 1;
  }

  /** How many ranks there are. */
  public int size() {
    return cumulative.length;
  }

  /** The probability of the 0-based {@code rank}. */
  public double probability(int rank) {
    return rank == 0 ? cumulative[0] : cumulative[rank] - cumulative[rank - 1];
  }

  /** The next 0-based rank, from one {@link Random#nextDouble()} of {@code random}. */
  public int next(Random random) {
    double u = random.nextDouble();
    int at = Arrays.binarySearch(cumulative, u);
    // An exact hit on a boundary belongs to the next rank: rank k covers [F(k-1), F(k)).
    int rank = at >= 0 ? at + 1 : -at - 1;
    return Math.min(rank, cumulative.length - 1);
  }
}

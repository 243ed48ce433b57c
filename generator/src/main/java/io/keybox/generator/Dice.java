package io.keybox.generator;

import java.util.List;
import java.util.SplittableRandom;

/**
 * A seeded source of random choices with the helpers the generator needs.
 *
 * <p>Every generated entity (a listing, an agent, an office) gets its own {@code Dice} derived from
 * the run's seed, a stream number and the entity's index, so an entity's values never depend on how
 * many values other entities drew. NOTE: not thread-safe; use one instance per entity.
 */
final class Dice {
  static final long LISTINGS = 1;
  static final long AGENTS = 2;
  static final long OFFICES = 3;
  static final long IDS = 4;
  static final long AGENT_PICKS = 5;
  static final long PHOTOS = 6;

  private final SplittableRandom random;

  Dice(long seed) {
    this.random = new SplittableRandom(seed);
  }

  /** The dice of entity {@code index} of {@code stream} in a run seeded with {@code seed}. */
  static Dice of(long seed, long stream, long index) {
    return new Dice(mix(mix(seed ^ (stream * 0x9E3779B97F4A7C15L)) + index));
  }

  /** A bijective 64-bit mixer (the finaliser of SplitMix64). */
  static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  /** True with probability {@code p}. */
  boolean chance(double p) {
    return random.nextDouble() < p;
  }

  /** A uniform double in [0, 1). */
  double unit() {
    return random.nextDouble();
  }

  /** A uniform int in [min, max], both inclusive. */
  int between(int min, int max) {
    return random.nextInt(min, max + 1);
  }

  /** A uniform double in [min, max). */
  double between(double min, double max) {
    return random.nextDouble(min, max);
  }

  /** A uniform long in [0, bound). */
  long below(long bound) {
    return random.nextLong(bound);
  }

  /** A normal deviate with mean 0 and standard deviation 1. */
  double gaussian() {
    return random.nextGaussian();
  }

  /** A log-normal factor with median 1 and the given sigma, e.g. 0.15 for about ±15%. */
  double spread(double sigma) {
    return Math.exp(sigma * random.nextGaussian());
  }

  /** A uniform element of {@code items}. */
  <T> T pick(List<T> items) {
    return items.get(random.nextInt(items.size()));
  }

  /** An index drawn with the given (not necessarily normalised) non-negative weights. */
  int weighted(double[] weights) {
    double total = 0;
    for (double w : weights) {
      total += w;
    }
    double x = random.nextDouble() * total;
    for (int i = 0; i < weights.length; i++) {
      x -= weights[i];
      if (x < 0) {
        return i;
      }
    }
    return weights.length - 1;
  }

  /**
   * {@code count} distinct elements of {@code items} (at most all of them) in vocabulary order, so
   * that lists read as an MLS would print them.
   */
  <T> List<T> distinct(List<T> items, int count) {
    int n = items.size();
    int k = Math.min(count, n);
    boolean[] taken = new boolean[n];
    // Floyd's sampling: k draws, no rejection loop.
    for (int j = n - k; j < n; j++) {
      int t = random.nextInt(j + 1);
      taken[taken[t] ? j : t] = true;
    }
    java.util.ArrayList<T> out = new java.util.ArrayList<>(k);
    for (int i = 0; i < n; i++) {
      if (taken[i]) {
        out.add(items.get(i));
      }
    }
    return out;
  }
}

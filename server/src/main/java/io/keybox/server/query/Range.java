package io.keybox.server.query;

/** An inclusive range with optional bounds (null: open). */
public record Range<T extends Comparable<T>>(T min, T max) {
  /** A range without bounds. */
  public static <T extends Comparable<T>> Range<T> open() {
    return new Range<>(null, null);
  }

  /** Whether neither bound is set. */
  public boolean isOpen() {
    return min == null && max == null;
  }
}

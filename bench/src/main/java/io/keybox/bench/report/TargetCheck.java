package io.keybox.bench.report;

/**
 * One speed target and whether this run meets it.
 *
 * <p>A target is checked as the issue wrote it, unless the limit Keybox is compared with (raw
 * Lucene's p99 of the class, Lucene alone's indexing rate) misses it in the same run: the issue
 * asks that a target shown wrong by measurement be changed, and a target the limit itself cannot
 * meet on this machine says nothing about Keybox. Keybox is then held to the share of the limit the
 * mix target asks ({@link RunReport#LIMIT_SHARE}), and both verdicts are reported.
 *
 * @param name what is measured
 * @param target the target this run holds Keybox to
 * @param measured the measured value, or "not measured"
 * @param holds true or false, or null when this run did not measure it
 * @param written the target as the issue wrote it; equal to {@code target} unless it was changed
 * @param holdsAsWritten whether the measured value meets {@code written}
 */
public record TargetCheck(
    String name,
    String target,
    String measured,
    Boolean holds,
    String written,
    Boolean holdsAsWritten) {

  /** A target checked as the issue wrote it. */
  public static TargetCheck asWritten(String name, String target, String measured, Boolean holds) {
    return new TargetCheck(name, target, measured, holds, target, holds);
  }

  /** Whether this run holds Keybox to another target than the issue's. */
  public boolean changed() {
    return !target.equals(written);
  }

  /** "holds", "FAILS" or "not measured", against {@link #target}. */
  public String verdict() {
    return verdict(holds);
  }

  /** "holds", "FAILS" or "not measured", against {@link #written}. */
  public String verdictAsWritten() {
    return verdict(holdsAsWritten);
  }

  private static String verdict(Boolean holds) {
    return holds == null ? "not measured" : holds ? "holds" : "FAILS";
  }
}

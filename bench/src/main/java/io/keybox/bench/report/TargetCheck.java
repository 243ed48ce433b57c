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
 * @param unsettled whether the spread over the repeats crosses the target, so that the verdict
 *     depends on which repeat one looks at ("unsettled")
 */
public record TargetCheck(
    String name,
    String target,
    String measured,
    Boolean holds,
    String written,
    Boolean holdsAsWritten,
    boolean unsettled) {

  public TargetCheck(
      String name,
      String target,
      String measured,
      Boolean holds,
      String written,
      Boolean holdsAsWritten) {
    this(name, target, measured, holds, written, holdsAsWritten, false);
  }

  /**
   * A throughput ratio target over repeats: the median decides, unless the spread crosses the
   * target.
   */
  public static TargetCheck ratio(String name, double target, Repeats.Ratio ratio) {
    String text = String.format(java.util.Locale.ROOT, ">= %sx", trim(target));
    Boolean holds = ratio.holds(target);
    return new TargetCheck(
        name,
        text,
        ratio.measured() ? ratio.text() : "not measured",
        holds,
        text,
        holds,
        ratio.unsettled(target));
  }

  private static String trim(double value) {
    return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
  }

  /** A target checked as the issue wrote it. */
  public static TargetCheck asWritten(String name, String target, String measured, Boolean holds) {
    return new TargetCheck(name, target, measured, holds, target, holds);
  }

  /** Whether this run holds Keybox to another target than the issue's. */
  public boolean changed() {
    return !target.equals(written);
  }

  /** "holds", "FAILS", "unsettled" or "not measured", against {@link #target}. */
  public String verdict() {
    return unsettled ? "unsettled" : verdict(holds);
  }

  /** "holds", "FAILS", "unsettled" or "not measured", against {@link #written}. */
  public String verdictAsWritten() {
    return unsettled && !changed() ? "unsettled" : verdict(holdsAsWritten);
  }

  private static String verdict(Boolean holds) {
    return holds == null ? "not measured" : holds ? "holds" : "FAILS";
  }
}

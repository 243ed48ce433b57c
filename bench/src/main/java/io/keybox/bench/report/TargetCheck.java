package io.keybox.bench.report;

/**
 * One speed target of the issue and whether this run meets it.
 *
 * @param name what is measured
 * @param target the target, as the issue states it
 * @param measured the measured value, or "not measured"
 * @param holds true or false, or null when this run did not measure it
 */
public record TargetCheck(String name, String target, String measured, Boolean holds) {
  /** "holds", "FAILS" or "not measured". */
  public String verdict() {
    return holds == null ? "not measured" : holds ? "holds" : "FAILS";
  }
}

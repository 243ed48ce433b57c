package io.keybox.server.metrics;

/** One metric family: a name, a help line, a type, and its samples. */
public sealed interface Metric permits Counter, Gauge, Histogram {
  /** The family name, e.g. {@code keybox_http_requests_total}. */
  String name();

  /** Writes the family's {@code # HELP}, {@code # TYPE} and sample lines. */
  void writeTo(TextFormat out);
}

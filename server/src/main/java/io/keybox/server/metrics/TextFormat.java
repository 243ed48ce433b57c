package io.keybox.server.metrics;

import java.math.BigDecimal;
import java.util.List;

/**
 * Writes the Prometheus text exposition format, version 0.0.4: {@code # HELP} and {@code # TYPE}
 * lines, then one {@code name{label="value",...} number} line per sample. Label values escape
 * backslash, double quote and newline; help text escapes backslash and newline.
 */
public final class TextFormat {
  /** The Content-Type of the format. */
  public static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

  private final StringBuilder out = new StringBuilder();

  /** Starts a family. */
  void family(String name, String type, String help) {
    out.append("# HELP ").append(name).append(' ');
    escape(help, false);
    out.append('\n').append("# TYPE ").append(name).append(' ').append(type).append('\n');
  }

  /** One sample line. */
  void sample(String name, List<String> labelNames, List<String> labelValues, double value) {
    sample(name, labelNames, labelValues, null, null, value);
  }

  /** One sample line with one extra label after the family's (a histogram's {@code le}). */
  void sample(
      String name,
      List<String> labelNames,
      List<String> labelValues,
      String extraLabel,
      String extraValue,
      double value) {
    out.append(name);
    if (!labelNames.isEmpty() || extraLabel != null) {
      out.append('{');
      for (int i = 0; i < labelNames.size(); i++) {
        if (i > 0) {
          out.append(',');
        }
        label(labelNames.get(i), labelValues.get(i));
      }
      if (extraLabel != null) {
        if (!labelNames.isEmpty()) {
          out.append(',');
        }
        label(extraLabel, extraValue);
      }
      out.append('}');
    }
    out.append(' ').append(number(value)).append('\n');
  }

  private void label(String name, String value) {
    out.append(name).append("=\"");
    escape(value, true);
    out.append('"');
  }

  private void escape(String text, boolean quotes) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '"' -> out.append(quotes ? "\\\"" : "\"");
        default -> out.append(c);
      }
    }
  }

  /**
   * A sample value in plain decimal notation: whole numbers without a fraction, {@code +Inf},
   * {@code -Inf}, {@code NaN}.
   */
  static String number(double value) {
    if (Double.isNaN(value)) {
      return "NaN";
    }
    if (Double.isInfinite(value)) {
      return value > 0 ? "+Inf" : "-Inf";
    }
    if (value == Math.rint(value) && Math.abs(value) < 1e15) {
      return Long.toString((long) value);
    }
    return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
  }

  /** The text written so far. */
  @Override
  public String toString() {
    return out.toString();
  }
}

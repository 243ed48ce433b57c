package io.keybox.bench.postgres;

import java.util.Collection;

/**
 * One line of PostgreSQL's COPY CSV format: fields separated by commas, text quoted with doubled
 * quotes, an unquoted empty field for NULL.
 */
final class Csv {
  private final StringBuilder line = new StringBuilder(8192);
  private boolean first = true;

  /** A text field; null is NULL. */
  Csv text(String value) {
    separator();
    if (value != null) {
      line.append('"');
      for (int i = 0; i < value.length(); i++) {
        char c = value.charAt(i);
        if (c == '"') {
          line.append('"');
        }
        line.append(c);
      }
      line.append('"');
    }
    return this;
  }

  /** A number or boolean field, written as Java prints it; null is NULL. */
  Csv value(Object value) {
    separator();
    if (value != null) {
      line.append(value);
    }
    return this;
  }

  /** A {@code text[]} field; an empty collection is NULL. */
  Csv textArray(Collection<String> values) {
    if (values.isEmpty()) {
      return value(null);
    }
    StringBuilder array = new StringBuilder("{");
    for (String value : values) {
      if (array.length() > 1) {
        array.append(',');
      }
      array.append('"');
      for (int i = 0; i < value.length(); i++) {
        char c = value.charAt(i);
        if (c == '"' || c == '\\') {
          array.append('\\');
        }
        array.append(c);
      }
      array.append('"');
    }
    return text(array.append('}').toString());
  }

  private void separator() {
    if (!first) {
      line.append(',');
    }
    first = false;
  }

  /** Ends the line and appends it to {@code out}; this builder starts a new line. */
  void endLine(StringBuilder out) {
    out.append(line).append('\n');
    line.setLength(0);
    first = true;
  }
}

package io.keybox.server.metrics;

import java.util.List;
import java.util.regex.Pattern;

/** Checks of metric and label names and of label values against a family's label names. */
final class Labels {
  private static final Pattern METRIC_NAME = Pattern.compile("[a-zA-Z_:][a-zA-Z0-9_:]*");
  private static final Pattern LABEL_NAME = Pattern.compile("[a-zA-Z_][a-zA-Z0-9_]*");

  private Labels() {}

  static String checkName(String name) {
    if (!METRIC_NAME.matcher(name).matches()) {
      throw new IllegalArgumentException("not a metric name: '" + name + "'");
    }
    return name;
  }

  static List<String> checkNames(String... labelNames) {
    for (String label : labelNames) {
      if (!LABEL_NAME.matcher(label).matches() || label.startsWith("__") || label.equals("le")) {
        throw new IllegalArgumentException("not a label name: '" + label + "'");
      }
    }
    return List.of(labelNames);
  }

  /** The values as a list key, after checking there is one per label name. */
  static List<String> values(List<String> labelNames, String... values) {
    if (values.length != labelNames.size()) {
      throw new IllegalArgumentException(
          "expected "
              + labelNames.size()
              + " label values "
              + labelNames
              + ", got "
              + values.length);
    }
    return List.of(values);
  }
}

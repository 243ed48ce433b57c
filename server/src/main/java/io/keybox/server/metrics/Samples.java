package io.keybox.server.metrics;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/** Sorting of samples by label values, so every scrape lists them in the same order. */
final class Samples {
  private Samples() {}

  static final Comparator<List<String>> BY_VALUES =
      (a, b) -> {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
          int c = a.get(i).compareTo(b.get(i));
          if (c != 0) {
            return c;
          }
        }
        return Integer.compare(a.size(), b.size());
      };

  static <V> List<Map.Entry<List<String>, V>> sorted(Map<List<String>, V> samples) {
    List<Map.Entry<List<String>, V>> entries = new ArrayList<>(samples.entrySet());
    entries.sort(Map.Entry.comparingByKey(BY_VALUES));
    return entries;
  }
}

package io.keybox.bench.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.style.Styler;

/**
 * The chart of a run ({@code --chart FILE}): a PNG bar chart of the throughput of each class per
 * system, drawn from the run's JSON report ({@link JsonReport}). A system that did not run a class
 * has no bar there (XChart's logarithmic axis refuses such gaps, so the axis is linear).
 */
public final class QpsChart {
  private QpsChart() {}

  /**
   * The bars of {@code report} (a JSON report): per system, in the report's order, the median QPS
   * of each class in class order, null where the system did not measure the class.
   */
  static Map<String, List<Double>> series(JsonNode report, List<String> classes) {
    Set<String> systems = new LinkedHashSet<>();
    for (JsonNode c : report.path("classes")) {
      c.path("results").fieldNames().forEachRemaining(systems::add);
    }
    Map<String, List<Double>> series = new LinkedHashMap<>();
    for (String system : systems) {
      List<Double> values = new ArrayList<>();
      for (JsonNode c : report.path("classes")) {
        JsonNode qps = c.path("results").path(system).path("qps");
        values.add(qps.isNumber() && qps.asDouble() > 0 ? qps.asDouble() : null);
      }
      if (values.stream().anyMatch(v -> v != null)) {
        series.put(system, values);
      }
    }
    return series;
  }

  /** The class names of {@code report}, in report order. */
  static List<String> classes(JsonNode report) {
    List<String> names = new ArrayList<>();
    report.path("classes").forEach(c -> names.add(c.path("name").asText()));
    return names;
  }

  /**
   * Draws {@code report} as a PNG into {@code file}.
   *
   * @throws IOException when the file cannot be written
   * @throws IllegalArgumentException when the report measured nothing to draw
   */
  public static void write(JsonNode report, Path file) throws IOException {
    System.setProperty("java.awt.headless", "true");
    List<String> classes = classes(report);
    Map<String, List<Double>> series = series(report, classes);
    if (series.isEmpty()) {
      throw new IllegalArgumentException("the report has no measured class to chart");
    }
    JsonNode config = report.path("config");
    CategoryChart chart =
        new CategoryChartBuilder()
            .width(1400)
            .height(700)
            .title(
                String.format(
                    java.util.Locale.ROOT,
                    "Keybox bench: QPS per class (median of %d; %,d listings, %d clients)",
                    config.path("repeat").asInt(1),
                    config.path("listings").asLong(),
                    config.path("clients").asInt()))
            .xAxisTitle("class")
            .yAxisTitle("requests per second")
            .build();
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
    chart.getStyler().setXAxisLabelRotation(30);
    chart.getStyler().setAvailableSpaceFill(0.9);
    for (Map.Entry<String, List<Double>> s : series.entrySet()) {
      chart.addSeries(s.getKey(), classes, s.getValue());
    }
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
  }
}

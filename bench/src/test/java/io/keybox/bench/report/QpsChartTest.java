package io.keybox.bench.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class QpsChartTest {
  private static final String REPORT =
      """
      {"config":{"listings":20000,"clients":8,"repeat":3},
       "classes":[
        {"name":"default-page","results":{
          "keybox":{"status":"measured","qps":1200.5},
          "postgres":{"status":"measured","qps":600.0},
          "opensearch":{"status":"measured","qps":150.0}}},
        {"name":"hot-pages","results":{
          "keybox":{"status":"measured","qps":5000.0},
          "keybox+cache":{"status":"measured","qps":9000.0},
          "postgres":{"status":"measured","qps":800.0},
          "opensearch":{"status":"skipped","note":"no open houses"}}}]}
      """;

  private static JsonNode report() throws Exception {
    return new ObjectMapper().readTree(REPORT);
  }

  @Test
  void eachSystemIsASeriesOverTheClassesWithNoBarWhereItDidNotRun() throws Exception {
    JsonNode report = report();
    List<String> classes = QpsChart.classes(report);
    assertEquals(List.of("default-page", "hot-pages"), classes);
    Map<String, List<Double>> series = QpsChart.series(report, classes);
    assertEquals(
        List.of("keybox", "postgres", "opensearch", "keybox+cache"), List.copyOf(series.keySet()));
    assertEquals(List.of(1200.5, 5000.0), series.get("keybox"));
    assertEquals(Arrays.asList(150.0, null), series.get("opensearch"));
    assertEquals(Arrays.asList(null, 9000.0), series.get("keybox+cache"));
  }

  @Test
  void theChartIsAPngOfTheRequestedSize(@TempDir Path dir) throws Exception {
    Path png = dir.resolve("charts").resolve("bench.png");
    QpsChart.write(report(), png);
    byte[] bytes = Files.readAllBytes(png);
    assertArrayEquals(
        new byte[] {(byte) 0x89, 'P', 'N', 'G'}, Arrays.copyOf(bytes, 4), "a PNG signature");
    var image = ImageIO.read(png.toFile());
    assertEquals(1400, image.getWidth());
    assertEquals(700, image.getHeight());
    assertTrue(bytes.length > 1000);
  }

  @Test
  void aReportWithoutMeasurementsIsRefused(@TempDir Path dir) throws Exception {
    JsonNode empty = new ObjectMapper().readTree("{\"classes\":[]}");
    assertThrows(IllegalArgumentException.class, () -> QpsChart.write(empty, dir.resolve("x.png")));
  }
}

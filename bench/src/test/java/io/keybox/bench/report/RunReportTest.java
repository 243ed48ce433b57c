package io.keybox.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.keybox.bench.SystemName;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RunReportTest {
  @Test
  void aP99TargetShowsRawLucenesP99BesideKeyboxs() {
    TargetCheck check =
        RunReport.p99(
            Reports.of(
                "sort",
                10,
                Map.of(
                    SystemName.KEYBOX, Reports.measured(1500, 14.38, 0),
                    SystemName.LUCENE, Reports.measured(1900, 20.78, 0))));
    assertEquals("p99 sort", check.name());
    assertEquals("<= 10 ms", check.target());
    assertEquals("14.4 ms (raw Lucene: 20.8 ms)", check.measured());
    assertEquals("FAILS", check.verdict());
  }

  @Test
  void aP99TargetWithoutThePeerShowsKeyboxAlone() {
    TargetCheck check =
        RunReport.p99(
            Reports.of(
                "deep-offset",
                50,
                Map.of(
                    SystemName.KEYBOX, Reports.measured(270, 47.3, 0),
                    SystemName.LUCENE, SystemResult.skipped("not asked for"))));
    assertEquals("47.3 ms", check.measured());
    assertEquals("holds", check.verdict());
  }

  @Test
  void aP99UnderTheTargetFailsWhenRequestsFailed() {
    TargetCheck check =
        RunReport.p99(
            Reports.of("count", 10, Map.of(SystemName.KEYBOX, Reports.measured(2000, 3.2, 1))));
    assertEquals("3.2 ms", check.measured());
    assertEquals("FAILS", check.verdict());
  }

  @Test
  void aClassKeyboxDidNotRunIsNotMeasured() {
    TargetCheck check =
        RunReport.p99(
            Reports.of("count", 10, Map.of(SystemName.LUCENE, Reports.measured(2000, 3.2, 0))));
    assertEquals("not measured", check.measured());
    assertEquals("not measured", check.verdict());
  }
}

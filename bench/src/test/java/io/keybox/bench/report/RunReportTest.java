package io.keybox.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.keybox.bench.SystemName;
import java.util.Map;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class RunReportTest {
  @Test
  void theStartTargetHoldsWhenTheFirstStartAndTheRestartBothTakeAtMostTwoSeconds() {
    TargetCheck both = RunReport.start(OptionalDouble.of(1_620), OptionalDouble.of(1_010));
    assertEquals("1.62 s first, 1.01 s restarted", both.measured());
    assertEquals("holds", both.verdict());

    TargetCheck slowFirst = RunReport.start(OptionalDouble.of(2_140), OptionalDouble.of(1_050));
    assertEquals("2.14 s first, 1.05 s restarted", slowFirst.measured());
    assertEquals("FAILS", slowFirst.verdict());

    TargetCheck slowRestart = RunReport.start(OptionalDouble.of(1_800), OptionalDouble.of(2_100));
    assertEquals("1.80 s first, 2.10 s restarted", slowRestart.measured());
    assertEquals("FAILS", slowRestart.verdict());

    TargetCheck noRestart = RunReport.start(OptionalDouble.of(1_800), OptionalDouble.empty());
    assertEquals("1.80 s", noRestart.measured());
    assertEquals("holds", noRestart.verdict());
  }

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

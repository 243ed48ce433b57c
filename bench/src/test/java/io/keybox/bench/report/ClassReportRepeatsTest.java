package io.keybox.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.keybox.bench.SystemName;
import io.keybox.bench.mix.Endpoint;
import io.keybox.bench.mix.QueryClass;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ClassReportRepeatsTest {
  private static final double EXACT = 1e-9;

  @Test
  void withRepeatsEachModeHasItsOwnMedianRatioAndSpread() {
    // Unpinned: 900/600 = 1.5, 1000/500 = 2.0, 1100/1000 = 1.1; medians 1000 / 600.
    // Pinned: 700/350 = 2.0, 800/400 = 2.0; medians 750 / 375.
    ClassReport report =
        new ClassReport(
            new QueryClass("default-page", "", "", Endpoint.SEARCH, 10, s -> null),
            Map.of(
                SystemName.KEYBOX, Reports.measured(1000, 5, 0),
                SystemName.POSTGRES, Reports.measured(600, 5, 0)),
            "agree",
            Set.of(),
            0,
            Optional.empty(),
            Map.of(
                ClassReport.UNPINNED,
                new Repeats(
                    Map.of(
                        SystemName.KEYBOX, List.of(900.0, 1000.0, 1100.0),
                        SystemName.POSTGRES, List.of(600.0, 500.0, 1000.0))),
                ClassReport.PINNED,
                new Repeats(
                    Map.of(
                        SystemName.KEYBOX, List.of(700.0, 800.0),
                        SystemName.POSTGRES, List.of(350.0, 400.0)))));
    Repeats.Ratio unpinned = report.ratioOverRepeats(ClassReport.UNPINNED, SystemName.POSTGRES);
    assertEquals(1000.0 / 600.0, unpinned.median(), EXACT);
    assertEquals(1.1, unpinned.min(), EXACT);
    assertEquals(2.0, unpinned.max(), EXACT);
    assertEquals("unsettled", TargetCheck.ratio("x", 1.5, unpinned).verdict());
    Repeats.Ratio pinned = report.ratioOverRepeats(ClassReport.PINNED, SystemName.POSTGRES);
    assertEquals(2.0, pinned.median(), EXACT);
    assertEquals("2.00x (2.00-2.00x over 2)", pinned.text());
    assertEquals("holds", TargetCheck.ratio("x", 1.5, pinned).verdict());
  }

  @Test
  void withoutRepeatsTheUnpinnedRatioIsTheSingleMeasurementsAndThereIsNoPinnedOne() {
    ClassReport report =
        Reports.of(
            "single-listing",
            10,
            Map.of(
                SystemName.KEYBOX, Reports.measured(3000, 1, 0),
                SystemName.OPENSEARCH, Reports.measured(1000, 3, 0)));
    Repeats.Ratio single = report.ratioOverRepeats(ClassReport.UNPINNED, SystemName.OPENSEARCH);
    assertEquals(3.0, single.median(), EXACT);
    assertEquals("3.00x", single.text());
    assertFalse(report.ratioOverRepeats(ClassReport.PINNED, SystemName.OPENSEARCH).measured());
  }

  @Test
  void aMedianResultReportsTheMedianNotItsRepeatsOwnThroughput() {
    SystemResult median =
        SystemResult.median(Reports.measured(1100, 5, 0).load().orElseThrow(), 1000);
    assertEquals(1000, median.qps(), EXACT);
    assertEquals(1100, Reports.measured(1100, 5, 0).qps(), EXACT);
  }
}

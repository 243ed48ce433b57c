package io.keybox.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.keybox.bench.SystemName;
import io.keybox.bench.mix.Endpoint;
import io.keybox.bench.mix.QueryClass;
import java.util.Map;
import org.junit.jupiter.api.Test;

class OpenLoopTest {
  @Test
  void theRateIsHalfOfKeyboxsThroughputRoundedDownAndAtLeastOne() {
    assertEquals(2_117, OpenLoop.halfOf(4_235.9));
    assertEquals(50, OpenLoop.halfOf(101));
    assertEquals(1, OpenLoop.halfOf(3.9));
    assertEquals(1, OpenLoop.halfOf(0.4));
  }

  @Test
  void theOpenLoopP99TargetIsTheClassTargetAsWrittenWithoutTheLimitShare() {
    QueryClass deep = new QueryClass("deep-offset", "", "", Endpoint.SEARCH, 50, s -> null);
    TargetCheck holds =
        RunReport.openLoopP99(
            deep,
            new OpenLoop(
                120,
                Map.of(
                    SystemName.KEYBOX, Reports.measured(120, 31.0, 0),
                    SystemName.LUCENE, Reports.measured(120, 80.0, 0))));
    assertEquals("open-loop p99 deep-offset", holds.name());
    assertEquals("<= 50 ms", holds.target());
    assertEquals("<= 50 ms", holds.written());
    assertEquals("31.0 ms at 120 requests/s", holds.measured());
    assertEquals("holds", holds.verdict());

    QueryClass hot = new QueryClass("hot-pages", "", "", Endpoint.SEARCH, 10, s -> null);
    TargetCheck slow =
        RunReport.openLoopP99(
            hot, new OpenLoop(3_000, Map.of(SystemName.KEYBOX, Reports.measured(3_000, 10.5, 0))));
    assertEquals("<= 10 ms", slow.target());
    assertEquals("FAILS", slow.verdict());

    TargetCheck failed =
        RunReport.openLoopP99(
            hot, new OpenLoop(3_000, Map.of(SystemName.KEYBOX, Reports.measured(3_000, 2.0, 4))));
    assertEquals("2.0 ms at 3,000 requests/s, 4 errors", failed.measured());
    assertEquals("FAILS", failed.verdict());

    TargetCheck notRun = RunReport.openLoopP99(hot, new OpenLoop(3_000, Map.of()));
    assertEquals("not measured", notRun.verdict());
  }
}

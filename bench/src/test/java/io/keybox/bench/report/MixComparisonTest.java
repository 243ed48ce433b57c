package io.keybox.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.keybox.bench.SystemName;
import io.keybox.bench.load.LoadResult;
import io.keybox.bench.mix.Endpoint;
import io.keybox.bench.mix.QueryClass;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MixComparisonTest {
  @Test
  void mixThroughputIsTheHarmonicMeanOverClassesBothRan() {
    List<ClassReport> reports =
        List.of(
            report("a", 1000, 100),
            report("b", 100, 50),
            report("c", 10, Double.NaN)); // the peer skipped c
    MixComparison m = MixComparison.of(reports, SystemName.POSTGRES).orElseThrow();
    assertEquals(List.of("a", "b"), m.classes());
    assertEquals(2 / (1 / 1000.0 + 1 / 100.0), m.keyboxQps(), 1e-9);
    assertEquals(2 / (1 / 100.0 + 1 / 50.0), m.peerQps(), 1e-9);
    assertEquals(
        3 / (1 / 1000.0 + 1 / 100.0 + 1 / 10.0),
        MixComparison.mixQps(reports, SystemName.KEYBOX),
        1e-9);
    assertTrue(MixComparison.of(reports, SystemName.LUCENE).isEmpty());
  }

  private static ClassReport report(String name, double keybox, double postgres) {
    Map<SystemName, SystemResult> results = new EnumMap<>(SystemName.class);
    results.put(SystemName.KEYBOX, SystemResult.measured(load(keybox)));
    results.put(
        SystemName.POSTGRES,
        Double.isNaN(postgres)
            ? SystemResult.skipped("no")
            : SystemResult.measured(load(postgres)));
    return new ClassReport(
        new QueryClass(name, "", "", Endpoint.SEARCH, 10, s -> null), results, "agree", 0);
  }

  private static LoadResult load(double qps) {
    return new LoadResult(100, 0, 1, qps, 1, 1, 1, 1, 1, 0, null, new double[] {qps});
  }
}

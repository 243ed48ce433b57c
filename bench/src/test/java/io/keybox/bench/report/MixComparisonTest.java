package io.keybox.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.keybox.bench.SystemName;
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

  @Test
  void aClassWhereThePeerAnsweredDifferentlyIsLeftOut() {
    List<ClassReport> reports =
        List.of(
            report("a", 1000, 100), report("b", 100, 5, SystemName.POSTGRES), report("c", 10, 20));
    MixComparison m = MixComparison.of(reports, SystemName.POSTGRES).orElseThrow();
    assertEquals(List.of("a", "c"), m.classes());
    assertEquals(List.of("b"), m.leftOut());
    assertEquals(2 / (1 / 1000.0 + 1 / 10.0), m.keyboxQps(), 1e-9);
    assertEquals(2 / (1 / 100.0 + 1 / 20.0), m.peerQps(), 1e-9);
    // Keybox's own answers failing leaves the class out against every peer.
    MixComparison k =
        MixComparison.of(
                List.of(report("a", 1000, 100), report("b", 100, 5, SystemName.KEYBOX)),
                SystemName.POSTGRES)
            .orElseThrow();
    assertEquals(List.of("a"), k.classes());
    assertEquals(List.of("b"), k.leftOut());
  }

  private static ClassReport report(
      String name, double keybox, double postgres, SystemName... disagreeing) {
    Map<SystemName, SystemResult> results = new EnumMap<>(SystemName.class);
    results.put(SystemName.KEYBOX, Reports.measured(keybox, 1, 0));
    results.put(
        SystemName.POSTGRES,
        Double.isNaN(postgres) ? SystemResult.skipped("no") : Reports.measured(postgres, 1, 0));
    return Reports.of(name, 10, results, disagreeing);
  }
}

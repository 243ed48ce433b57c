package io.keybox.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.keybox.bench.SystemName;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RunReportTest {
  @Test
  void whereRawLuceneMissesTheP99TargetKeyboxIsHeldToRawLucenesP99OverSevenTenths() {
    TargetCheck check =
        p99("sort", 10, Reports.measured(1500, 14.38, 0), Reports.measured(1900, 20.78, 0));
    assertEquals("p99 sort", check.name());
    assertEquals("14.4 ms (raw Lucene: 20.8 ms)", check.measured());
    // 20.78 / 0.7 = 29.69
    assertEquals("<= 29.7 ms", check.target());
    assertEquals("holds", check.verdict());
    assertTrue(check.changed());
    assertEquals("<= 10 ms", check.written());
    assertEquals("FAILS", check.verdictAsWritten());
  }

  @Test
  void aP99OverRawLucenesP99OverSevenTenthsFailsTheChangedTarget() {
    TargetCheck check =
        p99("map-polygon", 10, Reports.measured(400, 31.0, 0), Reports.measured(600, 20.78, 0));
    assertEquals("<= 29.7 ms", check.target());
    assertEquals("FAILS", check.verdict());
    assertEquals("FAILS", check.verdictAsWritten());
  }

  @Test
  void failedRequestsFailTheChangedP99Target() {
    TargetCheck check =
        p99("city-price-beds", 10, Reports.measured(416, 37.5, 6), Reports.measured(927, 30.11, 0));
    // 30.11 / 0.7 = 43.01
    assertEquals("<= 43.0 ms", check.target());
    assertEquals("FAILS", check.verdict());
  }

  @Test
  void aRawLuceneRunWithErrorsOrOtherAnswersDoesNotChangeTheP99Target() {
    TargetCheck withErrors =
        p99("keyword", 10, Reports.measured(1300, 17.0, 0), Reports.measured(1600, 22.0, 3));
    assertEquals("<= 10 ms", withErrors.target());
    assertEquals("17.0 ms (raw Lucene: 22.0 ms)", withErrors.measured());
    assertEquals("FAILS", withErrors.verdict());

    TargetCheck otherAnswers =
        RunReport.p99(
            Reports.of(
                "keyword",
                10,
                Map.of(
                    SystemName.KEYBOX, Reports.measured(1300, 17.0, 0),
                    SystemName.LUCENE, Reports.measured(1600, 22.0, 0)),
                SystemName.LUCENE));
    assertEquals("<= 10 ms", otherAnswers.target());
    assertEquals("FAILS", otherAnswers.verdict());
  }

  @Test
  void whereRawLuceneMeetsTheP99TargetKeyboxIsHeldToItAsWritten() {
    TargetCheck check =
        p99("single-listing", 10, Reports.measured(9000, 12.0, 0), Reports.measured(30000, 8.0, 0));
    assertEquals("<= 10 ms", check.target());
    assertFalse(check.changed());
    assertEquals("FAILS", check.verdict());
    assertEquals("FAILS", check.verdictAsWritten());
  }

  @Test
  void whereLuceneAloneIndexesSlowerThanTheTargetKeyboxIsHeldToSevenTenthsOfIt() {
    TargetCheck slow =
        RunReport.indexing(
            Optional.of(indexing("keybox", 1_000_000, 130.5)),
            Optional.of(indexing("lucene", 1_000_000, 70.146)));
    assertEquals(
        "7,663 listings/s (Lucene alone: 14,256 listings/s; 0.54x of it)", slow.measured());
    // 14,256 x 0.7 = 9,979
    assertEquals(">= 9,979 listings/s", slow.target());
    assertEquals("FAILS", slow.verdict());
    assertEquals(">= 25,000 listings/s", slow.written());
    assertEquals("FAILS", slow.verdictAsWritten());

    TargetCheck close =
        RunReport.indexing(
            Optional.of(indexing("keybox", 1_000_000, 95.0)),
            Optional.of(indexing("lucene", 1_000_000, 70.146)));
    assertEquals("holds", close.verdict());
    assertEquals("FAILS", close.verdictAsWritten());
  }

  @Test
  void whereLuceneAloneReachesTheIndexingTargetKeyboxIsHeldToIt() {
    TargetCheck check =
        RunReport.indexing(
            Optional.of(indexing("keybox", 1_000_000, 50.0)),
            Optional.of(indexing("lucene", 1_000_000, 33.0)));
    assertEquals(">= 25,000 listings/s", check.target());
    assertFalse(check.changed());
    assertEquals("FAILS", check.verdict());

    TargetCheck alone =
        RunReport.indexing(Optional.of(indexing("keybox", 20_000, 0.5)), Optional.empty());
    assertEquals("40,000 listings/s", alone.measured());
    assertEquals(">= 25,000 listings/s", alone.target());
    assertEquals("holds", alone.verdict());
  }

  private static IndexingReport indexing(String system, long listings, double seconds) {
    return new IndexingReport(system, listings, seconds, 0, 0, "");
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

  /** The p99 check of class {@code name} where both Keybox and raw Lucene ran and agreed. */
  private static TargetCheck p99(
      String name, double target, SystemResult keybox, SystemResult lucene) {
    return RunReport.p99(
        Reports.of(name, target, Map.of(SystemName.KEYBOX, keybox, SystemName.LUCENE, lucene)));
  }
}

package io.keybox.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.keybox.bench.SystemName;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RepeatsTest {
  private static final double EXACT = 1e-9;

  @Test
  void theMedianIsTheMiddleValueOrTheMeanOfTheTwoMiddleOnes() {
    assertEquals(300, Repeats.median(List.of(500.0, 100.0, 300.0)), EXACT);
    assertEquals(250, Repeats.median(List.of(400.0, 100.0, 200.0, 300.0)), EXACT);
    assertEquals(7, Repeats.median(List.of(7.0)), EXACT);
    assertTrue(Double.isNaN(Repeats.median(List.of())));
  }

  @Test
  void aRatioIsTheRatioOfMediansAndItsSpreadThatOfSingleRepeats() {
    // Repeat by repeat: 1000/400 = 2.5, 900/500 = 1.8, 1200/400 = 3.0.
    Repeats repeats =
        new Repeats(
            Map.of(
                SystemName.KEYBOX, List.of(1000.0, 900.0, 1200.0),
                SystemName.OPENSEARCH, List.of(400.0, 500.0, 400.0)));
    Repeats.Ratio ratio = repeats.ratio(SystemName.KEYBOX, SystemName.OPENSEARCH);
    assertEquals(1000.0 / 400.0, ratio.median(), EXACT);
    assertEquals(1.8, ratio.min(), EXACT);
    assertEquals(3.0, ratio.max(), EXACT);
    assertEquals(3, ratio.repeats());
    assertEquals("2.50x (1.80-3.00x over 3)", ratio.text());
    assertEquals(1000, repeats.medianQps(SystemName.KEYBOX), EXACT);
  }

  @Test
  void aSpreadAcrossTheTargetIsUnsettledWhateverTheMedianSays() {
    Repeats.Ratio crossing = new Repeats.Ratio(2.5, 1.8, 3.0, 3);
    assertTrue(crossing.unsettled(2));
    assertEquals(Boolean.TRUE, crossing.holds(2));
    assertEquals("unsettled", TargetCheck.ratio("x vs OpenSearch", 2, crossing).verdict());

    Repeats.Ratio above = new Repeats.Ratio(2.5, 2.0, 3.0, 3);
    assertFalse(above.unsettled(2));
    assertEquals("holds", TargetCheck.ratio("x", 2, above).verdict());

    Repeats.Ratio below = new Repeats.Ratio(1.2, 1.1, 1.49, 3);
    assertFalse(below.unsettled(1.5));
    assertEquals("FAILS", TargetCheck.ratio("x", 1.5, below).verdict());
    assertEquals(">= 1.5x", TargetCheck.ratio("x", 1.5, below).target());

    Repeats.Ratio lowMedian = new Repeats.Ratio(1.4, 1.3, 1.6, 3);
    assertEquals("unsettled", TargetCheck.ratio("x", 1.5, lowMedian).verdict());
  }

  @Test
  void aPeerThatDidNotRunGivesNoRatio() {
    Repeats repeats = new Repeats(Map.of(SystemName.KEYBOX, List.of(10.0, 12.0)));
    Repeats.Ratio ratio = repeats.ratio(SystemName.KEYBOX, SystemName.POSTGRES);
    assertFalse(ratio.measured());
    assertNull(ratio.holds(1.5));
    assertEquals("n/a", ratio.text());
    assertEquals("not measured", TargetCheck.ratio("x", 1.5, ratio).verdict());
    assertEquals(0, repeats.count(SystemName.POSTGRES));
  }

  @Test
  void oneRepeatShowsItsRatioWithoutASpread() {
    Repeats.Ratio one =
        new Repeats(Map.of(SystemName.KEYBOX, List.of(300.0), SystemName.POSTGRES, List.of(200.0)))
            .ratio(SystemName.KEYBOX, SystemName.POSTGRES);
    assertEquals("1.50x", one.text());
    assertFalse(one.unsettled(1.5));
    assertEquals(Boolean.TRUE, one.holds(1.5));
  }
}

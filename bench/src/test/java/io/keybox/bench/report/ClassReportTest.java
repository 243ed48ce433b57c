package io.keybox.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.keybox.bench.SystemName;
import io.keybox.bench.mix.Endpoint;
import io.keybox.bench.mix.QueryClass;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ClassReportTest {
  @Test
  void answersDifferWhenAnySystemDisagrees() {
    assertFalse(report(Set.of()).answersDiffer());
    ClassReport differs = report(EnumSet.of(SystemName.POSTGRES));
    assertTrue(differs.answersDiffer());
    assertEquals(Set.of(SystemName.POSTGRES), differs.disagreeing());
  }

  private static ClassReport report(Set<SystemName> disagreeing) {
    return new ClassReport(
        new QueryClass("keyword", "", "", Endpoint.SEARCH, 10, s -> null),
        Map.of(),
        disagreeing.isEmpty() ? "agree on 5 requests" : ClassReport.DIFFER + "postgres differs",
        disagreeing,
        0);
  }
}

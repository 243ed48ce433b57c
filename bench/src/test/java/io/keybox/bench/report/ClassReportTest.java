package io.keybox.bench.report;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.keybox.bench.mix.Endpoint;
import io.keybox.bench.mix.QueryClass;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ClassReportTest {
  @Test
  void answersDifferOnlyWhenTheCheckSaidSo() {
    assertFalse(report("agree on 5 requests").answersDiffer());
    assertFalse(report("one system, 5 requests answered").answersDiffer());
    assertFalse(report("not checked").answersDiffer());
    assertTrue(
        report("DIFFER: postgres differs from keybox on /properties?q=77450: 0 items, not 20")
            .answersDiffer());
  }

  private static ClassReport report(String agreement) {
    return new ClassReport(
        new QueryClass("keyword", "", "", Endpoint.SEARCH, 10, s -> null), Map.of(), agreement, 0);
  }
}

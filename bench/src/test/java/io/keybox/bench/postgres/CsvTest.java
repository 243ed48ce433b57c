package io.keybox.bench.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class CsvTest {
  @Test
  void quotesTextDoublesQuotesAndLeavesNullsEmpty() {
    StringBuilder out = new StringBuilder();
    new Csv()
        .value(1L)
        .text("say \"hi\", ok")
        .value(null)
        .textArray(List.of("a\"b", "c\\d"))
        .textArray(List.of())
        .value(true)
        .endLine(out);
    assertEquals(
        "1,\"say \"\"hi\"\", ok\",,\"{\"\"a\\\"\"b\"\",\"\"c\\\\d\"\"}\",,true\n", out.toString());
  }
}

package io.keybox.bench.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.keybox.bench.mix.Endpoint;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class AnswerKeysTest {
  private static List<String> keys(Endpoint endpoint, String json, String total) throws Exception {
    byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
    return AnswerKeys.of(endpoint, bytes, bytes.length, total);
  }

  @Test
  void analyticsAnswersCompareByCountAndPricesToTheCent() throws Exception {
    // Keybox writes whole prices as integers, PostgreSQL's json as numerics with decimals.
    assertEquals(
        List.of(
            "totalCount=3", "minPrice=99000.50", "maxPrice=1250000.00", "medianPrice=310000.00"),
        keys(
            Endpoint.ANALYTICS,
            "{\"totalCount\":3,\"minPrice\":99000.5,\"maxPrice\":1250000,\"medianPrice\":310000}",
            null));
    assertEquals(
        keys(
            Endpoint.ANALYTICS,
            "{\"totalCount\":3,\"minPrice\":99000.5,\"maxPrice\":1250000,\"medianPrice\":310000}",
            null),
        keys(
            Endpoint.ANALYTICS,
            "{\"medianPrice\":310000.000,\"maxPrice\":1250000.0,\"minPrice\":99000.50,"
                + "\"totalCount\":3}",
            null));
  }

  @Test
  void analyticsWithoutPricesHasNullPrices() throws Exception {
    assertEquals(
        List.of("totalCount=0", "minPrice=null", "maxPrice=null", "medianPrice=null"),
        keys(
            Endpoint.ANALYTICS,
            "{\"totalCount\":0,\"minPrice\":null,\"maxPrice\":null,\"medianPrice\":null}",
            null));
    assertEquals(
        AnswerKeys.analytics(0, null, null, null),
        keys(Endpoint.ANALYTICS, "{\"totalCount\":0}", null));
  }

  @Test
  void anAnalyticsAnswerWithoutACountIsNotAnAnalyticsAnswer() {
    assertThrows(
        IOException.class,
        () -> keys(Endpoint.ANALYTICS, "{\"error\":400,\"message\":\"bad cities\"}", null));
    assertThrows(IOException.class, () -> keys(Endpoint.ANALYTICS, "[]", null));
  }

  @Test
  void pagesCompareByTheirIdsAndTotal() throws Exception {
    assertEquals(
        List.of("1005", "1002", "total=17"),
        keys(Endpoint.SEARCH, "[{\"mlsId\":1005},{\"mlsId\":1002}]", "17"));
    assertEquals(List.of("oh-7"), keys(Endpoint.OPEN_HOUSES, "[{\"openHouseId\":\"oh-7\"}]", null));
    assertEquals(List.of("1005"), keys(Endpoint.LISTING, "{\"mlsId\":1005}", null));
  }
}

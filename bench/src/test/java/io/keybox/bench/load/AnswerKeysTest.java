package io.keybox.bench.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
  void anEstimatedMedianAgreesWithTheExactOneWithinTwoPercent() {
    List<String> exact = AnswerKeys.analytics(1200, 99000.5, 1250000.0, 310000.0);
    assertEquals(
        List.of(
            "totalCount=1200",
            "minPrice=99000.50",
            "maxPrice=1250000.00",
            "medianPrice~=305000.00"),
        AnswerKeys.analyticsWithEstimatedMedian(1200, 99000.5, 1250000.0, 305000.0));
    // 5,000 from 310,000 is 1.6%; 7,000 is 2.3%
    assertTrue(
        AnswerKeys.agree(
            exact, AnswerKeys.analyticsWithEstimatedMedian(1200, 99000.5, 1250000.0, 305000.0)));
    // the exact fields stay exact
    for (List<String> other :
        List.of(
            AnswerKeys.analyticsWithEstimatedMedian(1200, 99000.5, 1250000.0, 303000.0),
            AnswerKeys.analyticsWithEstimatedMedian(1201, 99000.5, 1250000.0, 310000.0),
            AnswerKeys.analyticsWithEstimatedMedian(1200, 99000.51, 1250000.0, 310000.0))) {
      assertFalse(AnswerKeys.agree(exact, other), other.toString());
    }
  }

  @Test
  void anEstimateAgreesOnlyWithTheSameNameAndNullOnlyWithNull() {
    assertTrue(AnswerKeys.same("medianPrice=100.00", "medianPrice~=101.00"));
    assertTrue(AnswerKeys.same("medianPrice~=101.00", "medianPrice=100.00"));
    assertFalse(AnswerKeys.same("maxPrice=100.00", "medianPrice~=100.00"));
    assertFalse(AnswerKeys.same("medianPrice=null", "medianPrice~=0.00"));
    assertTrue(AnswerKeys.same("medianPrice=null", "medianPrice~=null"));
    // keys without an estimate compare as strings, as before
    assertFalse(AnswerKeys.same("totalCount=100", "totalCount=101"));
    assertFalse(AnswerKeys.agree(List.of("1", "2"), List.of("1")));
    assertTrue(AnswerKeys.agree(List.of("1", "total=2"), List.of("1", "total=2")));
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

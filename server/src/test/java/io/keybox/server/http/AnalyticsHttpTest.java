package io.keybox.server.http;

import static io.keybox.server.http.FixtureServer.json;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * GET /properties/analytics and /properties/{mlsId}/analytics over data/fixtures/basic. Every
 * expected number is worked out by hand in data/README.md; the whole response bodies are compared,
 * so key order, nulls and number formatting are checked too.
 */
class AnalyticsHttpTest {
  private static final String KEY = "tester";
  private static final String SECRET = "s3cret";
  private static final ObjectMapper JSON = new ObjectMapper();

  @RegisterExtension
  static final FixtureServer server = FixtureServer.perClass("fixture", "basic", KEY, SECRET);

  private static JsonNode ok(String pathAndQuery) throws Exception {
    HttpResponse<String> response = server.get(pathAndQuery, KEY, SECRET);
    assertEquals(200, response.statusCode(), response.body());
    assertEquals(
        "2026-11-01T06:00:00Z",
        response.headers().firstValue("X-Service-LastUpdate").orElseThrow());
    return json(response);
  }

  private static void assertBody(String expectedSingleQuoted, JsonNode actual) throws Exception {
    // Compared as text so the key order and the number formatting count too.
    assertEquals(
        JSON.writeValueAsString(JSON.readTree(expectedSingleQuoted.replace('\'', '"'))),
        JSON.writeValueAsString(actual));
  }

  /** The default search: Active, residential + rental, idx null: 101 102 103 104 108 109. */
  private static final String DEFAULT_MATCHES =
      "{'totalCount':6,'avgPrice':274420,'avgLivingArea':2280,'avgBedrooms':3.2,"
          + "'avgFullBaths':2,'avgLotSize':8750,'avgYearBuilt':2001,"
          + "'areaDistribution':{'Houston':4,'Katy':1,'Spring':1},"
          + "'minPrice':2100,'maxPrice':520000,'medianPrice':250000,'avgPricePerSqFt':94.09,"
          + "'avgDaysOnMarket':25,'statusDistribution':{'Active':6},"
          + "'typeDistribution':{'RES':4,'CND':1,'RNT':1},"
          + "'cityDistribution':{'Houston':4,'Katy':1,'Spring':1},"
          + "'priceHistogram':[{'from':0,'to':100000,'count':1},"
          + "{'from':100000,'to':200000,'count':1},{'from':200000,'to':300000,'count':1},"
          + "{'from':300000,'to':400000,'count':0},{'from':400000,'to':500000,'count':1},"
          + "{'from':500000,'to':600000,'count':1}]}";

  @Test
  void defaultSearchOverAllMatches() throws Exception {
    assertBody(DEFAULT_MATCHES, ok("/properties/analytics"));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "/properties/analytics?limit=1&offset=3&sort=listprice&lastId=5&count=true&include=rooms",
    "/properties/analytics?state=XX&coListAgent=nobody&subTypeText=x&ownership=Nope",
    "/properties/analytics?specialListingConditions=Auction&minlistdate=bad&maxlistdate=2000-01-01",
    "/properties/analytics?limit=0&sort=bogus&grid_view=1",
  })
  void pagingAndTheParametersAnalyticsIgnoreChangeNothing(String pathAndQuery) throws Exception {
    assertBody(DEFAULT_MATCHES, ok(pathAndQuery));
  }

  @Test
  void filteredToKatyActiveAndPending() throws Exception {
    assertBody(
        "{'totalCount':2,'avgPrice':405000,'avgLivingArea':2600,'avgBedrooms':4,"
            + "'avgFullBaths':2,'avgLotSize':7750,'avgYearBuilt':2013.5,"
            + "'areaDistribution':{'Katy':2},'minPrice':390000,'maxPrice':420000,"
            + "'medianPrice':405000,'avgPricePerSqFt':155.77,'avgDaysOnMarket':37.5,"
            + "'statusDistribution':{'Active':1,'Pending':1},'typeDistribution':{'RES':2},"
            + "'cityDistribution':{'Katy':2},"
            + "'priceHistogram':[{'from':390000,'to':395000,'count':1},"
            + "{'from':395000,'to':400000,'count':0},{'from':400000,'to':405000,'count':0},"
            + "{'from':405000,'to':410000,'count':0},{'from':410000,'to':415000,'count':0},"
            + "{'from':415000,'to':420000,'count':0},{'from':420000,'to':425000,'count':1}]}",
        ok("/properties/analytics?cities=Katy&status=Active&status=Pending"));
  }

  @Test
  void everyStatusAndTypeWithDisplayRulesOff() throws Exception {
    JsonNode all =
        ok(
            "/properties/analytics?status=Active&status=Pending&status=Closed&type=residential"
                + "&type=rental&type=land&type=multifamily&idx=ignore");
    assertEquals(12, all.get("totalCount").asLong());
    assertBody("{'Houston':7,'Katy':3,'Spring':1,'Sugar Land':1}", all.get("cityDistribution"));
    assertBody("{'RES':8,'CND':1,'LND':1,'MLF':1,'RNT':1}", all.get("typeDistribution"));
    assertBody("{'Active':10,'Closed':1,'Pending':1}", all.get("statusDistribution"));
    assertEquals(2100, all.get("minPrice").asLong());
    assertEquals(610000, all.get("maxPrice").asLong());
  }

  @Test
  void noMatchesGiveNullsAndEmptyDistributions() throws Exception {
    assertBody(
        "{'totalCount':0,'avgPrice':null,'avgLivingArea':null,'avgBedrooms':null,"
            + "'avgFullBaths':null,'avgLotSize':null,'avgYearBuilt':null,'areaDistribution':{},"
            + "'minPrice':null,'maxPrice':null,'medianPrice':null,'avgPricePerSqFt':null,"
            + "'avgDaysOnMarket':null,'statusDistribution':{},'typeDistribution':{},"
            + "'cityDistribution':{},'priceHistogram':[]}",
        ok("/properties/analytics?cities=Nowhere"));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "/properties/101/analytics | {'pricePerSqFt':113.64,'comparison':{'status':'Active','area':'Houston','type':'RES','count':1,'medianPrice':null,'medianPricePerSqFt':null,'pricePerSqFtPercentile':null}}",
        "/properties/101/analytics?idx=ignore | {'pricePerSqFt':113.64,'comparison':{'status':'Active','area':'Houston','type':'RES','count':3,'medianPrice':237000,'medianPricePerSqFt':117.78,'pricePerSqFtPercentile':50}}",
        "/properties/110/analytics?idx=ignore | {'pricePerSqFt':125,'comparison':{'status':'Active','area':'Houston','type':'RES','count':3,'medianPrice':224500,'medianPricePerSqFt':112.1,'pricePerSqFtPercentile':100}}",
        "/properties/104/analytics | {'pricePerSqFt':161.54,'comparison':{'status':'Active','area':'Katy','type':'RES','count':0,'medianPrice':null,'medianPricePerSqFt':null,'pricePerSqFtPercentile':null}}",
        "/properties/109/analytics | {'pricePerSqFt':null,'comparison':{'status':'Active','area':'Spring','type':'RES','count':0,'medianPrice':null,'medianPricePerSqFt':null,'pricePerSqFtPercentile':null}}",
        "/properties/102/analytics | {'pricePerSqFt':100,'comparison':{'status':'Active','area':'Houston','type':'CND','count':0,'medianPrice':null,'medianPricePerSqFt':null,'pricePerSqFtPercentile':null}}",
      })
  void singleListingAnalytics(String pathAndQuery, String expected) throws Exception {
    assertBody(expected, ok(pathAndQuery));
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "/properties/analytics?minprice=abc | 400 | minprice: invalid value 'abc'; allowed: a whole number (digits with an optional sign)",
        "/properties/analytics?status=Bogus | 400 | status: unknown value 'Bogus'; allowed: Active, ActiveUnderContract, Pending, Hold, Withdrawn, Closed, Expired, Delete, Incomplete, ComingSoon",
        "/properties/999/analytics | 404 | listing 999 not found",
        "/properties/110/analytics | 404 | listing 110 not found",
        "/properties/abc/analytics | 400 | mlsId: invalid value 'abc'; allowed: a whole number (digits with an optional sign)",
      })
  void errors(String pathAndQuery, int status, String message) throws Exception {
    HttpResponse<String> response = server.get(pathAndQuery, KEY, SECRET);
    assertEquals(status, response.statusCode(), response.body());
    assertEquals(message, json(response).get("message").asText());
  }
}

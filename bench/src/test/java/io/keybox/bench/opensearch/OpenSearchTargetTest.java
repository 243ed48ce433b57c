package io.keybox.bench.opensearch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

class OpenSearchTargetTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void theKeysOfAnAnswerAreTheMlsIdsOfTheDocsInOrderThenTheTotal() throws Exception {
    String answer =
        """
        {"took":3,"timed_out":false,"hits":{"total":{"value":1234,"relation":"eq"},
         "max_score":null,"hits":[
          {"_index":"listings","_id":"17","_score":null,"_source":{"doc":{"mlsId":17,"x":1}},
           "sort":[1700000000000,17]},
          {"_index":"listings","_id":"5","_score":null,"_source":{"doc":{"mlsId":5}},
           "sort":[1690000000000,5]}]}}
        """;
    assertEquals(
        List.of("17", "5", "total=1234"),
        OpenSearchTarget.keys(JSON.readTree(answer), "mlsId", true));
    assertEquals(List.of("17", "5"), OpenSearchTarget.keys(JSON.readTree(answer), "mlsId", false));
  }

  @Test
  void theKeysOfOpenHousesAreTheirOpenHouseIds() throws Exception {
    String answer =
        """
        {"hits":{"total":{"value":2,"relation":"eq"},"hits":[
          {"_source":{"doc":{"openHouseKey":9,"openHouseId":"OH-9","listing":{"mlsId":3}}}},
          {"_source":{"doc":{"openHouseKey":4,"openHouseId":"OH-4","listing":{"mlsId":3}}}}]}}
        """;
    assertEquals(
        List.of("OH-9", "OH-4"),
        OpenSearchTarget.keys(JSON.readTree(answer), "openHouseId", false));
  }

  @Test
  void analyticsKeysTakeTheExactCountMinimumAndMaximumAndTheEstimatedMedian() throws Exception {
    String answer =
        """
        {"hits":{"total":{"value":250,"relation":"eq"},"hits":[]},
         "aggregations":{
          "price":{"count":248,"min":125000.0,"max":2450000.0,"avg":412000.5,"sum":1.0E8},
          "median":{"values":{"50.0":389912.5}}}}
        """;
    assertEquals(
        List.of(
            "totalCount=250",
            "minPrice=125000.00",
            "maxPrice=2450000.00",
            "medianPrice~=389912.50"),
        OpenSearchTarget.analyticsKeys(JSON.readTree(answer)));
    String none =
        """
        {"hits":{"total":{"value":0,"relation":"eq"},"hits":[]},
         "aggregations":{"price":{"count":0,"min":null,"max":null,"avg":null,"sum":0.0},
          "median":{"values":{"50.0":null}}}}
        """;
    assertEquals(
        List.of("totalCount=0", "minPrice=null", "maxPrice=null", "medianPrice~=null"),
        OpenSearchTarget.analyticsKeys(JSON.readTree(none)));
  }

  /**
   * Three tiles of zoom 12 (columns 955, 956, 957; rows 1692, 1693: keys 2^18 times these): one
   * listing; two shown and one hidden; two hidden only.
   */
  private static final String TILES =
      """
      [{"key":2.5034752E8,"doc_count":1,"rows":{"buckets":[
        {"key":4.43547648E8,"doc_count":1,"parts":{"buckets":{
         "hidden":{"doc_count":0,"min_price":{"value":null},"max_price":{"value":null},
                   "first_id":{"value":null}},
         "shown":{"doc_count":1,"min_price":{"value":200000.0},"max_price":{"value":200000.0},
                  "first_id":{"value":42.0}}}}}]}},
       {"key":2.50609664E8,"doc_count":3,"rows":{"buckets":[
        {"key":4.43547648E8,"doc_count":3,"parts":{"buckets":{
         "hidden":{"doc_count":1,"min_price":{"value":50000.0},"max_price":{"value":50000.0},
                   "first_id":{"value":8.0}},
         "shown":{"doc_count":2,"min_price":{"value":100000.0},"max_price":{"value":300000.0},
                  "first_id":{"value":7.0}}}}}]}},
       {"key":2.50871808E8,"doc_count":2,"rows":{"buckets":[
        {"key":4.43809792E8,"doc_count":2,"parts":{"buckets":{
         "hidden":{"doc_count":2,"min_price":{"value":60000.0},"max_price":{"value":70000.0},
                   "first_id":{"value":11.0}},
         "shown":{"doc_count":0,"min_price":{"value":null},"max_price":{"value":null},
                  "first_id":{"value":null}}}}}]}}]
      """;

  @Test
  void tilesBecomeClustersLargestFirstWithHiddenAddressesOnlyInClustersOfThree() throws Exception {
    // The two hidden listings alone in 957/1693 are not shown: a cluster of 2.
    assertEquals(
        List.of(
            "totalCount=4",
            "cluster=3 price=50000.00..300000.00",
            "cluster=1 mlsId=42 price=200000.00..200000.00"),
        OpenSearchTarget.tiles(JSON.readTree(TILES), 12).keys(200));
  }

  @Test
  void pastMaxClustersTilesMergeIntoTheirParentsUntilFewEnough() throws Exception {
    // Columns 955, 956, 957 share a parent only at zoom 9 (119); rows 1692, 1693 at zoom 11.
    assertEquals(
        List.of("totalCount=6", "cluster=6 price=50000.00..300000.00"),
        OpenSearchTarget.tiles(JSON.readTree(TILES), 12).keys(1));
    // At zoom 11, 956/1692 and 957/1693 are one tile of 2 shown and 3 hidden.
    assertEquals(
        List.of(
            "totalCount=6",
            "cluster=5 price=50000.00..300000.00",
            "cluster=1 mlsId=42 price=200000.00..200000.00"),
        OpenSearchTarget.tiles(JSON.readTree(TILES), 12).keys(2));
  }
}

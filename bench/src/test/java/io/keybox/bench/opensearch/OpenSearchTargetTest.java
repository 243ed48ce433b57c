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
        List.of("17", "5", "total=1234"), OpenSearchTarget.keys(JSON.readTree(answer), true));
    assertEquals(List.of("17", "5"), OpenSearchTarget.keys(JSON.readTree(answer), false));
  }
}

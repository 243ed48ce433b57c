package io.keybox.bench.opensearch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class OpenSearchDocumentsTest {

  @Test
  void bothIndexesHaveOneShardNoReplicaAndNoRequestCache() {
    String settings =
        "{\"number_of_shards\":1,\"number_of_replicas\":0,\"refresh_interval\":\"-1\","
            + "\"requests.cache.enable\":false}";
    assertEquals(settings, OpenSearchDocuments.index().path("settings").path("index").toString());
    assertEquals(
        settings, OpenSearchDocuments.openHouseIndex().path("settings").path("index").toString());
  }
}

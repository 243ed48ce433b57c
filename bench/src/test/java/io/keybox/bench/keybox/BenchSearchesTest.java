package io.keybox.bench.keybox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.generator.FeedGenerator;
import io.keybox.generator.GeneratorConfig;
import io.keybox.indexer.build.VendorLayout;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bench --alerts N}: a server with alerts on, holding the bench key's saved searches. */
class BenchSearchesTest {
  @Test
  void eachSearchIsACityTwoToFourBedroomsAndAPriceBand() {
    assertEquals(
        "{\"name\":\"bench 1\",\"query\":\"cities=Sugar+Land&minbeds=2&minprice=100000"
            + "&maxprice=200000\",\"webhook\":\"http://127.0.0.1:9/keybox-bench\","
            + "\"events\":[\"new\",\"price\",\"status\",\"openhouse\"]}",
        BenchSearches.body(0, List.of("Sugar Land", "Katy")));
    assertEquals(
        "{\"name\":\"bench 22\",\"query\":\"cities=Katy&minbeds=2&minprice=125000"
            + "&maxprice=225000\",\"webhook\":\"http://127.0.0.1:9/keybox-bench\","
            + "\"events\":[\"new\",\"price\",\"status\",\"openhouse\"]}",
        BenchSearches.body(21, List.of("Sugar Land", "Katy")));
  }

  @Test
  void aServerStartedWithAlertsHoldsTheSearchesSaved(@TempDir Path dir) throws Exception {
    Path feed = dir.resolve("feed");
    new FeedGenerator(GeneratorConfig.of(200)).writeDirectory(feed);
    VendorLayout layout = new VendorLayout(dir.resolve("data"), "houston");
    IndexerProcess.index(layout, feed, 200, dir.resolve("indexer.log"), Optional.empty());
    try (ServerProcess server =
        ServerProcess.start(
            layout.dataDir(),
            "houston",
            dir,
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            true,
            "server")) {
      BenchSearches.save(server, 2, List.of("Katy"));
      // A second run on the same data directory tops them up to the count asked for.
      BenchSearches.save(server, 3, List.of("Katy"));
      IOException tooMany =
          assertThrows(IOException.class, () -> BenchSearches.save(server, 1, List.of("Katy")));
      assertEquals(
          "the data directory already holds 3 searches of the bench key, more than --alerts 1:"
              + " use another --work-dir, or --alerts 3",
          tooMany.getMessage());
      HttpResponse<String> listed;
      try (HttpClient client = HttpClient.newHttpClient()) {
        listed =
            client.send(
                HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + server.port() + "/searches"))
                    .header(
                        "Authorization",
                        "Basic "
                            + Base64.getEncoder()
                                .encodeToString(
                                    ("bench:" + server.secret()).getBytes(StandardCharsets.UTF_8)))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
      }
      assertEquals(200, listed.statusCode(), listed.body());
      // The key's searches, oldest first (docs/api.md, GET /searches).
      JsonNode list = new ObjectMapper().readTree(listed.body());
      assertTrue(list.isArray(), listed.body());
      assertEquals(3, list.size(), listed.body());
      assertEquals("bench 1", list.get(0).get("name").asText(), listed.body());
      assertEquals(
          "cities=Katy&minbeds=2&minprice=100000&maxprice=200000",
          list.get(0).get("query").asText(),
          listed.body());
    }
  }
}

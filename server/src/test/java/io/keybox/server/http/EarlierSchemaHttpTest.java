package io.keybox.server.http;

import static io.keybox.server.http.FixtureServer.json;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.indexer.build.VendorIndexBuilder;
import io.keybox.schema.CommitData;
import io.keybox.schema.listing.ListingDocuments;
import io.keybox.schema.listing.ListingRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * An index written by schema version 2, whose listings carry no mlsId key term: the server finds
 * its listings by mlsId all the same, until a full run rewrites it.
 */
class EarlierSchemaHttpTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String SECRET = "s3cret";

  @RegisterExtension
  static final FixtureServer server =
      FixtureServer.perClass(
          dataDir -> {
            List<String> lines =
                Files.readAllLines(Path.of("..", "data", "fixtures", "basic", "listings.ndjson"))
                    .stream()
                    .filter(line -> !line.isBlank())
                    .toList();
            ListingDocuments documents = new ListingDocuments(JSON);
            try (Directory directory =
                    FSDirectory.open(dataDir.resolve("fixture").resolve("index"));
                IndexWriter writer =
                    new IndexWriter(directory, VendorIndexBuilder.writerConfig())) {
              for (String line : lines) {
                Document doc = documents.toDocument(ListingRecord.parse(JSON.readTree(line)));
                doc.removeFields("listingMlsId"); // what version 2 wrote
                writer.addDocument(doc);
              }
              CommitData version2 =
                  new CommitData(
                      Instant.parse("2026-11-01T06:00:00Z"), "v2.ndjson", lines.size(), 0, 2);
              writer.setLiveCommitData(version2.toUserData().entrySet());
              writer.commit();
            }
            return FixtureServer.withOneKey(dataDir, "fixture", "plain", SECRET);
          });

  @Test
  void itsListingsAreFoundByMlsId() throws Exception {
    assertEquals(
        "HOU-102", json(server.get("/properties/102", "plain", SECRET)).get("listingId").asText());
    assertEquals(200, server.get("/properties/102/analytics", "plain", SECRET).statusCode());
    assertEquals(404, server.get("/properties/999", "plain", SECRET).statusCode());
    assertEquals(
        2,
        json(server.get("/-/health", null, null)).at("/vendors/0/schema").asInt(),
        "an earlier version's index, served as it is");
  }
}

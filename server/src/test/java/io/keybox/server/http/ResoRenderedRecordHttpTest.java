package io.keybox.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.indexer.build.VendorIndexBuilder;
import io.keybox.schema.CommitData;
import io.keybox.schema.listing.ListingDocuments;
import io.keybox.schema.listing.ListingRecord;
import io.keybox.schema.reso.ResoPropertyRecord;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.util.BytesRef;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A listing's RESO Property record is rendered at index time and copied into pages: the answers are
 * byte for byte those of the view writing each record from the listing's stored JSON, which it
 * still does for an index written before the record existed. Two servers over data/fixtures/basic
 * (its listings only): one as this build indexes it, one as earlier builds left it, some listings
 * without the record, the others with the record as a stored field (before it moved to doc values),
 * one with a record of another view version (which must not be served: it says ListingKey "stale").
 */
class ResoRenderedRecordHttpTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String KEY = "tester";
  private static final String SECRET = "s3cret";

  @RegisterExtension
  static final FixtureServer rendered = FixtureServer.perClass(dataDir -> start(dataDir, false));

  @RegisterExtension
  static final FixtureServer earlier = FixtureServer.perClass(dataDir -> start(dataDir, true));

  private static FixtureServer start(Path dataDir, boolean asEarlier) throws Exception {
    List<String> lines =
        Files.readAllLines(Path.of("..", "data", "fixtures", "basic", "listings.ndjson")).stream()
            .filter(line -> !line.isBlank())
            .toList();
    ListingDocuments documents = ResoPropertyRecord.documents(JSON);
    try (Directory directory = FSDirectory.open(dataDir.resolve("fixture").resolve("index"));
        IndexWriter writer = new IndexWriter(directory, VendorIndexBuilder.writerConfig())) {
      for (int i = 0; i < lines.size(); i++) {
        Document doc = documents.toDocument(ListingRecord.parse(JSON.readTree(lines.get(i))));
        if (asEarlier && i % 2 == 0) { // what a build before the rendered record wrote
          doc.removeFields("_resoRecord");
        } else if (asEarlier && i == 3) { // a record rendered for another view
          byte[] other = ResoPropertyRecord.render(JSON.readTree("{\"mlsId\":\"stale\"}"));
          other[3]++; // the version's last byte
          doc.removeFields("_resoRecord");
          doc.add(new StoredField("_resoProperty", other));
        } else if (asEarlier) { // the record as a stored field: builds before its doc values
          byte[] record = BytesRef.deepCopyOf(doc.getBinaryValue("_resoRecord")).bytes;
          doc.removeFields("_resoRecord");
          doc.add(new StoredField("_resoProperty", record));
        }
        writer.addDocument(doc);
      }
      CommitData data =
          new CommitData(Instant.parse("2026-11-01T06:00:00Z"), "basic", lines.size(), 0);
      writer.setLiveCommitData(data.toUserData().entrySet());
      writer.commit();
    }
    return FixtureServer.withOneKey(dataDir, "fixture", KEY, SECRET);
  }

  /** The body of {@code pathAndQuery} on {@code server}, its own root URL made "ROOT". */
  private static String body(FixtureServer server, String pathAndQuery, String prefer)
      throws Exception {
    HttpRequest.Builder request = HttpRequest.newBuilder(server.uri(pathAndQuery));
    if (prefer != null) {
      request.header("Prefer", prefer);
    }
    HttpResponse<String> response = server.send(request, KEY, SECRET);
    assertEquals(200, response.statusCode(), response.body());
    return response.body().replace(server.uri("/reso/fixture").toString(), "ROOT");
  }

  private static void assertSameAnswer(String pathAndQuery) throws Exception {
    String now = body(rendered, pathAndQuery, null);
    assertEquals(body(earlier, pathAndQuery, null), now, pathAndQuery);
    assertTrue(!now.contains("stale"), now);
  }

  @Test
  void aPageWithoutSelectIsTheRecordsTheViewWrites() throws Exception {
    assertSameAnswer("/reso/fixture/Property");
    String page = body(rendered, "/reso/fixture/Property?$top=1", null);
    assertTrue(
        page.startsWith(
            "{\"@odata.context\":\"ROOT/$metadata#Property\",\"value\":[{\"ListingKey\":\"101\","
                + "\"ListingId\":\"HOU-101\",\"ListPrice\":250000,\"OriginalListPrice\":null,"
                + "\"ListingContractDate\":\"2026-09-01\","),
        page);
    assertTrue(page.contains(",\"City\":\"Houston\","), page);
    assertTrue(page.contains(",\"InteriorFeatures\":[\"Fireplace\",\"Wood Floors\"],"), page);
    assertTrue(page.endsWith("}]}"), page); // $top=1 is the total: no nextLink
  }

  @Test
  void aSelectionIsTheChosenMembersInTheAskedOrder() throws Exception {
    assertSameAnswer("/reso/fixture/Property?$select=City,ListPrice,ListingKey,InteriorFeatures");
    assertSameAnswer("/reso/fixture/Property?$select=*");
    assertSameAnswer("/reso/fixture/Property?$select=ListingKey");
    JsonNode first =
        JSON.readTree(body(rendered, "/reso/fixture/Property?$select=City,ListPrice", null))
            .path("value")
            .path(0);
    assertEquals(
        "{\"ListingKey\":\"101\",\"City\":\"Houston\",\"ListPrice\":250000}", first.toString());
  }

  @Test
  void filtersCountsAndOrdersAnswerTheSame() throws Exception {
    assertSameAnswer(
        "/reso/fixture/Property?$filter=City%20eq%20'Houston'%20and%20ListPrice%20ge%20100000"
            + "&$orderby=ModificationTimestamp%20desc&$top=3&$count=true");
    assertSameAnswer("/reso/fixture/Property?$skip=2&$top=4");
  }

  @Test
  void expansionsStillReadTheStoredJson() throws Exception {
    assertSameAnswer("/reso/fixture/Property?$expand=Media,OpenHouse,ListOffice&$top=3");
  }

  @Test
  void aReplicationWalkOfNextLinksIsTheSamePages() throws Exception {
    String first =
        "/reso/fixture/Property?$orderby=ModificationTimestamp,ListingKey"
            + "&$filter=ModificationTimestamp%20gt%202020-01-01T00:00:00Z";
    List<String> pages = new ArrayList<>();
    String next = first;
    while (next != null) {
      String now = body(rendered, next, "odata.maxpagesize=3");
      assertEquals(body(earlier, next, "odata.maxpagesize=3"), now, next);
      pages.add(now);
      JsonNode link = JSON.readTree(now).path("@odata.nextLink");
      next = link.isMissingNode() ? null : link.asText().replace("ROOT", "/reso/fixture");
    }
    assertEquals(4, pages.size()); // the 10 served listings, 3 a page
  }
}

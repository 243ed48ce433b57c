package io.keybox.schema.reso;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.schema.listing.ListingDocuments;
import io.keybox.schema.listing.ListingRecord;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The RESO Property record a listing document stores, read back through the index, for listing 101
 * of data/fixtures/basic (250,000, listed 2026-09-01, Houston, Active, 3 bedrooms, interior
 * features "Fireplace, Wood Floors", at 29.7604 -95.3698).
 */
class ResoPropertyRecordTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static String record;
  private static byte[] bytes;

  @BeforeAll
  static void indexListing101() throws Exception {
    String line =
        Files.readAllLines(Path.of("..", "data", "fixtures", "basic", "listings.ndjson")).get(0);
    Document doc = new ListingDocuments(JSON).toDocument(ListingRecord.parse(JSON.readTree(line)));
    try (ByteBuffersDirectory directory = new ByteBuffersDirectory()) {
      try (IndexWriter writer = new IndexWriter(directory, new IndexWriterConfig())) {
        writer.addDocument(doc);
      }
      try (DirectoryReader reader = DirectoryReader.open(directory)) {
        bytes = ResoPropertyRecord.load(reader.storedFields(), 0);
      }
    }
    record = new String(bytes, StandardCharsets.UTF_8);
  }

  @Test
  void startsWithTheKeyThenTheFieldsInTableOrderNullWhenAbsent() {
    assertTrue(
        record.startsWith(
            "{\"ListingKey\":\"101\",\"ListingId\":\"HOU-101\",\"ListPrice\":250000,"
                + "\"OriginalListPrice\":null,\"ListingContractDate\":\"2026-09-01\","),
        record);
    assertTrue(record.endsWith("}"), record);
  }

  @Test
  void writesLookupsListsAndPointsAsTheViewTypesThem() {
    assertTrue(record.contains(",\"City\":\"Houston\","), record);
    assertTrue(record.contains(",\"StandardStatus\":\"Active\","), record);
    assertTrue(record.contains(",\"PropertyType\":\"Residential\","), record);
    assertTrue(record.contains(",\"BedroomsTotal\":3,"), record);
    assertTrue(record.contains(",\"InteriorFeatures\":[\"Fireplace\",\"Wood Floors\"],"), record);
    assertTrue(
        record.contains(",\"Coordinates\":{\"type\":\"Point\",\"coordinates\":[-95.3698,29.7604]}"),
        record);
  }

  @Test
  void aSelectionIsTheKeyThenTheChosenMembersInTheAskedOrder() throws Exception {
    int[] members = {
      ResoPropertyRecord.member("City").orElseThrow(),
      ResoPropertyRecord.member("InteriorFeatures").orElseThrow(),
      ResoPropertyRecord.member("ListPrice").orElseThrow(),
      ResoPropertyRecord.member("OriginalListPrice").orElseThrow()
    };
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ResoPropertyRecord.writeSelected(bytes, members, out);
    assertEquals(
        "{\"ListingKey\":\"101\",\"City\":\"Houston\","
            + "\"InteriorFeatures\":[\"Fireplace\",\"Wood Floors\"],\"ListPrice\":250000,"
            + "\"OriginalListPrice\":null}",
        out.toString(StandardCharsets.UTF_8));
  }

  @Test
  void aSelectionOfNoFieldIsTheKeyAlone() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ResoPropertyRecord.writeSelected(bytes, new int[0], out);
    assertEquals("{\"ListingKey\":\"101\"}", out.toString(StandardCharsets.UTF_8));
  }

  @Test
  void theKeyIsNoSelectableMember() {
    assertTrue(ResoPropertyRecord.member("ListingKey").isEmpty());
    assertTrue(ResoPropertyRecord.member("Media").isEmpty()); // an expansion, not a field
  }

  @Test
  void aRecordOfAnotherViewVersionOrNoneIsNotServed() throws Exception {
    Document other = new Document();
    other.add(new StoredField("_resoProperty", "{\"ListingKey\":\"1\"}".getBytes()));
    other.add(new StoredField("_resoPropertyView", ResoPropertyRecord.VIEW_VERSION + 1));
    Document none = new Document();
    none.add(new StoredField("_source", "{}".getBytes()));
    try (ByteBuffersDirectory directory = new ByteBuffersDirectory()) {
      try (IndexWriter writer = new IndexWriter(directory, new IndexWriterConfig())) {
        writer.addDocument(other);
        writer.addDocument(none);
      }
      try (DirectoryReader reader = DirectoryReader.open(directory)) {
        StoredFields stored = reader.storedFields();
        assertNull(ResoPropertyRecord.load(stored, 0));
        assertNull(ResoPropertyRecord.load(stored, 1));
      }
    }
  }
}

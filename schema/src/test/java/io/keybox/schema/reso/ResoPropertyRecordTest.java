package io.keybox.schema.reso;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
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
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.util.BytesRef;
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
  private static Document listing101;
  private static ResoPropertyRecord.Stored stored;

  @BeforeAll
  static void indexListing101() throws Exception {
    String line =
        Files.readAllLines(Path.of("..", "data", "fixtures", "basic", "listings.ndjson")).get(0);
    Document doc =
        ResoPropertyRecord.documents(JSON).toDocument(ListingRecord.parse(JSON.readTree(line)));
    listing101 = doc;
    stored = loaded(new int[] {0}, doc)[0];
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    stored.writeTo(out);
    record = out.toString(StandardCharsets.UTF_8);
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
    stored.writeSelected(members, out);
    assertEquals(
        "{\"ListingKey\":\"101\",\"City\":\"Houston\","
            + "\"InteriorFeatures\":[\"Fireplace\",\"Wood Floors\"],\"ListPrice\":250000,"
            + "\"OriginalListPrice\":null}",
        out.toString(StandardCharsets.UTF_8));
  }

  @Test
  void aSelectionOfNoFieldIsTheKeyAlone() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    stored.writeSelected(new int[0], out);
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
    byte[] rendered = ResoPropertyRecord.render(JSON.readTree("{\"mlsId\":1}"));
    rendered[3]++; // the version's last byte: another view's
    other.add(new StoredField("_resoProperty", rendered));
    Document none = new Document();
    none.add(new StoredField("_source", "{}".getBytes()));
    ResoPropertyRecord.Stored[] loaded = loaded(new int[] {0, 1}, other, none);
    assertNull(loaded[0]);
    assertNull(loaded[1]);
  }

  @Test
  void aRecordOfAnotherViewVersionInDocValuesIsNotServedEither() throws Exception {
    byte[] rendered = ResoPropertyRecord.render(JSON.readTree("{\"mlsId\":1}"));
    rendered[3]++;
    assertNull(stored(rendered));
  }

  @Test
  void recordsOfSeveralSegmentsComeInTheAskedOrder() throws Exception {
    try (ByteBuffersDirectory directory = new ByteBuffersDirectory()) {
      try (IndexWriter writer = new IndexWriter(directory, new IndexWriterConfig())) {
        for (String key : new String[] {"1", "2", "3", "4"}) {
          Document doc = new Document();
          ResoPropertyRecord.addTo(
              doc, ResoPropertyRecord.render(JSON.readTree("{\"mlsId\":" + key + "}")));
          writer.addDocument(doc);
          writer.flush(); // a segment each: docs 0 to 3 in segments 0 to 3
        }
      }
      try (DirectoryReader reader = DirectoryReader.open(directory)) {
        assertEquals(4, reader.leaves().size());
        ResoPropertyRecord.Stored[] loaded = ResoPropertyRecord.load(reader, new int[] {3, 0, 2});
        assertEquals("{\"ListingKey\":\"4\"}", key(loaded[0]));
        assertEquals("{\"ListingKey\":\"1\"}", key(loaded[1]));
        assertEquals("{\"ListingKey\":\"3\"}", key(loaded[2]));
      }
    }
  }

  @Test
  void aRecordAnEarlierBuildStoredIsStillRead() throws Exception {
    Document earlier = new Document(); // as builds before the doc values stored it
    BytesRef rendered = listing101.getBinaryValue("_resoRecord");
    earlier.add(new StoredField("_resoProperty", BytesRef.deepCopyOf(rendered).bytes));
    Document now = new Document();
    ResoPropertyRecord.addTo(now, ResoPropertyRecord.render(JSON.readTree("{\"mlsId\":5}")));
    ResoPropertyRecord.Stored[] loaded = loaded(new int[] {1, 0}, now, earlier);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    loaded[0].writeTo(out);
    assertEquals(record, out.toString(StandardCharsets.UTF_8));
    assertEquals("{\"ListingKey\":\"5\"}", key(loaded[1]));
  }

  @Test
  void longValuesAndTheLastMembersAreWrittenWhole() throws Exception {
    String remarks = "Big yard. ".repeat(30); // 300 bytes: a length of two bytes stored
    ResoPropertyRecord.Stored stored =
        stored(
            ResoPropertyRecord.render(
                JSON.readTree(
                    "{\"mlsId\":9,\"remarks\":\""
                        + remarks
                        + "\",\"association\":{\"name\":\"Oak HOA\",\"fee\":120,"
                        + "\"amenities\":\"Pool,Park\"}}")));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    stored.writeTo(out);
    String written = out.toString(StandardCharsets.UTF_8);
    assertTrue(written.contains(",\"PublicRemarks\":\"" + remarks + "\",\"PrivateRemarks\":null,"));
    // The table's last four members, past index 127: their indexes take two bytes.
    assertTrue(
        written.endsWith(
            ",\"AssociationName\":\"Oak HOA\",\"AssociationFee\":120,"
                + "\"AssociationFeeFrequency\":null,\"AssociationAmenities\":[\"Pool\",\"Park\"]}"),
        written);
    ByteArrayOutputStream selected = new ByteArrayOutputStream();
    stored.writeSelected(
        new int[] {
          ResoPropertyRecord.member("AssociationAmenities").orElseThrow(),
          ResoPropertyRecord.member("PublicRemarks").orElseThrow()
        },
        selected);
    assertEquals(
        "{\"ListingKey\":\"9\",\"AssociationAmenities\":[\"Pool\",\"Park\"],"
            + "\"PublicRemarks\":\""
            + remarks
            + "\"}",
        selected.toString(StandardCharsets.UTF_8));
  }

  /** The record written with no member but its key. */
  private static String key(ResoPropertyRecord.Stored stored) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    stored.writeSelected(new int[0], out);
    return out.toString(StandardCharsets.UTF_8);
  }

  @Test
  void aListingOfItsKeyAloneIsEveryMemberAtItsDefault() throws Exception {
    ResoPropertyRecord.Stored bare =
        stored(ResoPropertyRecord.render(JSON.readTree("{\"mlsId\":7}")));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    bare.writeTo(out);
    String written = out.toString(StandardCharsets.UTF_8);
    assertTrue(
        written.startsWith("{\"ListingKey\":\"7\",\"ListingId\":null,\"ListPrice\":null,"),
        written);
    assertTrue(written.contains(",\"InteriorFeatures\":[],"), written);
    assertTrue(written.endsWith(":null}") || written.endsWith(":[]}"), written);
  }

  /** {@code record} stored in a document of its own and loaded back. */
  private static ResoPropertyRecord.Stored stored(byte[] record) throws Exception {
    Document doc = new Document();
    ResoPropertyRecord.addTo(doc, record);
    return loaded(new int[] {0}, doc)[0];
  }

  /** The records of {@code docs} in an index of {@code documents} (one segment). */
  private static ResoPropertyRecord.Stored[] loaded(int[] docs, Document... documents)
      throws Exception {
    try (ByteBuffersDirectory directory = new ByteBuffersDirectory()) {
      try (IndexWriter writer = new IndexWriter(directory, new IndexWriterConfig())) {
        for (Document doc : documents) {
          writer.addDocument(doc);
        }
      }
      try (DirectoryReader reader = DirectoryReader.open(directory)) {
        return ResoPropertyRecord.load(reader, docs);
      }
    }
  }
}

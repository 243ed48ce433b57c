package io.keybox.schema.listing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.schema.SchemaVersion;
import java.io.IOException;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.NoMergePolicy;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@link ListingQueries#findListing}: a listing found by its key term and the IDX rules checked on
 * its one document, over two segments, one listing replaced (its old document deleted).
 */
class ListingLookupTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final ByteBuffersDirectory DIRECTORY = new ByteBuffersDirectory();
  private static DirectoryReader reader;

  @BeforeAll
  static void index() throws Exception {
    ListingDocuments documents = new ListingDocuments(JSON);
    IndexWriterConfig config = new IndexWriterConfig().setMergePolicy(NoMergePolicy.INSTANCE);
    try (IndexWriter writer = new IndexWriter(DIRECTORY, config)) {
      // The first segment: 1 with no flags, 2 address withheld, 3 listing withheld, 7 both shown.
      writer.addDocument(documents.toDocument(listing("'mlsId':1")));
      writer.addDocument(documents.toDocument(listing("'mlsId':2,'internetAddressDisplay':false")));
      writer.addDocument(
          documents.toDocument(listing("'mlsId':3,'internetEntireListingDisplay':false")));
      writer.addDocument(
          documents.toDocument(
              listing(
                  "'mlsId':7,'internetAddressDisplay':true,'internetEntireListingDisplay':true")));
      writer.commit();
      // The second: 4 with no flags, and 1 again, now withheld as a listing (the old one deleted).
      writer.addDocument(documents.toDocument(listing("'mlsId':4")));
      writer.updateDocument(
          ListingDocuments.key(1),
          documents.toDocument(listing("'mlsId':1,'internetEntireListingDisplay':false")));
      writer.commit();
    }
    reader = DirectoryReader.open(DIRECTORY);
  }

  @AfterAll
  static void close() throws IOException {
    reader.close();
    DIRECTORY.close();
  }

  /** An active listing: {@code fields} (quoted with ') and its status. */
  private static ListingRecord listing(String fields) throws Exception {
    String json = "{" + fields + ",'listingId':'L','mls':{'status':'Active'}}";
    return ListingRecord.parse(JSON.readTree(json.replace('\'', '"')));
  }

  /** The mlsId of the listing found, or 0 when none is. */
  private static long found(long mlsId, IdxRule idx) throws IOException {
    int doc = ListingQueries.findListing(reader, mlsId, idx);
    if (doc < 0) {
      return 0;
    }
    byte[] json =
        ListingSource.load(reader.storedFields(), doc, false, false).toBytes(false, false);
    return JSON.readTree(json).get("mlsId").asLong();
  }

  @Test
  void theDefaultRuleHidesEitherFlagFalse() throws IOException {
    assertEquals(0, found(1, IdxRule.NULL), "1 is now withheld as a listing");
    assertEquals(0, found(2, IdxRule.NULL));
    assertEquals(0, found(3, IdxRule.NULL));
    assertEquals(4, found(4, IdxRule.NULL), "in the second segment");
    assertEquals(7, found(7, IdxRule.NULL));
  }

  @Test
  void eachRuleChecksItsOwnFlag() throws IOException {
    assertEquals(0, found(1, IdxRule.LISTING));
    assertEquals(2, found(2, IdxRule.LISTING));
    assertEquals(0, found(3, IdxRule.LISTING));
    assertEquals(1, found(1, IdxRule.ADDRESS));
    assertEquals(0, found(2, IdxRule.ADDRESS));
    assertEquals(3, found(3, IdxRule.ADDRESS));
  }

  @Test
  void ignoringTheRulesFindsTheLiveDocumentNotTheDeletedOne() throws IOException {
    int doc = ListingQueries.findListing(reader, 1, IdxRule.IGNORE);
    JsonNode record =
        JSON.readTree(
            ListingSource.load(reader.storedFields(), doc, false, false).toBytes(false, false));
    assertEquals(false, record.get("internetEntireListingDisplay").asBoolean(true));
  }

  @Test
  void anUnknownListingIsNotFound() throws IOException {
    assertEquals(0, found(99, IdxRule.IGNORE));
  }

  @Test
  void answersAsTheQueryOfTheKeyAndTheRuleDoes() throws IOException {
    IndexSearcher searcher = new IndexSearcher(reader);
    for (long mlsId : new long[] {1, 2, 3, 4, 7, 99}) {
      for (IdxRule idx : IdxRule.values()) {
        BooleanQuery.Builder query = new BooleanQuery.Builder();
        query.add(ListingQueries.byMlsId(mlsId), Occur.FILTER);
        idx.filter().ifPresent(rule -> query.add(rule, Occur.FILTER));
        ScoreDoc[] hits = searcher.search(query.build(), 1).scoreDocs;
        int expected = hits.length == 0 ? -1 : hits[0].doc;
        assertEquals(
            expected, ListingQueries.findListing(reader, mlsId, idx), mlsId + " under " + idx);
      }
    }
  }

  @Test
  void aSearchDocumentStoresNothingAndIsFoundByItsKey() throws Exception {
    ListingDocuments documents = new ListingDocuments(JSON);
    org.apache.lucene.document.Document doc =
        documents.toSearchDocument(listing("'mlsId':5,'listPrice':250000"));

    assertTrue(doc.getFields().stream().noneMatch(f -> f.fieldType().stored()), doc.toString());
    try (ByteBuffersDirectory directory = new ByteBuffersDirectory();
        IndexWriter writer = new IndexWriter(directory, new IndexWriterConfig())) {
      writer.addDocument(doc);
      try (DirectoryReader small = DirectoryReader.open(writer)) {
        assertEquals(0, ListingQueries.findListing(small, 5, IdxRule.NULL));
        assertEquals(-1, ListingQueries.findListing(small, 6, IdxRule.NULL));
      }
    }
  }

  @Test
  void indexesFromSchemaVersionThreeHoldTheKeyTerms() {
    assertFalse(ListingQueries.hasListingKeys(SchemaVersion.LISTING_KEY_TERM - 1));
    assertTrue(ListingQueries.hasListingKeys(SchemaVersion.LISTING_KEY_TERM));
  }
}

package io.keybox.schema.listing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.schema.ClassIndex;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.geo.Polygon;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.Sort;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Indexes six hand-written listings in memory and checks each query and sort factory against ids
 * worked out by hand from the records below.
 */
class ListingFieldsRoundTripTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  // id 1: Houston house, 3 beds, 2 full + 1 half baths (2.5), pool, on Lake Houston, all flags
  // null.
  // id 2: Katy condo, 2 beds, bathrooms 2 given, no water, address display explicitly false.
  // id 3: Houston rental, no beds, no price, water 'None' (false-like), listing display false.
  // id 4: Sugar Land land, Pending, no coordinates.
  // id 5: Houston house, 5 beds, 4 baths, 'Galveston Bay' water, both flags true, Closed.
  // id 6: Katy house, 4 beds, 3 full + 1 three-quarter baths (4.0), Active.
  private static final String[] RECORDS = {
    "{'mlsId':1,'listingId':'H-100','listPrice':350000,'listDate':'2024-03-01T00:00:00Z',"
        + "'modified':'2024-06-01T00:00:00Z','property':{'type':'RES','bedrooms':3,'bathsFull':2,"
        + "'bathsHalf':1,'interiorFeatures':'Pool, High Ceiling','water':'Lake Houston',"
        + "'subdivision':'Kingwood','area':2000},'address':{'city':'Houston','streetName':'Main St',"
        + "'streetNumber':123,'postalCode':'77002'},'geo':{'lat':29.76,'lng':-95.37},"
        + "'mls':{'status':'Active','area':'Kingwood'}}",
    "{'mlsId':2,'listingId':'K-200','listPrice':180000.5,'listDate':'2024-04-01T00:00:00Z',"
        + "'modified':'2024-06-03T00:00:00Z','internetAddressDisplay':false,"
        + "'property':{'type':'CND','bedrooms':2,'bathrooms':2,'interiorFeatures':'High Ceiling'},"
        + "'address':{'city':'Katy','streetName':'Mason Rd'},'geo':{'lat':29.79,'lng':-95.82},"
        + "'mls':{'status':'Active'}}",
    "{'mlsId':3,'listingId':'H-300','modified':'2024-06-02T00:00:00Z',"
        + "'internetEntireListingDisplay':false,'property':{'type':'RNT','water':'None'},"
        + "'address':{'city':'HOUSTON'},'geo':{'lat':29.70,'lng':-95.40},'mls':{'status':'Active'}}",
    "{'mlsId':4,'listingId':'S-400','listPrice':90000,'property':{'type':'LND'},"
        + "'address':{'city':'Sugar Land'},'mls':{'status':'Under Contract'}}",
    "{'mlsId':5,'listingId':'H-500','listPrice':900000,'modified':'2024-05-01T00:00:00Z',"
        + "'internetAddressDisplay':true,'internetEntireListingDisplay':true,"
        + "'property':{'type':'RES','bedrooms':5,'bathrooms':4,'water':'Galveston Bay',"
        + "'interiorFeatures':'pool,Wine Cellar'},'address':{'city':'Houston'},"
        + "'geo':{'lat':29.55,'lng':-95.10},'mls':{'status':'Sold'}}",
    "{'mlsId':6,'listingId':'K-600','listPrice':450000,'property':{'type':'RES','bedrooms':4,"
        + "'bathsFull':3,'bathsThreeQuarter':1},'address':{'city':'Katy'},"
        + "'geo':{'lat':29.78,'lng':-95.80},'mls':{'status':'Active'}}",
  };

  @RegisterExtension
  static final ClassIndex index =
      ClassIndex.sortedAsVendorIndexes(ListingFieldsRoundTripTest::write);

  private static void write(IndexWriter writer) throws Exception {
    ListingDocuments documents = new ListingDocuments(JSON);
    // Added out of id order: the index sort must put them back in mlsId order.
    for (int i = RECORDS.length - 1; i >= 0; i--) {
      writer.addDocument(
          documents.toDocument(ListingRecord.parse(JSON.readTree(RECORDS[i].replace('\'', '"')))));
    }
  }

  private static List<Long> ids(Query query) throws IOException {
    return ids(query, ListingSort.BY_MLS_ID);
  }

  private static List<Long> ids(Query query, Sort sort) throws IOException {
    return ids(index.searcher().search(listings(query), 100, sort).scoreDocs);
  }

  private static Query listings(Query query) {
    return ClassIndex.allOf(ListingQueries.allListings(), query);
  }

  private static List<Long> ids(ScoreDoc[] hits) throws IOException {
    StoredFields stored = index.searcher().storedFields();
    List<Long> ids = new ArrayList<>();
    for (ScoreDoc hit : hits) {
      byte[] json = ListingSource.load(stored, hit.doc, false, false).toBytes(false, false);
      ids.add(JSON.readTree(json).get("mlsId").asLong());
    }
    return ids;
  }

  @Test
  void statusAndType() throws IOException {
    assertEquals(List.of(1L, 2L, 3L, 6L), ids(ListingQueries.statusIn(List.of(Status.Active))));
    assertEquals(List.of(4L), ids(ListingQueries.statusIn(List.of(Status.Pending))));
    // The type filter's row: residential selects RES and CND.
    assertEquals(
        List.of(1L, 2L, 5L, 6L), ids(ListingFilters.TYPE.query(List.of(PropertyType.RES))));
    assertEquals(List.of(3L), ids(ListingFilters.TYPE.query(List.of(PropertyType.RNT))));
  }

  @Test
  void rangesNeverMatchNulls() throws IOException {
    assertEquals(List.of(1L, 2L, 6L), ids(ListingFields.LIST_PRICE.range(180000.5, 450000.0)));
    assertEquals(List.of(1L, 2L, 4L, 5L, 6L), ids(ListingFields.LIST_PRICE.range(null, null)));
    assertEquals(List.of(1L, 6L), ids(ListingFields.BEDS.range(3L, 4L)));
    assertEquals(List.of(5L), ids(ListingFields.BEDS.range(5L, null)));
  }

  @Test
  void bathTotalRule() throws IOException {
    // 1: 2 + 0.5; 2: 2; 5: 4; 6: 3 + 1 three-quarter = 4.
    assertEquals(List.of(1L), ids(ListingFields.BATHS.range(2.5, 2.5)));
    assertEquals(List.of(5L, 6L), ids(ListingFields.BATHS.range(3.0, null)));
    assertEquals(List.of(1L, 2L), ids(ListingFields.BATHS.range(null, 2.5)));
  }

  @Test
  void keywordsAreCaseInsensitiveWholeValues() throws IOException {
    assertEquals(List.of(1L, 3L, 5L), ids(ListingFields.CITY.anyOf(List.of("houston"))));
    assertEquals(
        List.of(2L, 4L, 6L), ids(ListingFields.CITY.anyOf(List.of(" KATY ", "sugar land"))));
    assertEquals(List.of(), ids(ListingFields.CITY.anyOf(List.of("Hous"))));
  }

  @Test
  void featureItemsAreAllRequired() throws IOException {
    assertEquals(List.of(1L, 5L), ids(ListingFields.FEATURES.allOf(List.of("POOL"))));
    assertEquals(List.of(1L), ids(ListingFields.FEATURES.allOf(List.of("pool", "high ceiling"))));
  }

  @Test
  void water() throws IOException {
    assertEquals(List.of(1L, 5L), ids(ListingQueries.water(List.of("true"))));
    assertEquals(List.of(2L, 3L, 4L, 6L), ids(ListingQueries.water(List.of("false"))));
    assertEquals(List.of(5L), ids(ListingQueries.water(List.of("galveston bay"))));
    assertEquals(
        List.of(1L, 5L), ids(ListingQueries.water(List.of("Lake Houston", "Galveston Bay"))));
  }

  @Test
  void idxRules() throws IOException {
    assertEquals(List.of(1L, 4L, 5L, 6L), ids(IdxRule.NULL.filter().orElseThrow()));
    assertEquals(List.of(1L, 2L, 4L, 5L, 6L), ids(IdxRule.LISTING.filter().orElseThrow()));
    assertEquals(List.of(1L, 3L, 4L, 5L, 6L), ids(IdxRule.ADDRESS.filter().orElseThrow()));
    assertEquals(true, IdxRule.IGNORE.filter().isEmpty());
  }

  @Test
  void polygonSkipsListingsWithoutCoordinates() throws IOException {
    // A box around central and west Houston: contains 1 (29.76,-95.37), 3 (29.70,-95.40),
    // 2 and 6 are further west (Katy), 5 is south-east, 4 has no coordinates.
    Polygon box =
        new Polygon(
            new double[] {29.65, 29.65, 29.85, 29.85, 29.65},
            new double[] {-95.50, -95.30, -95.30, -95.50, -95.50});
    assertEquals(List.of(1L, 3L), ids(ListingFields.GEO.within(box)));
  }

  @Test
  void keywordSearchByWordsWithPrefixedLastWord() throws IOException {
    assertEquals(List.of(1L, 3L, 5L), ids(ListingFields.KEYWORDS.matchAllWords("hous")));
    assertEquals(List.of(1L), ids(ListingFields.KEYWORDS.matchAllWords("123 main")));
    assertEquals(List.of(), ids(ListingFields.KEYWORDS.matchAllWords("12 main")));
    assertEquals(List.of(1L), ids(ListingFields.KEYWORDS.matchAllWords("kingw")));
    assertEquals(List.of(2L), ids(ListingFields.KEYWORDS.matchAllWords("K-200")));
    assertEquals(List.of(), ids(ListingFields.KEYWORDS.matchAllWords("  --  ")));
  }

  @Test
  void sortsPutMissingValuesLastInBothDirectionsAndBreakTiesByMlsId() throws IOException {
    Query all = ListingQueries.allListings();
    // Prices: 1=350000, 2=180000.5, 3=null, 4=90000, 5=900000, 6=450000.
    assertEquals(List.of(4L, 2L, 1L, 6L, 5L, 3L), ids(all, ListingSort.LISTPRICE.sort(false)));
    assertEquals(List.of(5L, 6L, 1L, 2L, 4L, 3L), ids(all, ListingSort.LISTPRICE.sort(true)));
    // Modified: 2 (06-03), 3 (06-02), 1 (06-01), 5 (05-01), then 4 and 6 lack it: mlsId order.
    assertEquals(List.of(2L, 3L, 1L, 5L, 4L, 6L), ids(all, ListingSort.MODIFIED.sort(true)));
    // Baths: 1=2.5, 2=2, 5=4, 6=4; 3 and 4 have none; the 4-4 tie breaks by mlsId.
    assertEquals(List.of(5L, 6L, 1L, 2L, 3L, 4L), ids(all, ListingSort.BATHS.sort(true)));
    assertEquals(List.of(1L), ids(ListingQueries.byMlsId(1)));
  }
}

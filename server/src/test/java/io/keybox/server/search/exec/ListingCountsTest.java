package io.keybox.server.search.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.schema.field.NumericColumn;
import io.keybox.schema.listing.ListingDim;
import io.keybox.schema.listing.ListingDocuments;
import io.keybox.schema.listing.ListingFacets;
import io.keybox.schema.listing.ListingFields;
import io.keybox.schema.listing.ListingQueries;
import io.keybox.schema.listing.ListingRecord;
import io.keybox.schema.listing.Status;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import org.apache.lucene.document.Document;
import org.apache.lucene.facet.FacetsCollector;
import org.apache.lucene.facet.FacetsCollectorManager;
import org.apache.lucene.facet.FacetsConfig;
import org.apache.lucene.facet.sortedset.SortedSetDocValuesFacetField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.junit.jupiter.api.Test;

/**
 * Counting the schema's facet dims (their folding of case variants), OPTIONS values and the doc
 * values read back for aggregation, over five hand-written listings indexed in two segments.
 */
class ListingCountsTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  // 1: Houston RES Active, features 'Pool, Fireplace', 250000
  // 2: houston RES Active, features 'pool', 150000.5
  // 3: Katy CND Pending, no features, no price
  // 4: HOUSTON RNT Active, features 'Fireplace, Wine Cellar', 2000
  // 5: Katy LND Closed, subdivision 'Cinco Ranch', 90000
  private static final String[] RECORDS = {
    "{'mlsId':1,'listingId':'A','listPrice':250000,'property':{'type':'RES',"
        + "'interiorFeatures':'Pool, Fireplace'},'address':{'city':'Houston'},"
        + "'mls':{'status':'Active'}}",
    "{'mlsId':2,'listingId':'B','listPrice':150000.5,'property':{'type':'RES',"
        + "'interiorFeatures':'pool'},'address':{'city':'houston'},'mls':{'status':'Active'}}",
    "{'mlsId':3,'listingId':'C','property':{'type':'CND'},'address':{'city':'Katy'},"
        + "'mls':{'status':'Pending'}}",
    "{'mlsId':4,'listingId':'D','listPrice':2000,'property':{'type':'RNT',"
        + "'interiorFeatures':'Fireplace, Wine Cellar'},'address':{'city':'HOUSTON'},"
        + "'mls':{'status':'Active'}}",
    "{'mlsId':5,'listingId':'E','listPrice':90000,'property':{'type':'LND',"
        + "'subdivision':'Cinco Ranch'},'address':{'city':'Katy'},'mls':{'status':'Sold'}}",
  };

  private static DirectoryReader index(ByteBuffersDirectory dir) throws Exception {
    ListingDocuments documents = new ListingDocuments(JSON);
    try (IndexWriter writer =
        new IndexWriter(dir, new IndexWriterConfig().setIndexSort(ListingDocuments.INDEX_SORT))) {
      for (int i = 0; i < RECORDS.length; i++) {
        writer.addDocument(
            documents.toDocument(
                ListingRecord.parse(JSON.readTree(RECORDS[i].replace('\'', '"')))));
        if (i == 2) {
          writer.commit(); // two segments: the reader state must map ordinals across them
        }
      }
    }
    return DirectoryReader.open(dir);
  }

  @Test
  void distributionsFoldCaseVariantsUnderTheCommonestSpelling() throws Exception {
    try (ByteBuffersDirectory dir = new ByteBuffersDirectory();
        DirectoryReader reader = index(dir)) {
      assertEquals(2, reader.leaves().size());
      IndexSearcher searcher = new IndexSearcher(reader);
      ListingFacets.State state = new ListingFacets().readerState(reader).orElseThrow();
      FacetsCollector active =
          searcher.search(
              ListingQueries.statusIn(List.of(Status.Active)), new FacetsCollectorManager());
      DimCounts counts = DimCounts.count(state, active);
      // Houston 1, houston 1, HOUSTON 1: one value of 3; ties between spellings go to the first
      // in code-point order, 'HOUSTON'.
      assertEquals(List.of(new ValueCount("HOUSTON", 3)), counts.values(ListingDim.CITY));
      assertEquals(
          List.of(new ValueCount("RES", 2), new ValueCount("RNT", 1)),
          counts.values(ListingDim.TYPE));
      assertEquals(
          List.of(new ValueCount("Fireplace", 2), new ValueCount("Pool", 2)),
          counts.values(ListingDim.FEATURES).subList(0, 2));
      assertEquals(List.of(), counts.values(ListingDim.SUBDIVISION));
      assertEquals(List.of(), counts.values(ListingDim.WATER));
    }
  }

  @Test
  void countingTheAnalyticsDimsReadsOnlyTheirOwnField() throws Exception {
    try (ByteBuffersDirectory dir = new ByteBuffersDirectory();
        DirectoryReader reader = index(dir)) {
      IndexSearcher searcher = new IndexSearcher(reader);
      ListingFacets.State state = new ListingFacets().readerState(reader).orElseThrow();
      assertEquals(Set.of("$analytics", "$facets"), state.byField().keySet(), "two facet fields");
      FacetsCollector active =
          searcher.search(
              ListingQueries.statusIn(List.of(Status.Active)), new FacetsCollectorManager());
      DimCounts counts = DimCounts.count(state, active, ListingFacets.ANALYTICS_DIMS);
      assertEquals(List.of(new ValueCount("HOUSTON", 3)), counts.values(ListingDim.CITY));
      assertEquals(
          List.of(new ValueCount("RES", 2), new ValueCount("RNT", 1)),
          counts.values(ListingDim.TYPE));
      // Features live in the other field, which was not counted.
      assertEquals(List.of(), counts.values(ListingDim.FEATURES));
    }
  }

  @Test
  void anIndexWrittenBeforeTheAnalyticsFieldIsCountedFromTheSharedField() throws Exception {
    // Every dim in $facets, as indexes were written before $analytics existed.
    FacetsConfig before = new FacetsConfig();
    before.setMultiValued("city", true);
    before.setMultiValued("interiorFeatures", true);
    try (ByteBuffersDirectory dir = new ByteBuffersDirectory()) {
      try (IndexWriter writer = new IndexWriter(dir, new IndexWriterConfig())) {
        for (String[] listing :
            new String[][] {{"Houston", "Pool"}, {"houston", "Pool"}, {"Katy", "Fireplace"}}) {
          Document doc = new Document();
          doc.add(new SortedSetDocValuesFacetField("city", listing[0]));
          doc.add(new SortedSetDocValuesFacetField("interiorFeatures", listing[1]));
          writer.addDocument(before.build(doc));
        }
      }
      try (DirectoryReader reader = DirectoryReader.open(dir)) {
        ListingFacets.State state = new ListingFacets().readerState(reader).orElseThrow();
        assertEquals(Set.of("$facets"), state.byField().keySet());
        FacetsCollector all =
            new IndexSearcher(reader).search(new MatchAllDocsQuery(), new FacetsCollectorManager());
        DimCounts counts = DimCounts.count(state, all, ListingFacets.ANALYTICS_DIMS);
        assertEquals(
            List.of(new ValueCount("Houston", 2), new ValueCount("Katy", 1)),
            counts.values(ListingDim.CITY));
      }
    }
  }

  @Test
  void anOldIndexUpdatedIncrementallyCountsBothFields() throws Exception {
    // Three listings written before $analytics existed, then one appended by an --incremental
    // run with the new layout: the counts must cover all four.
    FacetsConfig before = new FacetsConfig();
    before.setMultiValued("city", true);
    FacetsConfig after = new FacetsConfig();
    after.setMultiValued("city", true);
    after.setIndexFieldName("city", ListingFacets.ANALYTICS_FIELD);
    try (ByteBuffersDirectory dir = new ByteBuffersDirectory()) {
      try (IndexWriter writer = new IndexWriter(dir, new IndexWriterConfig())) {
        for (String city : new String[] {"Houston", "houston", "Katy"}) {
          Document doc = new Document();
          doc.add(new SortedSetDocValuesFacetField("city", city));
          writer.addDocument(before.build(doc));
        }
        writer.commit();
        Document doc = new Document();
        doc.add(new SortedSetDocValuesFacetField("city", "Sugar Land"));
        writer.addDocument(after.build(doc));
      }
      try (DirectoryReader reader = DirectoryReader.open(dir)) {
        ListingFacets.State state = new ListingFacets().readerState(reader).orElseThrow();
        assertEquals(Set.of("$analytics", "$facets"), state.byField().keySet());
        FacetsCollector all =
            new IndexSearcher(reader).search(new MatchAllDocsQuery(), new FacetsCollectorManager());
        assertEquals(
            List.of(
                new ValueCount("Houston", 2),
                new ValueCount("Katy", 1),
                new ValueCount("Sugar Land", 1)),
            DimCounts.count(state, all, ListingFacets.ANALYTICS_DIMS).values(ListingDim.CITY));
      }
    }
  }

  @Test
  void optionsListEveryListingsDistinctValuesSortedIgnoringCase() throws Exception {
    try (ByteBuffersDirectory dir = new ByteBuffersDirectory();
        DirectoryReader reader = index(dir)) {
      IndexSearcher searcher = new IndexSearcher(reader);
      ListingOptions options =
          ListingOptions.compute(searcher, new ListingFacets().readerState(reader));
      assertEquals(List.of("Active", "Closed", "Pending"), options.of(ListingDim.STATUS));
      assertEquals(
          List.of("Condominium", "Land", "Rental", "Residential"), options.of(ListingDim.TYPE));
      assertEquals(List.of("HOUSTON", "Katy"), options.of(ListingDim.CITY));
      assertEquals(List.of("Fireplace", "Pool", "Wine Cellar"), options.of(ListingDim.FEATURES));
      assertEquals(List.of("Cinco Ranch"), options.of(ListingDim.SUBDIVISION));
      assertEquals(List.of(), options.of(ListingDim.WATER));
      assertEquals(List.of(), options.of(ListingDim.MLS_AREA), "not an OPTIONS field");
    }
  }

  @Test
  void anIndexWithoutListingsHasNoFacetStateAndEmptyOptions() throws Exception {
    try (ByteBuffersDirectory dir = new ByteBuffersDirectory()) {
      new IndexWriter(dir, new IndexWriterConfig()).close();
      try (DirectoryReader reader = DirectoryReader.open(dir)) {
        assertTrue(new ListingFacets().readerState(reader).isEmpty());
        ListingOptions options =
            ListingOptions.compute(new IndexSearcher(reader), java.util.Optional.empty());
        assertEquals(List.of(), options.of(ListingDim.CITY));
      }
    }
  }

  @Test
  void numericColumnsReadDoubleAndLongDocValuesBack() throws Exception {
    try (ByteBuffersDirectory dir = new ByteBuffersDirectory();
        DirectoryReader reader = index(dir)) {
      assertEquals(
          List.of(250000.0, 150000.5, 2000.0, 90000.0), values(reader, ListingFields.LIST_PRICE));
      assertEquals(List.of(1.0, 2.0, 3.0, 4.0, 5.0), values(reader, ListingFields.MLS_ID));
    }
  }

  private static List<Double> values(DirectoryReader reader, NumericColumn column)
      throws IOException {
    List<Double> values = new ArrayList<>();
    for (LeafReaderContext leaf : reader.leaves()) {
      int[] docs = IntStream.range(0, leaf.reader().maxDoc()).toArray();
      double[] read = new double[docs.length];
      ColumnReader.of(leaf.reader(), column).read(docs, docs.length, read);
      for (double value : read) {
        if (!Double.isNaN(value)) {
          values.add(value);
        }
      }
    }
    return values;
  }
}

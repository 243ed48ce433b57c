package io.keybox.schema.listing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.DocValuesType;
import org.apache.lucene.index.IndexableField;
import org.junit.jupiter.api.Test;

/**
 * The facet labels a listing document carries: their encoding, as Lucene's facets read it. Counting
 * them is search execution ({@code io.keybox.server.search.exec.ListingCountsTest}).
 */
class ListingFacetsTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void eachLabelIsOneSortedSetValueOfDimAndLabelInItsDimsField() throws Exception {
    // The encoding Lucene's FacetsConfig.build gives a flat dim: "dim" U+001F "label". A label
    // holding U+001F itself has it replaced; case variants count once, under the first spelling.
    ListingRecord listing =
        ListingRecord.parse(
            JSON.readTree(
                ("{'mlsId':1,'listingId':'A','property':{'type':'RES',"
                        + "'interiorFeatures':'Pool, pool, Fire\\u001fplace'},"
                        + "'address':{'city':'Houston'},'mls':{'status':'Active'}}")
                    .replace('\'', '"')));
    Document doc = new ListingFacets().build(new Document(), listing.tree());
    List<String> values = new ArrayList<>();
    for (IndexableField field : doc.getFields()) {
      assertEquals(DocValuesType.SORTED_SET, field.fieldType().docValuesType(), field.name());
      values.add(field.name() + " " + field.binaryValue().utf8ToString().replace('\u001f', '/'));
    }
    assertEquals(
        List.of(
            "$analytics status/Active",
            "$analytics type/RES",
            "$analytics city/Houston",
            "$facets features/Pool",
            "$facets features/Fire place"),
        values);
  }
}

package io.keybox.schema.field;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.keybox.schema.field.GeoPointField.EncodedBox;
import java.io.IOException;
import java.util.Set;
import java.util.TreeSet;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.geo.GeoEncodingUtils;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.junit.jupiter.api.Test;

class GeoPointFieldTest {
  private static final GeoPointField GEO = new GeoPointField("geo", json -> null);

  @Test
  void theEncodedBoxRoundsMinimumsUpAndMaximumsDown() {
    // 29.5° is not a multiple of the encoding's step (180 / 2^32 degrees), so its floor and its
    // ceiling differ by one; an encoded value's own decoding is, so it maps to itself.
    int floor = GeoEncodingUtils.encodeLatitude(29.5);
    EncodedBox box = GeoPointField.encodedBox(29.5, 29.5, -95.0, -95.0);
    assertEquals(floor + 1, box.minLat());
    assertEquals(floor, box.maxLat());
    assertTrue(box.isEmpty(), "a zero-height box between two encoded values holds none");
    double exact = GeoEncodingUtils.decodeLatitude(floor);
    EncodedBox point = GeoPointField.encodedBox(exact, exact, -95.0, -95.0);
    assertEquals(floor, point.minLat());
    assertEquals(floor, point.maxLat());
    assertThrows(IllegalArgumentException.class, () -> GeoPointField.encodedBox(29, 30, 170, -170));
    assertTrue(GeoPointField.encodedBox(90, 90, 0, 1).isEmpty());
  }

  @Test
  void theEncodedBoxQueryAdmitsExactlyThePointsOnAndInsideItsEdges() throws IOException {
    int lat0 = GeoEncodingUtils.encodeLatitude(29.76);
    int lat1 = GeoEncodingUtils.encodeLatitude(29.77);
    int lng0 = GeoEncodingUtils.encodeLongitude(-95.37);
    int lng1 = GeoEncodingUtils.encodeLongitude(-95.36);
    try (ByteBuffersDirectory dir = new ByteBuffersDirectory()) {
      try (IndexWriter writer = new IndexWriter(dir, new IndexWriterConfig())) {
        // Points one encoded step outside, on, and one step inside each edge; named "lat,lng"
        // by their offsets from the box's corner (lat0, lng0).
        int[] latOffsets = {-1, 0, 1, lat1 - lat0 - 1, lat1 - lat0, lat1 - lat0 + 1};
        int[] lngOffsets = {-1, 0, lng1 - lng0, lng1 - lng0 + 1};
        for (int dLat : latOffsets) {
          for (int dLng : lngOffsets) {
            Document doc = new Document();
            GEO.add(
                doc,
                new GeoPointField.LatLng(
                    GeoEncodingUtils.decodeLatitude(lat0 + dLat),
                    GeoEncodingUtils.decodeLongitude(lng0 + dLng)));
            doc.add(new StoredField("name", dLat + "," + dLng));
            writer.addDocument(doc);
          }
        }
      }
      Set<String> matched = matches(dir, GEO.inEncodedBox(new EncodedBox(lat0, lat1, lng0, lng1)));
      int h = lat1 - lat0;
      int w = lng1 - lng0;
      Set<String> expected = new TreeSet<>();
      for (int dLat : new int[] {0, 1, h - 1, h}) {
        for (int dLng : new int[] {0, w}) {
          expected.add(dLat + "," + dLng);
        }
      }
      assertEquals(expected, matched);
    }
  }

  private static Set<String> matches(ByteBuffersDirectory dir, Query query) throws IOException {
    try (DirectoryReader reader = DirectoryReader.open(dir)) {
      IndexSearcher searcher = new IndexSearcher(reader);
      Set<String> names = new TreeSet<>();
      for (ScoreDoc hit : searcher.search(query, 1000).scoreDocs) {
        names.add(searcher.storedFields().document(hit.doc).get("name"));
      }
      return names;
    }
  }
}

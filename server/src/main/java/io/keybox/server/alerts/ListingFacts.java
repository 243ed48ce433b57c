package io.keybox.server.alerts;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.schema.listing.ListingSource;
import io.keybox.schema.openhouse.OpenHouseFields;
import io.keybox.schema.openhouse.OpenHouseQueries;
import io.keybox.state.alerts.Remembered;
import java.io.IOException;
import java.util.HashSet;
import java.util.OptionalDouble;
import java.util.Set;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;

/**
 * What an alert compares of one listing in a snapshot: its list price and status as {@code
 * /properties} serves them (read from the listing's stored JSON, the very bytes it sends), and the
 * keys of its open houses.
 */
final class ListingFacts {
  private ListingFacts() {}

  /** The facts of listing {@code mlsId}, document {@code doc} of {@code searcher}. */
  static Remembered of(
      IndexSearcher searcher, StoredFields stored, int doc, long mlsId, ObjectMapper json)
      throws IOException {
    byte[] bytes = ListingSource.load(stored, doc, false, false).toBytes(false, false);
    JsonNode listing = json.readTree(bytes);
    JsonNode price = listing.path("listPrice");
    return new Remembered(
        mlsId,
        price.isNumber() ? OptionalDouble.of(price.asDouble()) : OptionalDouble.empty(),
        listing.path("mls").path("status").asText(""),
        openHouses(searcher, mlsId));
  }

  private static Set<Long> openHouses(IndexSearcher searcher, long mlsId) throws IOException {
    Set<Long> keys = new HashSet<>();
    for (ScoreDoc hit : searcher.search(OpenHouseQueries.ofListing(mlsId), 1000).scoreDocs) {
      OpenHouseFields.OPEN_HOUSE_KEY
          .valueOf(searcher.getIndexReader(), hit.doc)
          .ifPresent(keys::add);
    }
    return keys;
  }
}

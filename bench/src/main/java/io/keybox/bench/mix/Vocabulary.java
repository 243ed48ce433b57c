package io.keybox.bench.mix;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.schema.CommitData;
import io.keybox.schema.field.KeywordField;
import io.keybox.schema.listing.ListingFields;
import io.keybox.schema.listing.ListingQueries;
import io.keybox.schema.listing.ListingSource;
import io.keybox.server.query.FilterQueryBuilder;
import io.keybox.server.query.ListingRequestParser;
import io.keybox.server.query.Params;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.MultiDocValues;
import org.apache.lucene.index.MultiTerms;
import org.apache.lucene.index.SortedSetDocValues;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.Sort;
import org.apache.lucene.util.BytesRef;

/**
 * The values the query mix draws from, read from the index the run built: the cities with their
 * number of default-search matches, keyword queries made from real addresses, displayable mlsIds
 * and map centres where listings are. Drawn with a fixed seed, so the same index gives the same
 * vocabulary.
 *
 * @param cities display spellings of the cities with default-search matches, most matches first
 * @param keywords {@code q} values: street names, house number and street, postal codes, the start
 *     of a city name, subdivisions, MLS areas and MLS numbers of sampled listings
 * @param listingIds mlsIds of sampled listings that the default IDX rule displays
 * @param centers latitude/longitude pairs of sampled active listings, as map centres
 * @param defaultMatches how many listings the default search ({@code GET /properties}) matches
 */
public record Vocabulary(
    List<String> cities,
    List<String> keywords,
    List<Long> listingIds,
    List<double[]> centers,
    long defaultMatches) {

  private static final int SAMPLES = 3_000;
  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * Reads the vocabulary of {@code reader}.
   *
   * @throws IOException from the index
   * @throws IllegalStateException when the index holds too little to draw a mix from
   */
  public static Vocabulary read(DirectoryReader reader, long seed) throws IOException {
    IndexSearcher searcher = new IndexSearcher(reader);
    Query defaults =
        FilterQueryBuilder.build(new ListingRequestParser(10_000).filter(Params.parse("")));
    long defaultMatches = searcher.count(defaults);
    List<String> cities = cities(reader, searcher, defaults);
    Random random = new Random(seed);
    List<String> keywords = new ArrayList<>();
    Set<Long> ids = new LinkedHashSet<>();
    List<double[]> centers = new ArrayList<>();
    StoredFields stored = searcher.storedFields();
    // Listings are drawn by mlsId, not by doc id: the indexer's threads place documents in
    // segments in a different order on every run, and the mix must be the same for every index
    // of the same feed, or two runs would measure different queries.
    long maxMlsId = maxMlsId(searcher);
    int schemaVersion = CommitData.schemaVersionOf(reader.getIndexCommit());
    for (int i = 0; i < SAMPLES && maxMlsId > 0; i++) {
      long mlsId = 1 + (long) (random.nextDouble() * maxMlsId);
      ScoreDoc[] found = searcher.search(ListingQueries.byMlsId(mlsId, schemaVersion), 1).scoreDocs;
      if (found.length == 0) {
        continue; // an mlsId the feed no longer holds
      }
      int doc = found[0].doc;
      JsonNode listing =
          JSON.readTree(ListingSource.load(stored, doc, false, false).toBytes(false, false));
      boolean displayed =
          !listing.path("internetAddressDisplay").asText("").equals("false")
              && !listing.path("internetEntireListingDisplay").asText("").equals("false");
      if (!displayed) {
        continue;
      }
      ids.add(listing.path("mlsId").asLong());
      JsonNode geo = listing.path("geo");
      if (listing.path("mls").path("status").asText("").equals("Active")
          && geo.path("lat").isNumber()
          && geo.path("lng").isNumber()) {
        centers.add(new double[] {geo.path("lat").asDouble(), geo.path("lng").asDouble()});
      }
      keyword(listing, i % 7).ifPresent(keywords::add);
    }
    if (cities.isEmpty() || keywords.isEmpty() || ids.isEmpty() || centers.isEmpty()) {
      throw new IllegalStateException(
          "the index holds too few displayable active listings to draw a query mix from ("
              + reader.numDocs()
              + " documents)");
    }
    return new Vocabulary(
        List.copyOf(cities),
        List.copyOf(keywords),
        List.copyOf(ids),
        List.copyOf(centers),
        defaultMatches);
  }

  /** The largest mlsId of the index's listings, 0 when it has none. */
  private static long maxMlsId(IndexSearcher searcher) throws IOException {
    ScoreDoc[] last =
        searcher.search(
                ListingQueries.allListings(), 1, new Sort(ListingFields.MLS_ID.sort(true)), false)
            .scoreDocs;
    return last.length == 0
        ? 0
        : ListingFields.MLS_ID.valueOf(searcher.getIndexReader(), last[0].doc).orElse(0);
  }

  /** The cities with default-search matches, most first, in their display spelling. */
  private static List<String> cities(DirectoryReader reader, IndexSearcher searcher, Query defaults)
      throws IOException {
    Map<String, String> display = new HashMap<>();
    SortedSetDocValues values =
        MultiDocValues.getSortedSetValues(reader, ListingFields.CITY.displayValuesField());
    if (values != null) {
      TermsEnum terms = values.termsEnum();
      for (BytesRef term = terms.next(); term != null; term = terms.next()) {
        display.putIfAbsent(KeywordField.normalize(term.utf8ToString()), term.utf8ToString());
      }
    }
    Map<String, Long> counts = new HashMap<>();
    Terms terms = MultiTerms.getTerms(reader, ListingFields.CITY.name());
    if (terms != null) {
      TermsEnum it = terms.iterator();
      for (BytesRef term = it.next(); term != null; term = it.next()) {
        String city = term.utf8ToString();
        Query inCity =
            new BooleanQuery.Builder()
                .add(defaults, Occur.FILTER)
                .add(ListingFields.CITY.is(city), Occur.FILTER)
                .build();
        long count = searcher.count(inCity);
        if (count > 0) {
          counts.put(display.getOrDefault(city, city), count);
        }
      }
    }
    return counts.entrySet().stream()
        .sorted(
            Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder())
                .thenComparing(Map.Entry.comparingByKey()))
        .map(Map.Entry::getKey)
        .toList();
  }

  /** A keyword query of kind {@code kind} (0..6) made from {@code listing}, if it has the parts. */
  private static java.util.Optional<String> keyword(JsonNode listing, int kind) {
    JsonNode address = listing.path("address");
    String value =
        switch (kind) {
          case 0 -> address.path("streetName").asText(null);
          case 1 ->
              address.path("streetNumber").isNumber() && address.path("streetName").isTextual()
                  ? address.path("streetNumber").asText()
                      + " "
                      + address.path("streetName").asText().split(" ")[0]
                  : null;
          case 2 -> address.path("postalCode").asText(null);
          case 3 -> {
            String city = address.path("city").asText(null);
            yield city == null
                ? null
                : city.substring(0, Math.min(4, city.length())).toLowerCase(Locale.ROOT);
          }
          case 4 -> listing.path("property").path("subdivision").asText(null);
          case 5 -> listing.path("mls").path("area").asText(null);
          default -> listing.path("listingId").asText(null);
        };
    return java.util.Optional.ofNullable(value).filter(v -> !v.isBlank());
  }
}

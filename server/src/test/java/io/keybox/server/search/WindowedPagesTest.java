package io.keybox.server.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.generator.FeedGenerator;
import io.keybox.generator.GeneratorConfig;
import io.keybox.indexer.build.FeedDumps;
import io.keybox.indexer.build.VendorIndexBuilder;
import io.keybox.indexer.build.VendorLayout;
import io.keybox.schema.field.LongValueField;
import io.keybox.schema.listing.ListingFields;
import io.keybox.schema.listing.ListingSort;
import io.keybox.server.query.FilterQueryBuilder;
import io.keybox.server.query.ListingRequestParser;
import io.keybox.server.query.ListingSearchRequest;
import io.keybox.server.query.Params;
import io.keybox.server.search.exec.LeadingWindows;
import io.keybox.server.search.exec.SortOrder;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.MultiTerms;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.util.BytesRef;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The listings' first pages found in windows of a whole-number sort key ({@link SortOrder#of(
 * ListingSort, boolean)}), on a generated feed of 5,000 listings indexed as the indexer does: for
 * every such key in both directions, and searches from the broadest to the rarest, each page is the
 * page of Lucene's own one-sort search of every match.
 */
class WindowedPagesTest {
  @TempDir static Path work;

  private static FSDirectory dir;
  private static DirectoryReader reader;
  private static IndexSearcher searcher;
  private static List<String> cities;

  @BeforeAll
  static void index() throws IOException {
    Path feed = work.resolve("feed");
    new FeedGenerator(new GeneratorConfig(5_000, 42, "houston")).writeDirectory(feed);
    VendorLayout layout = new VendorLayout(work.resolve("data"), "houston");
    new VendorIndexBuilder(
            new ObjectMapper(),
            Clock.fixed(Instant.parse("2026-11-01T06:00:00Z"), ZoneOffset.UTC),
            2)
        .rebuild(
            layout,
            new FeedDumps(
                feed.resolve(FeedGenerator.LISTINGS_FILE), Optional.empty(), Optional.empty()),
            false);
    dir = FSDirectory.open(layout.indexDir());
    reader = DirectoryReader.open(dir);
    searcher = new IndexSearcher(reader);
    cities = citiesByListings();
  }

  @AfterAll
  static void close() throws IOException {
    reader.close();
    dir.close();
  }

  /** The cities, those with the most listings first. */
  private static List<String> citiesByListings() throws IOException {
    Terms terms = MultiTerms.getTerms(reader, ListingFields.CITY.name());
    List<Object[]> counted = new ArrayList<>();
    TermsEnum each = terms.iterator();
    for (BytesRef term = each.next(); term != null; term = each.next()) {
      counted.add(new Object[] {term.utf8ToString(), each.docFreq()});
    }
    counted.sort(Comparator.comparingInt((Object[] c) -> (Integer) c[1]).reversed());
    return counted.stream().map(c -> (String) c[0]).toList();
  }

  private static List<String> searches() {
    List<String> searches =
        new ArrayList<>(List.of("", "status=Active&status=Pending&status=Closed", "minbeds=5"));
    for (String city : cities.subList(0, 4)) {
      searches.add("cities=" + city);
      searches.add("cities=" + city + "&minprice=100000&maxprice=300000&minbeds=3");
      searches.add("cities=" + city + "&minprice=350000&maxprice=450000&minbeds=4");
    }
    searches.add("cities=" + cities.get(cities.size() - 1)); // the smallest city
    return searches;
  }

  private static long[] keys(ScoreDoc[] hits) throws IOException {
    long[] keys = new long[hits.length];
    for (int i = 0; i < hits.length; i++) {
      keys[i] = ListingFields.MLS_ID.valueOf(reader, hits[i].doc).orElseThrow();
    }
    return keys;
  }

  @Test
  void everyFirstPageIsThePageOfTheWholeSearch() throws IOException {
    ListingRequestParser parser = new ListingRequestParser(10_000);
    int windowed = 0;
    int pages = 0;
    for (ListingSort key : ListingSort.values()) {
      Optional<LongValueField> field = key.wholeNumberField();
      if (field.isEmpty()) {
        continue;
      }
      for (boolean descending : new boolean[] {true, false}) {
        for (String search : searches()) {
          ListingSearchRequest request = parser.parse(Params.parse(search));
          Query query = FilterQueryBuilder.build(request.filter());
          for (int[] page : new int[][] {{0, 21}, {20, 21}, {200, 50}}) {
            int n = page[0] + page[1];
            long[] expected = keys(searcher.search(query, n, key.sort(descending)).scoreDocs);
            SortOrder order = SortOrder.of(key, descending);
            String what = key + (descending ? " desc " : " asc ") + search + " n " + n;
            assertEquals(
                Arrays.toString(
                    Arrays.copyOfRange(
                        expected, Math.min(page[0], expected.length), expected.length)),
                Arrays.toString(keys(order.page(searcher, query, page[0], page[1]))),
                what);
            Optional<TopDocs> found =
                new LeadingWindows(field.get(), descending)
                    .first(searcher, query, key.sort(descending), n);
            if (found.isPresent()) {
              assertEquals(
                  Arrays.toString(expected), Arrays.toString(keys(found.get().scoreDocs)), what);
              windowed++;
            }
            pages++;
          }
        }
      }
    }
    // Some pages come from windows (at 5,000 listings a window of 512 is a tenth of the index:
    // 69 of the 384 pages when written), the rare searches' from the whole search.
    assertTrue(windowed > 0 && windowed < pages, windowed + " of " + pages + " pages from windows");
  }

  @Test
  void theDefaultSearchsFirstPageComesFromAWindowOfTheNewest() throws IOException {
    Query active =
        FilterQueryBuilder.build(new ListingRequestParser(10_000).parse(Params.parse("")).filter());
    Optional<TopDocs> found =
        new LeadingWindows(ListingFields.MODIFIED, true)
            .first(searcher, active, ListingSort.MODIFIED.sort(true), 21);
    assertTrue(found.isPresent());
    assertEquals(
        Arrays.toString(
            keys(searcher.search(active, 21, ListingSort.MODIFIED.sort(true)).scoreDocs)),
        Arrays.toString(keys(found.get().scoreDocs)));
  }
}

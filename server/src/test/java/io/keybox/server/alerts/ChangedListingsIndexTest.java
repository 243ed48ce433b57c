package io.keybox.server.alerts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.indexer.build.BuildReport;
import io.keybox.indexer.build.VendorIndexBuilder;
import io.keybox.indexer.build.VendorLayout;
import io.keybox.server.http.SearchParametersHttpTest;
import io.keybox.server.index.Lease;
import io.keybox.server.index.VendorIndexes;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The small in-memory index of a commit's changed listings matches each {@code /properties} filter
 * exactly as the whole index does: every filter of {@code data/fixtures/search} (the "Expected
 * answers" table of {@code data/README.md}, worked out by hand; the rows whose answer is the whole
 * result, paging and sort dropped) run over the fixture's 38 listings made again from their stored
 * records, over half of them with a deleted one among the changed, and over the snapshot itself
 * (every listing looked at).
 */
class ChangedListingsIndexTest {
  private static final String VENDOR = "search";
  private static final Path LISTINGS =
      Path.of("..", "data", "fixtures", "search", "listings.ndjson");

  /** The default {@code limit}: an answer this long may have been cut. */
  private static final int DEFAULT_LIMIT = 20;

  @TempDir static Path dataDir;
  private static VendorIndexes indexes;

  @BeforeAll
  static void index() throws IOException {
    BuildReport report =
        new VendorIndexBuilder(new ObjectMapper(), Clock.systemUTC(), 1)
            .rebuild(new VendorLayout(dataDir, VENDOR), LISTINGS, false);
    assertEquals(38, report.listings());
    indexes = new VendorIndexes(dataDir, 60_000);
    indexes.start();
  }

  @AfterAll
  static void close() throws IOException {
    indexes.close();
  }

  /** The table's rows as a saved search's query and the mlsIds it matches, all of them. */
  static Stream<Arguments> filters() throws IOException {
    List<Arguments> cases = new ArrayList<>();
    for (Arguments row : SearchParametersHttpTest.answers().toList()) {
      String request = (String) row.get()[0];
      List<Long> answer = SearchParametersHttpTest.ids((String) row.get()[1]);
      int query = request.indexOf('?');
      List<String> kept = new ArrayList<>();
      int limit = DEFAULT_LIMIT;
      boolean paged = false;
      for (String pair : query < 0 ? new String[0] : request.substring(query + 1).split("&")) {
        String name = pair.substring(0, Math.max(0, pair.indexOf('=')));
        switch (name) {
          case "limit" -> limit = limit(pair.substring("limit=".length()));
          case "offset", "lastId" -> paged = true;
          case "sort", "count", "vendor" -> {} // no bearing on which listings match
          default -> kept.add(pair);
        }
      }
      if (!paged && answer.size() < limit) {
        cases.add(Arguments.of(String.join("&", kept), new TreeSet<>(answer)));
      }
    }
    assertTrue(cases.size() >= 200, "only " + cases.size() + " rows used");
    return cases.stream();
  }

  /** The page size a {@code limit} value asks for; an empty one is the default. */
  private static int limit(String value) {
    return value.isEmpty() ? DEFAULT_LIMIT : Integer.parseInt(value);
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @MethodSource("filters")
  void everyListingChangedMatchesAsTheWholeIndexDoes(String query, Set<Long> expected)
      throws IOException {
    assertEquals(expected, matching(query, LongStream.rangeClosed(201, 238).toArray()));
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @MethodSource("filters")
  void halfTheListingsChangedAndOneDeletedMatchAsTheWholeIndexDoes(String query, Set<Long> expected)
      throws IOException {
    long[] changed =
        LongStream.concat(
                LongStream.iterate(201, id -> id <= 238, id -> id + 2), LongStream.of(999))
            .toArray();
    Set<Long> odd = new TreeSet<>(expected);
    odd.removeIf(id -> id % 2 == 0);
    assertEquals(odd, matching(query, changed));
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @MethodSource("filters")
  void everyListingOfTheSnapshotMatchesAsTheWholeIndexDoes(String query, Set<Long> expected)
      throws IOException {
    try (Lease lease = indexes.lease(VENDOR);
        ChangedListingsIndex listings = ChangedListingsIndex.all(lease.snapshot())) {
      assertEquals(38, listings.mlsIds().length);
      assertEquals(
          expected,
          new TreeSet<>(listings.matching(SearchQuery.parse(query).luceneQuery()).keySet()));
    }
  }

  private static Set<Long> matching(String query, long[] changed) throws IOException {
    // Three threads, four listings to a part: the documents are made by several parts at once.
    try (Lease lease = indexes.lease(VENDOR);
        MatchingThreads threads = new MatchingThreads(3);
        ChangedListingsIndex listings =
            ChangedListingsIndex.of(lease.snapshot(), changed, threads, 4)) {
      assertNull(listings.doc(999), "a listing the commit deleted has no document");
      Map<Long, Integer> first = listings.matching(query, SearchQuery.parse(query).luceneQuery());
      assertSame(
          first,
          listings.matching(query, SearchQuery.parse(query).luceneQuery()),
          "the searches of one query share its answer");
      return new TreeSet<>(first.keySet());
    }
  }
}

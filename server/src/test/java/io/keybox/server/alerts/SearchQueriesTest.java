package io.keybox.server.alerts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Saved searches' queries are parsed once and kept by their query string, the most recently used
 * {@value SearchQueries#MAX_KEPT}; a query that no longer parses is kept with the parser's reason.
 */
class SearchQueriesTest {
  private final SearchQueries queries = new SearchQueries();

  @Test
  void aQueryIsParsedOnceAndBuiltAsProperties() {
    SearchQueries.Parsed first =
        assertInstanceOf(SearchQueries.Parsed.class, queries.of("cities=Katy&minbeds=3"));
    assertSame(
        first, queries.of("cities=Katy&minbeds=3"), "the second search of it parses nothing");
    assertEquals(SearchQuery.parse("cities=Katy&minbeds=3").luceneQuery(), first.lucene());
    assertNotSame(first, queries.of("cities=Katy&minbeds=4"), "another string is another query");
  }

  @Test
  void aQueryThatDoesNotParseKeepsTheParsersReason() {
    SearchQueries.Refused refused =
        assertInstanceOf(SearchQueries.Refused.class, queries.of("cities=Katy&limit=5"));
    assertTrue(refused.reason().contains("'limit' is not allowed"), refused.reason());
    SearchQueries.Refused bad =
        assertInstanceOf(SearchQueries.Refused.class, queries.of("minbeds=three"));
    assertTrue(bad.reason().contains("minbeds"), bad.reason());
  }

  @Test
  void theLeastRecentlyUsedQueryIsDroppedPastTheBound() {
    SearchQueries.Prepared kept = queries.of("minprice=0");
    SearchQueries.Prepared dropped = queries.of("minprice=1");
    for (int i = 2; i <= SearchQueries.MAX_KEPT; i++) {
      queries.of("minprice=" + i);
      if (i % 1000 == 0) {
        queries.of("minprice=0"); // used again: it stays
      }
    }
    assertSame(kept, queries.of("minprice=0"));
    assertNotSame(dropped, queries.of("minprice=1"), "parsed again after it was dropped");
  }
}

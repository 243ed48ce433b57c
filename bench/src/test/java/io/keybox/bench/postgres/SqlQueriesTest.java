package io.keybox.bench.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.keybox.server.query.ListingRequestParser;
import io.keybox.server.query.Params;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SqlQueriesTest {
  private final ListingRequestParser parser = new ListingRequestParser(10_000);

  @Test
  void keywordValuesBecomeATsqueryWithTheLastWordAsPrefix() {
    assertEquals("('waugh' & 'dr':*)", SqlQueries.tsquery(List.of("Waugh Dr")));
    assertEquals("('hous':*) | ('77429':*)", SqlQueries.tsquery(List.of("hous", "77429")));
    assertEquals("('abcdefghijklmnopq')", SqlQueries.tsquery(List.of("abcdefghijklmnopq")));
    assertEquals("'\u0001'", SqlQueries.tsquery(List.of("--")));
  }

  @Test
  void defaultSearchFiltersStatusTypeAndDisplayAndSortsByModified() {
    SqlQueries.Sql sql = SqlQueries.search(parser.parse(Params.parse("")));
    assertTrue(sql.text().contains("TRUE AND status = ? AND type = ANY(?)"), sql.text());
    assertTrue(
        sql.text().contains("address_display IS NOT FALSE AND listing_display IS NOT FALSE"));
    assertTrue(sql.text().contains("ORDER BY modified DESC NULLS LAST, mls_id LIMIT ? OFFSET ?"));
    assertEquals(List.of(20, 0), sql.binds().subList(2, 4));
  }

  @Test
  void countBindsComeBeforeThePageBinds() {
    SqlQueries.Sql sql =
        SqlQueries.search(parser.parse(Params.parse("cities=Katy&count=true&lastId=7")));
    List<Object> binds = new ArrayList<>(sql.binds());
    assertEquals(3 + 3 + 1 + 2, binds.size(), binds.toString());
    assertEquals(7L, binds.get(6));
    assertTrue(sql.text().contains("(SELECT count(*) FROM listing WHERE TRUE AND status = ?"));
    assertTrue(sql.text().contains("AND mls_id > ? ORDER BY mls_id LIMIT"));
  }

  @Test
  void filtersThePeerCannotTranslateAreRefused() {
    assertThrows(
        IllegalArgumentException.class,
        () -> SqlQueries.search(parser.parse(Params.parse("features=Pool"))));
  }
}

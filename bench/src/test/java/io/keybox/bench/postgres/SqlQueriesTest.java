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

  @Test
  void aViewportIsAnEnvelopeComparedExactlyAndOneAcrossTheAntimeridianIsTwo() {
    String half =
        "(geom && ST_MakeEnvelope(?, ?, ?, ?, 4326)"
            + " AND ST_Y(geom) BETWEEN ? AND ? AND ST_X(geom) BETWEEN ? AND ?)";
    SqlQueries.Sql sql =
        SqlQueries.search(parser.parse(Params.parse("bbox=-95.5,29.6,-95.2,29.9")));
    assertTrue(sql.text().contains(" AND (false OR " + half + ")"), sql.text());
    // The edges as the index rounds them: minimums up, maximums down, by one step at most of
    // the 32-bit encoding (180 / 2^32 degrees of latitude, 360 / 2^32 of longitude).
    List<Object> box = sql.binds().subList(2, 10);
    assertEdge(-95.5, box.get(0), +1, 360);
    assertEdge(29.6, box.get(1), +1, 180);
    assertEdge(-95.2, box.get(2), -1, 360);
    assertEdge(29.9, box.get(3), -1, 180);
    assertEquals(List.of(box.get(1), box.get(3), box.get(0), box.get(2)), box.subList(4, 8));

    SqlQueries.Sql across = SqlQueries.search(parser.parse(Params.parse("bbox=170,-20,-170,-10")));
    assertTrue(
        across.text().contains(" AND (false OR " + half + " OR " + half + ")"), across.text());
    List<Object> binds = across.binds();
    assertEdge(170, binds.get(2), +1, 360);
    assertEdge(180, binds.get(4), -1, 360);
    assertEdge(-180, binds.get(10), +1, 360);
    assertEdge(-170, binds.get(12), -1, 360);
  }

  /** {@code bound} is {@code edge} moved inwards ({@code direction}) by one step at most. */
  private static void assertEdge(double edge, Object bound, int direction, double span) {
    double step = span / Math.pow(2, 32);
    double moved = ((Double) bound - edge) * direction;
    assertTrue(moved >= 0 && moved <= step, edge + " became " + bound);
  }

  @Test
  void aRadiusIsAGreatCircleDistanceOnTheSphereInMetres() {
    SqlQueries.Sql sql = SqlQueries.search(parser.parse(Params.parse("radius=29.76,-95.37,5mi")));
    assertTrue(
        sql.text()
            .contains(
                " AND ST_DWithin(geom::geography,"
                    + " ST_SetSRID(ST_MakePoint(?, ?), 4326)::geography, ?, false)"),
        sql.text());
    // 5 statute miles of 1,609.344 m.
    assertEquals(List.of(-95.37, 29.76, 8046.72), sql.binds().subList(2, 5));
  }

  @Test
  void clustersSnapTheViewsMatchesToTheTileGridAndGroupByTile() {
    SqlQueries.Sql sql =
        SqlQueries.clusters(parser.filter(Params.parse("bbox=-95.5,29.6,-95.2,29.9")), 1);
    assertTrue(
        sql.text().contains("ST_SnapToGrid(ST_Transform(geom, 3857), ?, ?, ?, ?) AS cell"),
        sql.text());
    assertTrue(sql.text().endsWith("AND geom IS NOT NULL) m GROUP BY cell"), sql.text());
    // At zoom 1 the world is 2 cells of 20,037,508.34 m; the first one's centre is half of it
    // west (and south) of the origin.
    double half = 20037508.342789244;
    assertEquals(List.of(-half / 2, -half / 2, half, half), sql.binds().subList(0, 4));
  }
}

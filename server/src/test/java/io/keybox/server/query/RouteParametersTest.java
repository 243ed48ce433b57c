package io.keybox.server.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.keybox.schema.agent.AgentFilters;
import io.keybox.schema.listing.ListingFilters;
import io.keybox.schema.openhouse.OpenHouseFilters;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * What each endpoint's published parameter list holds: the rows of its filter table, and the
 * paging, sort and include parameters its parser reads besides. The HTTP routes publish these lists
 * (plus {@code vendor}), and the OpenAPI document is checked against the routes and the rows.
 */
class RouteParametersTest {
  private static Set<String> without(List<String> all, List<String> filters) {
    Set<String> rest = new TreeSet<>(all);
    filters.forEach(rest::remove);
    return rest;
  }

  @Test
  void searchesReadTheirFilterRowsAndTheirPagingSortAndInclude() {
    assertTrue(ListingRequestParser.PARAMETERS.containsAll(ListingFilters.TABLE.names()));
    assertEquals(ListingFilters.TABLE.names(), ListingRequestParser.FILTER_PARAMETERS);
    assertEquals(
        Set.of("sort", "include", "limit", "offset", "lastId", "count"),
        without(ListingRequestParser.PARAMETERS, ListingFilters.TABLE.names()));
    assertTrue(OpenHouseRequestParser.PARAMETERS.containsAll(OpenHouseFilters.TABLE.names()));
    assertEquals(
        Set.of("sort", "include", "limit", "offset", "lastId", "count"),
        without(OpenHouseRequestParser.PARAMETERS, OpenHouseFilters.TABLE.names()));
    assertTrue(AgentRequestParser.PARAMETERS.containsAll(AgentFilters.TABLE.names()));
    assertEquals(
        Set.of("limit", "offset", "count"),
        without(AgentRequestParser.PARAMETERS, AgentFilters.TABLE.names()));
    assertEquals(List.of("idx", "include"), Lookup.PARAMETERS);
  }

  @Test
  void analyticsReadsTheFiltersButTheIgnoredOnes() {
    Set<String> ignored =
        Set.of(
            "coListAgent",
            "subTypeText",
            "specialListingConditions",
            "ownership",
            "minlistdate",
            "maxlistdate",
            "state");
    assertEquals(
        ignored,
        without(ListingRequestParser.FILTER_PARAMETERS, AnalyticsRequestParser.PARAMETERS));
    for (String name : ignored) {
      assertFalse(AnalyticsRequestParser.PARAMETERS.contains(name), name);
    }
    assertEquals(List.of("idx"), AnalyticsRequestParser.LISTING_PARAMETERS);
  }

  @Test
  void agentsHaveNoCursor() {
    assertTrue(!AgentRequestParser.PARAMETERS.contains("lastId"));
    assertTrue(OpenHouseRequestParser.PARAMETERS.contains("lastId"));
  }

  @Test
  void openHousesShareTheListingRowsOfTheConditionsTheyTake() {
    for (String shared :
        List.of(
            "cities", "brokers", "minprice", "maxprice", "minarea", "minbeds", "minbaths", "idx")) {
      assertEquals(ListingFilters.TABLE.row(shared), OpenHouseFilters.TABLE.row(shared), shared);
    }
    // One value each on /openhouses: rows of their own.
    assertFalse(OpenHouseFilters.TYPE.repeated());
    assertFalse(OpenHouseFilters.AGENT.repeated());
  }
}

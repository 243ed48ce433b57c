package io.keybox.server.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * Each parser's published parameter list is exactly what it reads: reading an undeclared name
 * fails, and parsing an empty query reads every declared name. The HTTP routes publish these lists
 * (plus {@code vendor}), and the OpenAPI document is checked against the routes.
 */
class ParameterListsTest {
  /** Parses an empty query declaring {@code declared}; returns the names read. */
  private static Set<String> namesRead(List<String> declared, Consumer<Params> parser) {
    Params params = Params.parse("").declaring(declared);
    parser.accept(params);
    return params.namesRead();
  }

  @Test
  void listingSearchReadsExactlyItsParameters() {
    ListingRequestParser parser = new ListingRequestParser(10_000);
    assertEquals(
        Set.copyOf(ListingRequestParser.PARAMETERS),
        namesRead(ListingRequestParser.PARAMETERS, parser::parse));
    assertEquals(
        Set.copyOf(ListingRequestParser.FILTER_PARAMETERS),
        namesRead(ListingRequestParser.FILTER_PARAMETERS, parser::filter));
  }

  @Test
  void analyticsReadsTheFiltersButTheIgnoredOnes() {
    AnalyticsRequestParser parser = new AnalyticsRequestParser(new ListingRequestParser(10_000));
    assertEquals(
        Set.copyOf(AnalyticsRequestParser.PARAMETERS),
        namesRead(AnalyticsRequestParser.PARAMETERS, parser::filter));
    for (String ignored : AnalyticsRequestParser.IGNORED) {
      assertTrue(!AnalyticsRequestParser.PARAMETERS.contains(ignored), ignored);
    }
    assertEquals(
        Set.copyOf(AnalyticsRequestParser.LISTING_PARAMETERS),
        namesRead(AnalyticsRequestParser.LISTING_PARAMETERS, IdxParam::parse));
  }

  @Test
  void openHousesAgentsAndLookupsReadExactlyTheirParameters() {
    assertEquals(
        Set.copyOf(OpenHouseRequestParser.PARAMETERS),
        namesRead(OpenHouseRequestParser.PARAMETERS, new OpenHouseRequestParser(10_000)::parse));
    assertEquals(
        Set.copyOf(AgentRequestParser.PARAMETERS),
        namesRead(AgentRequestParser.PARAMETERS, new AgentRequestParser(10_000)::parse));
    assertEquals(Set.copyOf(Lookup.PARAMETERS), namesRead(Lookup.PARAMETERS, Lookup::parse));
  }

  @Test
  void agentsHaveNoCursor() {
    assertTrue(!AgentRequestParser.PARAMETERS.contains("lastId"));
    assertTrue(OpenHouseRequestParser.PARAMETERS.contains("lastId"));
  }

  @Test
  void readingAnUndeclaredNameIsAProgrammingError() {
    Params params = Params.parse("limit=5&grid_view=1").declaring(List.of("limit"));
    assertEquals(Optional.of("5"), params.first("limit"));
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> params.values("grid_view"));
    assertTrue(e.getMessage().contains("'grid_view'"), e.getMessage());
  }

  @Test
  void aViewWithoutSomeNamesReadsThemAsAbsentAndDoesNotRecordThem() {
    Params params = Params.parse("state=TX&cities=Katy").declaring(List.of("cities"));
    Params view = params.without(Set.of("state"));
    assertEquals(List.of(), view.values("state"));
    assertEquals(List.of("Katy"), view.values("cities"));
    assertEquals(Set.of("cities"), params.namesRead());
  }
}

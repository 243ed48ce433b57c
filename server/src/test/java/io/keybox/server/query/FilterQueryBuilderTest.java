package io.keybox.server.query;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.keybox.schema.agent.AgentFields;
import io.keybox.schema.agent.AgentFilters;
import io.keybox.schema.agent.AgentQueries;
import io.keybox.schema.filter.FilterTable;
import io.keybox.schema.listing.IdxRule;
import io.keybox.schema.listing.ListingFields;
import io.keybox.schema.listing.ListingFilters;
import io.keybox.schema.listing.ListingQueries;
import io.keybox.schema.openhouse.OpenHouseFields;
import io.keybox.schema.openhouse.OpenHouseFilters;
import io.keybox.schema.openhouse.OpenHouseQueries;
import java.time.Instant;
import java.util.List;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.Query;
import org.junit.jupiter.api.Test;

/**
 * The generic builder makes, for each filtering row, the clause the field type makes: written out
 * by hand here, so a row that built something else would show.
 */
class FilterQueryBuilderTest {
  private static Query build(FilterTable table, String query) {
    return FilterQueryBuilder.build(FilterParser.parse(table, Params.parse(query)));
  }

  private static Query all(Query... clauses) {
    BooleanQuery.Builder query = new BooleanQuery.Builder();
    for (Query clause : clauses) {
      query.add(clause, Occur.FILTER);
    }
    return query.build();
  }

  private static final Query ACTIVE = ListingFields.STATUS.anyOf(List.of("Active"));
  private static final Query DEFAULT_TYPES = ListingFields.TYPE.anyOf(List.of("RES", "CND", "RNT"));
  private static final Query IDX_NULL = IdxRule.NULL.filter().orElseThrow();

  @Test
  void theDefaultListingSearchIsActiveResidentialAndRentalUnderTheNullRule() {
    assertEquals(
        all(ListingQueries.allListings(), ACTIVE, DEFAULT_TYPES, IDX_NULL),
        build(ListingFilters.TABLE, ""));
    assertEquals(
        all(ListingQueries.allListings(), ACTIVE, DEFAULT_TYPES),
        build(ListingFilters.TABLE, "idx=ignore"));
  }

  @Test
  void theBoundsOfOneFieldAreOneRange() {
    assertEquals(
        all(
            ListingQueries.allListings(),
            ACTIVE,
            DEFAULT_TYPES,
            ListingFields.LIST_PRICE.range(100.0, 200.0),
            ListingFields.BEDS.range(null, 3L),
            ListingFields.DAYS_ON_MARKET.range(null, 7L),
            IDX_NULL),
        build(ListingFilters.TABLE, "maxprice=200&maxbeds=3&minprice=100&maxdom=7"));
  }

  @Test
  void everyKindMakesItsFieldsClause() {
    BooleanQuery.Builder q = new BooleanQuery.Builder();
    q.add(ListingFields.KEYWORDS.matchAllWords("heights"), Occur.SHOULD);
    q.add(ListingFields.KEYWORDS.matchAllWords("oak fo"), Occur.SHOULD);
    assertEquals(
        all(
            ListingQueries.allListings(),
            q.build(),
            ListingFields.STATUS.anyOf(List.of("Closed", "Pending")),
            ListingFields.TYPE.anyOf(List.of("LND")),
            ListingFields.CITY.anyOf(List.of("Katy", "Cypress")),
            ListingFields.FEATURES.allOf(List.of("Pool", "Spa")),
            ListingQueries.water(List.of("true", "Lake")),
            ListingFields.LISTING_DISPLAY.notFalse()),
        build(
            ListingFilters.TABLE,
            "q=heights&q=oak+fo&status=sold&status=pending&type=land&cities=Katy&cities=Cypress"
                + "&features=Pool&features=Spa&water=true&water=Lake&idx=listing"));
  }

  @Test
  void openHousesTakeOneTypeAndOneAgentAndTheirStart() {
    long start = Instant.parse("2024-05-01T00:00:00Z").toEpochMilli();
    assertEquals(
        all(
            OpenHouseQueries.allOpenHouses(),
            ListingFields.TYPE.anyOf(List.of("RES", "CND")),
            ListingFields.CITY.anyOf(List.of("Katy")),
            ListingFields.AGENT.is("A1"),
            ListingFields.AREA.range(1500L, null),
            OpenHouseFields.START_TIME.range(start, null),
            IDX_NULL),
        build(
            OpenHouseFilters.TABLE,
            "agent=A1&agent=A2&cities=Katy&minarea=1500&startdate=2024-05-01"));
  }

  @Test
  void agentsMatchTheirNameStateAndIds() {
    assertEquals(
        all(
            AgentQueries.allAgents(),
            AgentFields.NAME.matchAllPrefixes("jo smi"),
            AgentFields.STATE.anyOf(List.of("TX")),
            AgentQueries.idOrEmail(List.of("a1", "b@example.com"))),
        build(AgentFilters.TABLE, "name=jo+smi&state=TX&q=a1&q=b@example.com"));
  }
}

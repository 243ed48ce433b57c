package io.keybox.server.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.keybox.schema.agent.AgentFilters;
import io.keybox.schema.filter.FilterTable;
import io.keybox.schema.listing.IdxRule;
import io.keybox.schema.listing.ListingFilters;
import io.keybox.schema.listing.PropertyType;
import io.keybox.schema.listing.Status;
import io.keybox.schema.openhouse.OpenHouseFilters;
import io.keybox.server.error.InvalidRequestException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The generic parser over the rows of each filter table: defaults, arity, order and errors. */
class FilterParserTest {
  private static FilterValues parse(FilterTable table, String query) {
    return FilterParser.parse(table, Params.parse(query));
  }

  @Test
  void anAbsentParameterTakesItsRowsDefaultOrDoesNotFilter() {
    FilterValues listings = parse(ListingFilters.TABLE, "cities=&minprice=+");
    assertEquals(
        Map.of(
            ListingFilters.STATUS,
            List.of(Status.Active),
            ListingFilters.TYPE,
            List.of(PropertyType.RES, PropertyType.RNT),
            ListingFilters.IDX,
            IdxRule.NULL),
        listings.values());
    FilterValues openHouses = parse(OpenHouseFilters.TABLE, "");
    assertEquals(
        Map.of(OpenHouseFilters.TYPE, List.of(PropertyType.RES), ListingFilters.IDX, IdxRule.NULL),
        openHouses.values());
    assertEquals(Map.of(), parse(AgentFilters.TABLE, "").values());
  }

  @Test
  void aRepeatedRowReadsEveryValueAnotherOnlyTheFirst() {
    String query = "agent=A1&agent=A2&type=rental&type=land&name=jo&name=ann";
    assertEquals(
        Optional.of(List.of("A1", "A2")),
        parse(ListingFilters.TABLE, query).get(ListingFilters.AGENT));
    assertEquals(
        Optional.of(List.of(PropertyType.RNT, PropertyType.LND)),
        parse(ListingFilters.TABLE, query).get(ListingFilters.TYPE));
    assertEquals(
        Optional.of(List.of("A1")),
        parse(OpenHouseFilters.TABLE, query).get(OpenHouseFilters.AGENT));
    assertEquals(
        Optional.of(List.of(PropertyType.RNT)),
        parse(OpenHouseFilters.TABLE, query).get(OpenHouseFilters.TYPE));
    assertEquals(
        Optional.of(List.of("jo")), parse(AgentFilters.TABLE, query).get(AgentFilters.NAME));
  }

  @Test
  void anOpenHouseStartIsItsMillisecondRoundedDownAListingsLowerDateBoundRoundedUp() {
    String query = "startdate=1970-01-01T00:00:00.0019Z&minlistdate=1970-01-01T00:00:00.0019Z";
    assertEquals(
        Optional.of(1L), parse(OpenHouseFilters.TABLE, query).get(OpenHouseFilters.START_DATE));
    assertEquals(
        Optional.of(2L), parse(ListingFilters.TABLE, query).get(ListingFilters.MIN_LIST_DATE));
    assertEquals(
        Optional.of(Instant.parse("2024-05-01T23:59:59.999Z").toEpochMilli()),
        parse(ListingFilters.TABLE, "maxlistdate=2024-05-01").get(ListingFilters.MAX_LIST_DATE));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "minbeds=x | minbeds: invalid value 'x'; allowed: a whole number (digits with an optional"
            + " sign)",
        "maxprice=1&minprice=2.5&maxbaths=x | minprice: invalid value '2.5'; allowed: a whole"
            + " number (digits with an optional sign)",
        "minbaths=1e3 | minbaths: invalid value '1e3'; allowed: a decimal number such as 2.5",
        "type=castle | type: unknown value 'castle'; allowed: residential, condominium, rental,"
            + " mobilehome, multifamily, commercial, commerciallease, land, farm",
        "idx=none | idx: unknown value 'none'; allowed: null, listing, address, ignore",
        "subtype=igloo | subtype: unknown value 'igloo'; allowed: apartment, boatslip,"
            + " singlefamilyresidence, deededparking, cabin, condominium, duplex,"
            + " manufacturedhome, ownyourown, quadruplex, stockcooperative, townhouse, timeshare,"
            + " triplex, manufacturedonland, farmandranch, agriculture, business, hotelmotel,"
            + " industrial, mixeduse, officespace, retail, unimprovedland, warehouse",
        "maxlistdate=May | maxlistdate: invalid value 'May'; allowed: a date (2024-05-01) or"
            + " date-time (2024-05-01T12:00:00Z)",
        "points=1,2&points=3,4 | points: invalid value '1,2 3,4'; allowed: at least 3 distinct"
            + " points forming a polygon",
      })
  void aRefusedValueIsA400NamingTheFirstBadParameterAndItsValue(String query, String message) {
    assertEquals(
        message,
        assertThrows(InvalidRequestException.class, () -> parse(ListingFilters.TABLE, query))
            .getMessage());
  }

  @Test
  void rowsOfOneClausePerWordOrValueAreCappedAtAHundred() {
    assertEquals(
        "name: at most 100 words per request (got 101)",
        assertThrows(
                InvalidRequestException.class,
                () -> parse(AgentFilters.TABLE, "name=" + "w+".repeat(100) + "w"))
            .getMessage());
    assertEquals(
        "water: at most 100 values per request (got 101)",
        assertThrows(
                InvalidRequestException.class,
                () -> parse(ListingFilters.TABLE, "water=true" + "&water=Lake".repeat(100)))
            .getMessage());
    // One clause however many values: not capped.
    assertEquals(
        101,
        parse(ListingFilters.TABLE, "cities=a" + "&cities=b".repeat(100))
            .get(ListingFilters.CITIES)
            .orElseThrow()
            .size());
  }
}

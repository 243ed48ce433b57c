package io.keybox.server.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.keybox.schema.listing.IdxRule;
import io.keybox.schema.listing.ListingFilters;
import io.keybox.schema.listing.ListingSort;
import io.keybox.schema.listing.PropertyType;
import io.keybox.schema.listing.Status;
import io.keybox.server.error.InvalidRequestException;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ListingRequestParserTest {
  private final ListingRequestParser parser = new ListingRequestParser(100);

  private ListingSearchRequest parse(String query) {
    return parser.parse(Params.parse(query));
  }

  private String message(String query) {
    return assertThrows(InvalidRequestException.class, () -> parse(query)).getMessage();
  }

  @Test
  void defaultsAreActiveResidentialAndRentalIdxNullNewestFirst() {
    for (String query : List.of("", "status=&type=&idx=&sort=&limit=&offset=&lastId=&count=")) {
      ListingSearchRequest request = parse(query);
      FilterValues filter = request.filter();
      assertEquals(Set.of("Active"), statuses(filter));
      assertEquals(Set.of("RES", "CND", "RNT"), typeCodes(filter));
      assertEquals(Optional.of(IdxRule.NULL), filter.get(ListingFilters.IDX));
      assertEquals(ListingSort.MODIFIED, request.sort());
      assertTrue(request.descending());
      assertEquals(20, request.limit());
      assertEquals(0, request.offset());
      assertEquals(OptionalLong.empty(), request.lastId());
      assertEquals(Include.NONE, request.include());
      assertFalse(request.count());
      assertEquals(Optional.empty(), filter.get(ListingFilters.Q));
      assertTrue(
          filter.get(ListingFilters.MIN_PRICE).isEmpty()
              && filter.get(ListingFilters.MAX_PRICE).isEmpty()
              && filter.get(ListingFilters.MIN_LIST_DATE).isEmpty()
              && filter.get(ListingFilters.MAX_LIST_DATE).isEmpty());
      assertEquals(Optional.empty(), filter.get(ListingFilters.POINTS));
    }
  }

  @Test
  void statusTypeAndSubtypeAcceptTheirSpellings() {
    FilterValues filter =
        parse(
                "status=sold&status=Under+Contract&status=active&type=Residential&type=MLF&type=farm"
                    + "&subtype=TownHouse")
            .filter();
    assertEquals(
        EnumSet.of(Status.Active, Status.Pending, Status.Closed),
        EnumSet.copyOf(filter.get(ListingFilters.STATUS).orElseThrow()));
    assertEquals(Set.of("RES", "CND", "MLF", "FRM"), typeCodes(filter));
    assertEquals(
        List.of(PropertyType.RES, PropertyType.MLF, PropertyType.FRM),
        filter.get(ListingFilters.TYPE).orElseThrow());
    assertEquals(Optional.of(List.of("townhouse")), filter.get(ListingFilters.SUBTYPE));
  }

  @Test
  void sortTakesAnOptionalMinusAndIgnoresCase() {
    ListingSearchRequest ascending = parse("sort=listPrice");
    assertEquals(ListingSort.LISTPRICE, ascending.sort());
    assertFalse(ascending.descending());
    ListingSearchRequest descending = parse("sort=-CLOSEDATE");
    assertEquals(ListingSort.CLOSEDATE, descending.sort());
    assertTrue(descending.descending());
  }

  @Test
  void rangesKeepTheirBoundsAndMaxListDateAsADateIsTheWholeDay() {
    FilterValues filter =
        parse(
                "minprice=100&maxbaths=2.5&minacres=.25&minlistdate=2024-05-01"
                    + "&maxlistdate=2024-05-01&maxdom=0&minGarageSpaces=2")
            .filter();
    assertEquals(Optional.of(100.0), filter.get(ListingFilters.MIN_PRICE));
    assertEquals(Optional.empty(), filter.get(ListingFilters.MAX_PRICE));
    assertEquals(Optional.empty(), filter.get(ListingFilters.MIN_BATHS));
    assertEquals(Optional.of(2.5), filter.get(ListingFilters.MAX_BATHS));
    assertEquals(Optional.of(0.25), filter.get(ListingFilters.MIN_ACRES));
    assertEquals(Optional.empty(), filter.get(ListingFilters.MAX_ACRES));
    assertEquals(Optional.of(2.0), filter.get(ListingFilters.MIN_GARAGE_SPACES));
    assertEquals(Optional.empty(), filter.get(ListingFilters.MAX_GARAGE_SPACES));
    assertEquals(Optional.of(0L), filter.get(ListingFilters.MAX_DAYS_ON_MARKET));
    // The list date bounds in epoch milliseconds, as the field holds them.
    assertEquals(
        Optional.of(Instant.parse("2024-05-01T00:00:00Z").toEpochMilli()),
        filter.get(ListingFilters.MIN_LIST_DATE));
    assertEquals(
        Optional.of(Instant.parse("2024-05-01T23:59:59.999Z").toEpochMilli()),
        filter.get(ListingFilters.MAX_LIST_DATE));
  }

  @Test
  void aSingleValuedParameterTakesItsFirstNonEmptyValue() {
    ListingSearchRequest request = parse("limit=&limit=5&limit=7&minprice=9&minprice=1");
    assertEquals(5, request.limit());
    assertEquals(Optional.of(9.0), request.filter().get(ListingFilters.MIN_PRICE));
    assertEquals(Optional.empty(), request.filter().get(ListingFilters.MAX_PRICE));
  }

  @Test
  void offsetIsCheckedAgainstThePagingWindow() {
    assertEquals(100, parse("offset=100").offset());
    assertEquals(
        "offset too high: 101 is past the paging window of 100; page deeper with lastId (lastId=0"
            + " starts from the beginning)",
        message("offset=101"));
    assertEquals("offset: invalid value '-1'; allowed: a whole number >= 0", message("offset=-1"));
  }

  @Test
  void withLastIdTheOffsetIsIgnoredEvenPastTheWindow() {
    ListingSearchRequest request = parse("lastId=0&offset=5000000000&sort=listprice");
    assertEquals(OptionalLong.of(0), request.lastId());
    assertEquals(0, request.offset());
    // Still a malformed value when it is not a whole number >= 0.
    assertEquals(
        "offset: invalid value '-1'; allowed: a whole number >= 0", message("lastId=0&offset=-1"));
    assertEquals(
        "lastId: invalid value '-1'; allowed: a whole number 0..9223372036854775807",
        message("lastId=-1"));
  }

  @Test
  void includeAndCount() {
    assertEquals(new Include(true, true), parse("include=ROOMS&include=compliance").include());
    assertEquals(Include.NONE, parse("include=pool&include=taxYear&include=nonsense").include());
    assertTrue(parse("count=true").count());
    assertFalse(parse("count=1").count());
  }

  @Test
  void unknownParametersAreIgnored() {
    assertEquals(parse("").filter(), parse("grid_view=1&MinPrice=5&Cities=Katy&foo=").filter());
  }

  @Test
  void qWordsAndAllOfValuesAreCappedAtAHundredPerParameter() {
    String hundredWords = "q=" + "w+".repeat(99) + "w";
    assertEquals(1, parse(hundredWords).filter().get(ListingFilters.Q).orElseThrow().size());
    assertEquals("q: at most 100 words per request (got 101)", message(hundredWords + "&q=x"));
    // A value without words still costs a clause.
    assertEquals("q: at most 100 words per request (got 101)", message(hundredWords + "&q=--"));
    assertEquals(
        "features: at most 100 values per request (got 101)",
        message("features=Pool" + "&features=Spa".repeat(100)));
    assertEquals(
        "exteriorFeatures: at most 100 values per request (got 101)",
        message("exteriorFeatures=Deck" + "&exteriorFeatures=Porch".repeat(100)));
  }

  /** The status names the filter matches. */
  private static Set<String> statuses(FilterValues filter) {
    return ListingFilters.STATUS.termsOf(filter.get(ListingFilters.STATUS).orElseThrow());
  }

  /** The type codes the filter matches ({@code residential} is RES and CND). */
  private static Set<String> typeCodes(FilterValues filter) {
    return ListingFilters.TYPE.termsOf(filter.get(ListingFilters.TYPE).orElseThrow());
  }
}

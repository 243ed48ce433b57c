package io.keybox.server.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.keybox.schema.listing.IdxRule;
import io.keybox.schema.listing.ListingSort;
import io.keybox.schema.listing.PropertyType;
import io.keybox.schema.listing.Status;
import io.keybox.server.error.InvalidRequestException;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
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
      ListingFilter filter = request.filter();
      assertEquals(EnumSet.of(Status.Active), filter.statuses());
      assertEquals(
          EnumSet.of(PropertyType.RES, PropertyType.CND, PropertyType.RNT), filter.types());
      assertEquals(IdxRule.NULL, filter.idx());
      assertEquals(ListingSort.MODIFIED, request.sort());
      assertTrue(request.descending());
      assertEquals(20, request.limit());
      assertEquals(0, request.offset());
      assertEquals(OptionalLong.empty(), request.lastId());
      assertEquals(Include.NONE, request.include());
      assertFalse(request.count());
      assertEquals(List.of(), filter.keywords());
      assertTrue(filter.price().isOpen() && filter.listDate().isOpen());
      assertEquals(Optional.empty(), filter.polygon());
    }
  }

  @Test
  void statusTypeAndSubtypeAcceptTheirSpellings() {
    ListingFilter filter =
        parse(
                "status=sold&status=Under+Contract&status=active&type=Residential&type=MLF&type=farm"
                    + "&subtype=TownHouse")
            .filter();
    assertEquals(EnumSet.of(Status.Active, Status.Pending, Status.Closed), filter.statuses());
    assertEquals(
        EnumSet.of(PropertyType.RES, PropertyType.CND, PropertyType.MLF, PropertyType.FRM),
        filter.types());
    assertEquals(List.of("townhouse"), filter.subtypes());
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
    ListingFilter filter =
        parse(
                "minprice=100&maxbaths=2.5&minacres=.25&minlistdate=2024-05-01"
                    + "&maxlistdate=2024-05-01&maxdom=0&minGarageSpaces=2")
            .filter();
    assertEquals(new Range<>(100.0, null), filter.price());
    assertEquals(new Range<>(null, 2.5), filter.baths());
    assertEquals(new Range<>(0.25, null), filter.acres());
    assertEquals(new Range<>(2.0, null), filter.garageSpaces());
    assertEquals(Optional.of(0L), filter.maxDaysOnMarket());
    assertEquals(
        new Range<>(
            Instant.parse("2024-05-01T00:00:00Z"), Instant.parse("2024-05-01T23:59:59.999Z")),
        filter.listDate());
  }

  @Test
  void aSingleValuedParameterTakesItsFirstNonEmptyValue() {
    ListingSearchRequest request = parse("limit=&limit=5&limit=7&minprice=9&minprice=1");
    assertEquals(5, request.limit());
    assertEquals(new Range<>(9.0, null), request.filter().price());
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
    assertEquals(1, parse(hundredWords).filter().keywords().size());
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
}

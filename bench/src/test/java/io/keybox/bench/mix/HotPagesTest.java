package io.keybox.bench.mix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Test;

class HotPagesTest {
  private static final Vocabulary VOCABULARY =
      new Vocabulary(
          List.of("Houston", "Katy"),
          List.of("main"),
          List.of(11L, 12L, 13L, 14L, 15L),
          List.<double[]>of(new double[] {29.7, -95.4}),
          1_000);

  @Test
  void theSetHoldsLandingPagesCitySearchesTheirOpenHousesAndListings() {
    List<BenchRequest> set = HotPages.requests(VOCABULARY, List.of("price", "beds"), 7);
    assertTrue(set.contains(new BenchRequest(Endpoint.SEARCH, 0, "")), set.toString());
    assertTrue(set.contains(new BenchRequest(Endpoint.SEARCH, 0, "sort=price")));
    assertTrue(set.contains(new BenchRequest(Endpoint.SEARCH, 0, "sort=beds")));
    assertTrue(set.contains(new BenchRequest(Endpoint.SEARCH, 0, "cities=Houston")));
    assertTrue(set.contains(new BenchRequest(Endpoint.SEARCH, 0, "cities=Katy")));
    assertTrue(set.contains(new BenchRequest(Endpoint.OPEN_HOUSES, 0, "cities=Houston")));
    assertTrue(set.contains(new BenchRequest(Endpoint.OPEN_HOUSES, 0, "cities=Katy")));
    for (long id = 11; id <= 15; id++) {
      assertTrue(set.contains(new BenchRequest(Endpoint.LISTING, id, "")), "listing " + id);
    }
    long priceSearches = set.stream().filter(r -> r.query().contains("minprice=")).count();
    // 3 per city, fewer only if two draws of a city coincide
    assertTrue(priceSearches >= 2 && priceSearches <= 6, set.toString());
    assertEquals(set.size(), new HashSet<>(set).size(), "each request once");
    // 1 + 2 sorts, 2 cities x (search, open houses), the price searches, 5 listings
    assertEquals(3 + 4 + priceSearches + 5, set.size());
  }

  @Test
  void theSetStopsAtThreeHundredRequestsWhenTheIndexHasMoreListings() {
    List<Long> ids = java.util.stream.LongStream.rangeClosed(1, 1000).boxed().toList();
    Vocabulary many =
        new Vocabulary(List.of("Houston"), List.of("main"), ids, VOCABULARY.centers(), 1_000);
    assertEquals(300, HotPages.requests(many, List.of("price"), 7).size());
  }

  @Test
  void theSameSeedGivesTheSameRankingAndAnotherSeedAnother() {
    List<BenchRequest> first = HotPages.requests(VOCABULARY, List.of("price", "beds"), 7);
    assertEquals(first, HotPages.requests(VOCABULARY, List.of("price", "beds"), 7));
    assertNotEquals(first, HotPages.requests(VOCABULARY, List.of("price", "beds"), 8));
  }
}

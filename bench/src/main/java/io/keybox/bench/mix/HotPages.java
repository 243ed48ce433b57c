package io.keybox.bench.mix;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * The {@code hot-pages} class's fixed set of requests: what an IDX website's visitors ask for most,
 * drawn from the index under test with the run's seed. Landing pages (the default search and each
 * sort of it), popular searches of the largest cities (the city, the city's open houses, and a few
 * price and bedroom searches in it) and single listings, put in a seeded random order of
 * popularity; a client then asks for rank {@code k} with the probability a {@link ZipfSampler} of
 * exponent {@link #EXPONENT} gives it. bench/README.md says why that exponent.
 */
public final class HotPages {
  /** How many distinct requests the set holds (fewer when the index has too few listings). */
  public static final int SIZE = 300;

  /** The Zipf exponent {@code s} of the requests' popularity. */
  public static final double EXPONENT = 1.0;

  /** How many of the largest cities have popular searches in the set. */
  static final int CITIES = 10;

  /** Price and bedroom searches per city. */
  static final int SEARCHES_PER_CITY = 3;

  private HotPages() {}

  /**
   * The set, most popular first: the same for the same vocabulary and seed.
   *
   * @param sorts the {@code sort} values of the landing pages
   */
  public static List<BenchRequest> requests(Vocabulary v, List<String> sorts, long seed) {
    Random random = new Random(seed ^ 0x4070_7A6E_5L);
    List<BenchRequest> set = new ArrayList<>();
    set.add(Mix.search(""));
    for (String sort : sorts) {
      set.add(Mix.search("sort=" + sort));
    }
    for (String city : v.cities().subList(0, Math.min(CITIES, v.cities().size()))) {
      set.add(Mix.search(Mix.param("cities", city)));
      set.add(new BenchRequest(Endpoint.OPEN_HOUSES, 0, Mix.param("cities", city)));
      for (int i = 0; i < SEARCHES_PER_CITY; i++) {
        String query = Mix.cityPriceBeds(random, List.of(city));
        // Two draws may coincide; the set holds each request once.
        if (!set.contains(Mix.search(query))) {
          set.add(Mix.search(query));
        }
      }
    }
    List<Long> ids = new ArrayList<>(v.listingIds());
    Collections.shuffle(ids, random);
    for (int i = 0; i < ids.size() && set.size() < SIZE; i++) {
      set.add(new BenchRequest(Endpoint.LISTING, ids.get(i), ""));
    }
    Collections.shuffle(set, random);
    return List.copyOf(set);
  }
}

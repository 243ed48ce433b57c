package io.keybox.bench.mix;

import static io.keybox.schema.listing.ListingFilters.BBOX;
import static io.keybox.schema.listing.ListingFilters.CITIES;
import static io.keybox.schema.listing.ListingFilters.IDX;
import static io.keybox.schema.listing.ListingFilters.MAX_AREA;
import static io.keybox.schema.listing.ListingFilters.MAX_BATHS;
import static io.keybox.schema.listing.ListingFilters.MAX_BEDS;
import static io.keybox.schema.listing.ListingFilters.MAX_PRICE;
import static io.keybox.schema.listing.ListingFilters.MIN_AREA;
import static io.keybox.schema.listing.ListingFilters.MIN_BATHS;
import static io.keybox.schema.listing.ListingFilters.MIN_BEDS;
import static io.keybox.schema.listing.ListingFilters.MIN_PRICE;
import static io.keybox.schema.listing.ListingFilters.POINTS;
import static io.keybox.schema.listing.ListingFilters.POSTAL_CODES;
import static io.keybox.schema.listing.ListingFilters.Q;
import static io.keybox.schema.listing.ListingFilters.RADIUS;
import static io.keybox.schema.listing.ListingFilters.STATUS;
import static io.keybox.schema.listing.ListingFilters.TYPE;

import io.keybox.schema.filter.Filter;
import java.util.Set;

/**
 * The filters the mix sends (and their neighbours): the ones every peer that answers a request
 * outside Keybox (PostgreSQL, OpenSearch) translates. A request with any other filter is refused by
 * the peer, loudly, rather than answered as if the filter were not there.
 */
public final class PeerFilters {
  /** The translated filters. */
  public static final Set<Filter<?>> TRANSLATED =
      Set.of(
          Q,
          STATUS,
          TYPE,
          MIN_PRICE,
          MAX_PRICE,
          MIN_AREA,
          MAX_AREA,
          MIN_BATHS,
          MAX_BATHS,
          MIN_BEDS,
          MAX_BEDS,
          POSTAL_CODES,
          CITIES,
          POINTS,
          IDX);

  /**
   * {@link #TRANSLATED} and the map's {@code bbox} and {@code radius}: what the peers with geo
   * queries (PostgreSQL, OpenSearch) translate for the clusters and the radius search.
   */
  public static final Set<Filter<?>> WITH_MAP_AREAS = withMapAreas();

  private PeerFilters() {}

  private static Set<Filter<?>> withMapAreas() {
    Set<Filter<?>> filters = new java.util.HashSet<>(TRANSLATED);
    filters.add(BBOX);
    filters.add(RADIUS);
    return Set.copyOf(filters);
  }

  /**
   * Refuses {@code filters} unless every one is translated.
   *
   * @param peer the peer's name, for the message
   * @throws IllegalArgumentException naming the first filter the peer does not translate
   */
  public static void requireTranslated(Set<Filter<?>> filters, String peer) {
    requireTranslated(filters, TRANSLATED, peer);
  }

  /**
   * Refuses {@code filters} unless {@code translated} holds every one (a peer that translates more
   * than {@link #TRANSLATED}: PostgreSQL's geo filters).
   *
   * @throws IllegalArgumentException naming the first filter the peer does not translate
   */
  public static void requireTranslated(
      Set<Filter<?>> filters, Set<Filter<?>> translated, String peer) {
    for (Filter<?> row : filters) {
      if (!translated.contains(row)) {
        throw new IllegalArgumentException(
            "the " + peer + " peer does not translate " + row.name());
      }
    }
  }
}

package io.keybox.bench.mix;

import io.keybox.schema.listing.ListingSort;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Random;
import java.util.StringJoiner;

/**
 * The fixed query mix: what IDX websites send, one class per kind of page. bench/README.md
 * documents each class and why it is there; {@link QueryClass#why()} says the same in one line.
 *
 * <p>Requests are drawn from a {@link Vocabulary} of the index under test with each client's own
 * seeded random source, so every system answers exactly the same requests in the same order.
 */
public final class Mix {
  /** The deepest offset the server serves by default (ServerConfig.DEFAULT_OFFSET_WINDOW). */
  static final int OFFSET_WINDOW = 10_000;

  /** Listings per page of a replication walk: the largest page the API allows. */
  public static final int WALK_PAGE = 500;

  private static final long[] MIN_PRICES = {100_000, 150_000, 200_000, 250_000, 300_000, 400_000};
  private static final long[] PRICE_SPANS = {100_000, 150_000, 200_000, 300_000};
  private static final List<String> SORTS = ListingSort.parameterValues();

  private Mix() {}

  /**
   * The classes of the mix, in report order.
   *
   * @param seed the run's seed, which draws the {@code hot-pages} set
   */
  public static List<QueryClass> classes(Vocabulary v, long seed) {
    List<BenchRequest> hot = HotPages.requests(v, SORTS, seed);
    ZipfSampler popularity = new ZipfSampler(hot.size(), HotPages.EXPONENT);
    List<String> cities = v.cities();
    List<String> bigCities = cities.subList(0, Math.min(5, cities.size()));
    List<String> commonCities = cities.subList(0, Math.min(20, cities.size()));
    int deepest = (int) Math.min(OFFSET_WINDOW - 20, (v.defaultMatches() - 20) / 20 * 20);
    int shallowest = Math.max(20, deepest - 5_000) / 20 * 20;
    return List.of(
        new QueryClass(
            "default-page",
            "GET /properties: newest active listings, 20 per page",
            "the landing page of every IDX site and the first call of every widget",
            Endpoint.SEARCH,
            10,
            s -> search("")),
        new QueryClass(
            "city-price-beds",
            "cities=C&minprice=A&maxprice=B&minbeds=N (one of the 20 largest cities)",
            "the search form: the most common filtered search",
            Endpoint.SEARCH,
            10,
            s -> {
              return search(cityPriceBeds(s.random(), commonCities));
            }),
        new QueryClass(
            "map-polygon",
            "points=lat,lng x5: a pentagon 6-22 km across around a listing",
            "the map view: each pan or zoom sends the visible area as a polygon",
            Endpoint.SEARCH,
            10,
            s -> search(polygon(s.random(), v))),
        new QueryClass(
            "keyword",
            "q=street, house number and street, postal code, city prefix, subdivision, area or"
                + " MLS number",
            "the search box, including type-ahead prefixes",
            Endpoint.SEARCH,
            10,
            s -> search(param("q", pick(s.random(), v.keywords())))),
        new QueryClass(
            "count",
            "count=true on the default search, a city, or a city with minbeds=3",
            "result pages that show the number of matches (X-Total-Count)",
            Endpoint.SEARCH,
            10,
            s -> {
              Random r = s.random();
              return switch (r.nextInt(3)) {
                case 0 -> search("count=true");
                case 1 -> search(param("cities", pick(r, commonCities)) + "&count=true");
                default -> search(param("cities", pick(r, commonCities)) + "&minbeds=3&count=true");
              };
            }),
        new QueryClass(
            "deep-offset",
            "offset=" + shallowest + ".." + deepest + " of the default search, 20 per page",
            "crawlers and users paging far into the results, up to the offset window",
            Endpoint.SEARCH,
            50,
            s -> {
              int pages = (deepest - shallowest) / 20 + 1;
              return search("offset=" + (shallowest + 20 * s.random().nextInt(pages)));
            }),
        new QueryClass(
            "replication-walk",
            "lastId=X&limit=" + WALK_PAGE + ", each client walking on from its last page",
            "sites and apps that copy the whole feed: the lastId cursor of API.md §7",
            Endpoint.SEARCH,
            10,
            s -> {
              if (s.cursor() < 0) {
                s.cursor(pick(s.random(), v.listingIds()));
              }
              return search("lastId=" + s.cursor() + "&limit=" + WALK_PAGE);
            }),
        new QueryClass(
            "sort",
            "each sort value in turn (" + String.join(", ", SORTS) + ") on the default search",
            "result pages sorted by price, date, beds or baths",
            Endpoint.SEARCH,
            10,
            s -> search("sort=" + SORTS.get(s.random().nextInt(SORTS.size())))),
        new QueryClass(
            "single-listing",
            "GET /properties/{mlsId} of a displayable listing",
            "the listing detail page, the most viewed page of a site",
            Endpoint.LISTING,
            10,
            s -> new BenchRequest(Endpoint.LISTING, pick(s.random(), v.listingIds()), "")),
        new QueryClass(
            "openhouses-city",
            "GET /openhouses?cities=C (one of the 20 largest cities)",
            "the open house calendar of a city, shown on weekend-planning pages",
            Endpoint.OPEN_HOUSES,
            10,
            s ->
                new BenchRequest(
                    Endpoint.OPEN_HOUSES, 0, param("cities", pick(s.random(), commonCities)))),
        new QueryClass(
            "analytics-city",
            "GET /properties/analytics?cities=C (one of the 5 largest cities, all matches)",
            "market reports: statistics over every active listing of a whole city",
            Endpoint.ANALYTICS,
            50,
            s ->
                new BenchRequest(
                    Endpoint.ANALYTICS, 0, param("cities", pick(s.random(), bigCities)))),
        new QueryClass(
            "map-clusters",
            "bbox=the whole metro&zoom=10, or bbox=a 0.08 x 0.1 degree view around a listing"
                + "&zoom=13 (half each)",
            "the map-first search: a map of the whole city, then of a neighbourhood, as clusters",
            Endpoint.CLUSTERS,
            50,
            s -> new BenchRequest(Endpoint.CLUSTERS, 0, clusterView(s.random(), v))),
        new QueryClass(
            "radius",
            "radius=lat,lng,Dmi around a listing (D 1, 2, 3, 5 or 10)&count=true",
            "the \"homes near here\" search of a map or a listing page",
            Endpoint.SEARCH,
            50,
            s -> search(radius(s.random(), v))),
        new QueryClass(
            "hot-pages",
            hot.size()
                + " fixed requests (landing pages, popular searches of the "
                + HotPages.CITIES
                + " largest cities, single listings), rank k asked with probability ~ 1/k^"
                + HotPages.EXPONENT,
            "what a site's visitors ask for most: the same few pages over and over (Zipf-like)",
            EnumSet.of(Endpoint.SEARCH, Endpoint.LISTING, Endpoint.OPEN_HOUSES),
            10,
            s -> hot.get(popularity.next(s.random()))),
        new QueryClass(
            "reso-filter",
            "GET /reso/{vendor}/Property?$filter= city-price-beds's question (Active, residential"
                + " or lease, City, ListPrice, BedroomsTotal)&$orderby=ModificationTimestamp"
                + " desc&$top=20",
            "the search form through the RESO Web API: CRMs, CMAs and other tools speaking OData",
            Endpoint.RESO_PROPERTY,
            10,
            s -> reso(SearchForm.draw(s.random(), commonCities).odata())),
        new QueryClass(
            "reso-replicate",
            "GET /reso/{vendor}/Property?$filter=Active, residential or"
                + " lease&$orderby=ModificationTimestamp,ListingKey, "
                + WALK_PAGE
                + " a page, each client following its @odata.nextLink (from the start again at"
                + " the end)",
            "a CRM or another Keybox replicating the feed through the RESO Web API",
            Endpoint.RESO_PROPERTY,
            10,
            s -> {
              s.followLinks();
              return reso(s.link().orElse(RESO_WALK));
            }));
  }

  /** The first page of the {@code reso-replicate} walk: the JSON API's default scope. */
  static final String RESO_WALK =
      "$filter="
          + odata(SearchForm.DEFAULT_SCOPE)
          + "&$orderby="
          + odata("ModificationTimestamp,ListingKey");

  /**
   * Why a system other than Keybox skips a class of the RESO Web API, or empty for another class.
   * Their numbers are compared with the JSON API class asking the same question instead ({@code
   * city-price-beds}, {@code replication-walk}).
   */
  public static Optional<String> resoOnly(QueryClass queryClass) {
    return queryClass.endpoints().contains(Endpoint.RESO_PROPERTY)
        ? Optional.of(RESO_ONLY)
        : Optional.empty();
  }

  /** Why a peer runs no RESO class. */
  public static final String RESO_ONLY =
      "not run: speaks no RESO Web API; compared through the JSON API class with the same"
          + " question";

  static BenchRequest reso(String query) {
    return new BenchRequest(Endpoint.RESO_PROPERTY, 0, query);
  }

  /** {@code text} percent-encoded for a query string (spaces as %20, as OData clients send). */
  static String odata(String text) {
    return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
  }

  /**
   * One search-form question: a city, a price range, a bedroom minimum, drawn alike for the JSON
   * API ({@code city-price-beds}) and the RESO Web API ({@code reso-filter}), so that with the same
   * seed both classes ask the same questions in the same order.
   */
  record SearchForm(String city, long minPrice, long maxPrice, int minBeds) {
    /**
     * The JSON API's default scope in OData: status Active, types residential (with condominiums)
     * and rental.
     */
    static final String DEFAULT_SCOPE =
        "StandardStatus eq 'Active' and (PropertyType eq 'Residential' or PropertyType eq"
            + " 'ResidentialLease')";

    static SearchForm draw(Random r, List<String> cities) {
      String city = pick(r, cities);
      long min = MIN_PRICES[r.nextInt(MIN_PRICES.length)];
      long max = min + PRICE_SPANS[r.nextInt(PRICE_SPANS.length)];
      return new SearchForm(city, min, max, 2 + r.nextInt(3));
    }

    /** The JSON API's query: the default search narrowed by the form. */
    String json() {
      return param("cities", city)
          + "&minprice="
          + minPrice
          + "&maxprice="
          + maxPrice
          + "&minbeds="
          + minBeds;
    }

    /** The same question as a RESO query: the default scope, the form, the default order. */
    String odata() {
      return "$filter="
          + Mix.odata(
              DEFAULT_SCOPE
                  + " and City eq '"
                  + city.replace("'", "''")
                  + "' and ListPrice ge "
                  + minPrice
                  + " and ListPrice le "
                  + maxPrice
                  + " and BedroomsTotal ge "
                  + minBeds)
          + "&$orderby="
          + Mix.odata("ModificationTimestamp desc")
          + "&$top=20";
    }
  }

  static BenchRequest search(String query) {
    return new BenchRequest(Endpoint.SEARCH, 0, query);
  }

  /**
   * The query of a search-form request: one of {@code cities}, a price range, a bedroom minimum.
   */
  static String cityPriceBeds(Random r, List<String> cities) {
    return SearchForm.draw(r, cities).json();
  }

  static String param(String name, String value) {
    return name + "=" + URLEncoder.encode(value, StandardCharsets.UTF_8);
  }

  private static <T> T pick(Random random, List<T> values) {
    return values.get(random.nextInt(values.size()));
  }

  /**
   * A map view's clusters: the whole metro (the box around every sampled active listing) at zoom
   * 10, or a neighbourhood (0.08° of latitude by 0.1° of longitude around a listing) at zoom 13.
   */
  static String clusterView(Random random, Vocabulary v) {
    if (random.nextBoolean()) {
      double[] box = metro(v.centers());
      return bbox(box[0], box[1], box[2], box[3]) + "&zoom=10";
    }
    double[] center = pick(random, v.centers());
    return bbox(center[1] - 0.05, center[0] - 0.04, center[1] + 0.05, center[0] + 0.04)
        + "&zoom=13";
  }

  /** {@code minLng, minLat, maxLng, maxLat} around {@code points}, with 0.01° to spare. */
  static double[] metro(List<double[]> points) {
    double[] box = {180, 90, -180, -90};
    for (double[] p : points) {
      box[0] = Math.min(box[0], p[1] - 0.01);
      box[1] = Math.min(box[1], p[0] - 0.01);
      box[2] = Math.max(box[2], p[1] + 0.01);
      box[3] = Math.max(box[3], p[0] + 0.01);
    }
    return box;
  }

  private static String bbox(double minLng, double minLat, double maxLng, double maxLat) {
    return "bbox="
        + URLEncoder.encode(
            String.format(Locale.ROOT, "%.6f,%.6f,%.6f,%.6f", minLng, minLat, maxLng, maxLat),
            StandardCharsets.UTF_8);
  }

  /** A circle of 1 to 10 miles around a listing, with the count of its matches. */
  static String radius(Random random, Vocabulary v) {
    double[] center = pick(random, v.centers());
    int[] miles = {1, 2, 3, 5, 10};
    return "radius="
        + URLEncoder.encode(
            String.format(
                Locale.ROOT,
                "%.6f,%.6f,%dmi",
                center[0],
                center[1],
                miles[random.nextInt(miles.length)]),
            StandardCharsets.UTF_8)
        + "&count=true";
  }

  /** Five {@code points} around a listing: a pentagon of 3-11 km radius with jittered corners. */
  private static String polygon(Random random, Vocabulary v) {
    double[] center = pick(random, v.centers());
    double radiusLat = 0.03 + random.nextDouble() * 0.07;
    double radiusLng = radiusLat / Math.cos(Math.toRadians(center[0]));
    double turn = random.nextDouble() * 2 * Math.PI;
    StringJoiner points = new StringJoiner("&");
    for (int i = 0; i < 5; i++) {
      double angle = turn + i * 2 * Math.PI / 5;
      double scale = 0.8 + random.nextDouble() * 0.2;
      double lat = center[0] + Math.sin(angle) * radiusLat * scale;
      double lng = center[1] + Math.cos(angle) * radiusLng * scale;
      points.add(
          "points="
              + URLEncoder.encode(
                  String.format(Locale.ROOT, "%.6f,%.6f", lat, lng), StandardCharsets.UTF_8));
    }
    return points.toString();
  }
}

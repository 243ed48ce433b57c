package io.keybox.bench.opensearch;

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

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.keybox.bench.mix.PeerFilters;
import io.keybox.schema.field.KeywordField;
import io.keybox.schema.field.TokenField;
import io.keybox.schema.filter.Filter;
import io.keybox.schema.filter.GeoArea;
import io.keybox.schema.filter.GeoPolygon;
import io.keybox.schema.listing.IdxRule;
import io.keybox.schema.openhouse.OpenHouseFilters;
import io.keybox.server.query.FilterValues;
import io.keybox.server.query.ListingSearchRequest;
import io.keybox.server.query.OpenHouseSearchRequest;
import io.keybox.server.query.Paging;
import io.keybox.server.search.exec.WebMercatorTile;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The OpenSearch search body of each request, translated from the same validated request the server
 * parses ({@link ListingSearchRequest}, its {@link FilterValues}), so both systems answer the same
 * question: filters in a {@code bool} filter context (no scoring, as Keybox), the same sort with
 * listings lacking the key last and mlsId as the tie-break, {@code search_after} for the {@code
 * lastId} cursor, {@code geo_polygon} for the map, {@code track_total_hits} only for {@code
 * count=true}, and only the listing's response JSON ({@code doc}) fetched. Only the filters the mix
 * sends (and their neighbours) are translated; any other filter is refused loudly rather than
 * silently ignored.
 */
final class OpenSearchQueries {
  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  /** The index's sort fields, in {@code ListingSort} order. */
  static final List<String> SORT_FIELDS =
      List.of("list_price", "list_date", "close_date", "beds", "baths", "modified");

  /** The open house index's sort fields, in {@code OpenHouseSort} order. */
  static final List<String> OPEN_HOUSE_SORT_FIELDS =
      List.of("list_price", "list_date", "beds", "baths", "start_time");

  /** The /openhouses filters translated: those of the mix and their neighbours. */
  private static final Set<Filter<?>> OPEN_HOUSE_FILTERS =
      Set.of(OpenHouseFilters.TYPE, CITIES, MIN_PRICE, MAX_PRICE, MIN_BEDS, IDX);

  private OpenSearchQueries() {}

  /** The body of {@code POST /listings/_search} for a page of listings. */
  static ObjectNode search(ListingSearchRequest request) {
    ObjectNode body = JSON.objectNode();
    body.set("query", filter(request.filter()));
    page(
        body,
        request.paging(),
        SORT_FIELDS.get(request.sort().ordinal()),
        request.descending(),
        "mls_id");
    return body;
  }

  /**
   * The page of {@code paging} in {@code body}: its size; with a cursor, {@code search_after} it in
   * {@code id} order, else {@code from} its offset sorted by {@code key} (documents without it last
   * in both directions) then {@code id}; the total only when counted; only {@code doc}.
   */
  private static void page(
      ObjectNode body, Paging paging, String key, boolean descending, String id) {
    body.put("size", paging.limit());
    ArrayNode sort = body.putArray("sort");
    if (paging.lastId().isPresent()) {
      sort.add(JSON.objectNode().put(id, "asc"));
      body.putArray("search_after").add(paging.lastId().getAsLong());
    } else {
      body.put("from", paging.offset());
      ObjectNode order = JSON.objectNode();
      order.putObject(key).put("order", descending ? "desc" : "asc").put("missing", "_last");
      sort.add(order);
      sort.add(JSON.objectNode().put(id, "asc"));
    }
    body.put("track_total_hits", paging.count());
    body.putArray("_source").add("doc");
  }

  /** The body of the search for one listing, when the display rule shows it. */
  static ObjectNode listing(long mlsId, IdxRule idx) {
    ObjectNode body = JSON.objectNode();
    ObjectNode bool = body.putObject("query").putObject("bool");
    ArrayNode filter = bool.putArray("filter");
    filter.add(term("mls_id", JSON.numberNode(mlsId)));
    idx(bool, idx);
    body.put("size", 1);
    body.put("track_total_hits", false);
    body.putArray("_source").add("doc");
    return body;
  }

  /** Buckets of a distribution: more than any field of the feed has values. */
  static final int DISTRIBUTION_SIZE = 10_000;

  /**
   * The body of the analytics search (ListingsAnalytics, API.md §9): no hits, the exact count, and
   * per statistic the aggregation an OpenSearch user reaches for: {@code stats} of the price
   * (count, min, max, mean), {@code percentiles} at 50 for the median (TDigest: approximate),
   * {@code avg} of each other field (over the documents that have it, as Keybox's means), {@code
   * terms} for each distribution. The price histogram needs the bucket width, which depends on the
   * minimum and maximum: a second search ({@link #priceHistogram}).
   */
  static ObjectNode analytics(FilterValues f) {
    ObjectNode body = JSON.objectNode();
    body.set("query", filter(f));
    body.put("size", 0);
    body.put("track_total_hits", true);
    ObjectNode aggs = body.putObject("aggs");
    aggs.putObject("price").putObject("stats").put("field", "list_price");
    ObjectNode median = aggs.putObject("median").putObject("percentiles");
    median.put("field", "list_price");
    median.putArray("percents").add(50);
    for (String field :
        List.of(
            "area",
            "beds",
            "baths_full",
            "lot_size_area",
            "year_built",
            "price_per_sqft",
            "days_on_market")) {
      aggs.putObject(field).putObject("avg").put("field", field);
    }
    for (String field : List.of("mls_area", "status", "type", "city_display")) {
      aggs.putObject(field).putObject("terms").put("field", field).put("size", DISTRIBUTION_SIZE);
    }
    return body;
  }

  /**
   * The body of the price histogram's search: buckets of {@code width} (Keybox's, from the minimum
   * and maximum the first search found) at multiples of it, empty ones between the first and the
   * last kept, as Keybox keeps them.
   */
  static ObjectNode priceHistogram(FilterValues f, double width) {
    ObjectNode body = JSON.objectNode();
    body.set("query", filter(f));
    body.put("size", 0);
    body.put("track_total_hits", false);
    body.putObject("aggs")
        .putObject("prices")
        .putObject("histogram")
        .put("field", "list_price")
        .put("interval", width)
        .put("min_doc_count", 0);
    return body;
  }

  /**
   * The body of a clusters search: the matches (the viewport is the {@code bbox} filter) grouped by
   * their Web Mercator tile at {@code tileZoom} (the map's zoom plus the precision), and in each
   * tile the listings whose address may be shown apart from the others ({@code filters}), each part
   * with its lowest and highest price and lowest mlsId. OpenSearch's {@code geotile_grid} comes
   * with its geo module, which Maven Central does not carry, so each listing holds its tile at zoom
   * 30 ({@code tile_x}, {@code tile_y}, computed at load) and the tiles of {@code tileZoom} are a
   * {@code histogram} of rows inside a {@code histogram} of columns with an interval of {@code
   * 2^(30 - tileZoom)}: a bucket's key is its tile's first column (row) at zoom 30. The merging
   * past maxClusters, the address rule and the order are the application's ({@code TileClusters}),
   * as for PostgreSQL.
   */
  static ObjectNode clusters(FilterValues f, int tileZoom) {
    long interval = 1L << (WebMercatorTile.MAX_ZOOM - tileZoom);
    ObjectNode body = JSON.objectNode();
    body.set("query", filter(f));
    body.put("size", 0);
    body.put("track_total_hits", false);
    ObjectNode columns = body.putObject("aggs").putObject("columns");
    columns
        .putObject("histogram")
        .put("field", "tile_x")
        .put("interval", interval)
        .put("min_doc_count", 1);
    ObjectNode rows = columns.putObject("aggs").putObject("rows");
    rows.putObject("histogram")
        .put("field", "tile_y")
        .put("interval", interval)
        .put("min_doc_count", 1);
    ObjectNode parts = rows.putObject("aggs").putObject("parts");
    ObjectNode filters = parts.putObject("filters").putObject("filters");
    ObjectNode hidden = term("address_display", JSON.booleanNode(false));
    ObjectNode shown = JSON.objectNode();
    shown.putObject("bool").putArray("must_not").add(hidden);
    filters.set("shown", shown);
    filters.set("hidden", hidden);
    ObjectNode stats = parts.putObject("aggs");
    stats.putObject("min_price").putObject("min").put("field", "list_price");
    stats.putObject("max_price").putObject("max").put("field", "list_price");
    stats.putObject("first_id").putObject("min").put("field", "mls_id");
    return body;
  }

  /**
   * The body of {@code POST /openhouses/_search} (API.md §10): the filters on the listing fields
   * each open house holds, the sort with open houses lacking the key last and openHouseKey as the
   * tie-break, {@code search_after} on the key for the cursor.
   */
  static ObjectNode openHouses(OpenHouseSearchRequest request) {
    FilterValues f = request.filter();
    PeerFilters.requireTranslated(f.values().keySet(), OPEN_HOUSE_FILTERS, "opensearch");
    ObjectNode body = JSON.objectNode();
    ObjectNode bool = body.putObject("query").putObject("bool");
    ArrayNode filter = bool.putArray("filter");
    anyOf(
        filter, "type", OpenHouseFilters.TYPE.termsOf(f.get(OpenHouseFilters.TYPE).orElseThrow()));
    anyOf(filter, "city", normalized(f.get(CITIES).orElse(List.of())));
    range(filter, "list_price", f.get(MIN_PRICE), f.get(MAX_PRICE));
    range(filter, "beds", f.get(MIN_BEDS), Optional.empty());
    idx(bool, f.get(IDX).orElseThrow());
    page(
        body,
        request.paging(),
        OPEN_HOUSE_SORT_FIELDS.get(request.sort().ordinal()),
        request.descending(),
        "open_house_key");
    return body;
  }

  /** The {@code bool} query of {@code f}. */
  static ObjectNode filter(FilterValues f) {
    PeerFilters.requireTranslated(f.values().keySet(), PeerFilters.WITH_MAP_AREAS, "opensearch");
    ObjectNode query = JSON.objectNode();
    ObjectNode bool = query.putObject("bool");
    ArrayNode filter = bool.putArray("filter");
    anyOf(filter, "status", STATUS.termsOf(f.get(STATUS).orElseThrow()));
    anyOf(filter, "type", TYPE.termsOf(f.get(TYPE).orElseThrow()));
    f.get(Q).ifPresent(values -> filter.add(keywords(values)));
    range(filter, "list_price", f.get(MIN_PRICE), f.get(MAX_PRICE));
    range(filter, "area", f.get(MIN_AREA), f.get(MAX_AREA));
    range(filter, "baths", f.get(MIN_BATHS), f.get(MAX_BATHS));
    range(filter, "beds", f.get(MIN_BEDS), f.get(MAX_BEDS));
    anyOf(filter, "postal_code", normalized(f.get(POSTAL_CODES).orElse(List.of())));
    anyOf(filter, "city", normalized(f.get(CITIES).orElse(List.of())));
    f.get(POINTS).ifPresent(polygon -> filter.add(polygon(polygon)));
    f.get(BBOX).ifPresent(box -> filter.add(box(box)));
    f.get(RADIUS).ifPresent(circle -> filter.add(circle(circle)));
    idx(bool, f.get(IDX).orElseThrow());
    return query;
  }

  /**
   * The {@code q} values: within a value every word must match and the last may be a prefix (as
   * {@link TokenField#matchAllWords} does, up to {@link TokenField#MAX_PREFIX} characters); values
   * are OR-ed. A value without words matches nothing.
   */
  static ObjectNode keywords(List<String> values) {
    ArrayNode any = JSON.arrayNode();
    for (String value : values) {
      List<String> words = TokenField.words(value);
      if (words.isEmpty()) {
        continue;
      }
      ObjectNode all = JSON.objectNode();
      ArrayNode must = all.putObject("bool").putArray("filter");
      for (int i = 0; i < words.size(); i++) {
        String word = words.get(i);
        boolean prefix =
            i == words.size() - 1 && word.codePointCount(0, word.length()) <= TokenField.MAX_PREFIX;
        if (prefix) {
          ObjectNode node = JSON.objectNode();
          node.putObject("prefix").put("keywords", word);
          must.add(node);
        } else {
          must.add(term("keywords", JSON.textNode(word)));
        }
      }
      any.add(all);
    }
    ObjectNode query = JSON.objectNode();
    if (any.isEmpty()) {
      query.putObject("match_none");
    } else {
      ObjectNode bool = query.putObject("bool");
      bool.set("should", any);
      bool.put("minimum_should_match", 1);
    }
    return query;
  }

  /**
   * {@code geo_polygon} on the {@code geo_point}: the query of OpenSearch's core for a polygon (its
   * {@code geo_shape} query comes with the geo module, not with the server).
   */
  static ObjectNode polygon(GeoPolygon polygon) {
    ObjectNode query = JSON.objectNode();
    ArrayNode points = query.putObject("geo_polygon").putObject("geo").putArray("points");
    for (GeoPolygon.Vertex v : polygon.ring()) {
      points.addObject().put("lat", v.lat()).put("lon", v.lng());
    }
    return query;
  }

  /**
   * {@code geo_bounding_box} on the point: edges included, as Keybox's box query; a box whose west
   * edge is east of its east edge crosses the antimeridian, which OpenSearch reads as such.
   */
  static ObjectNode box(GeoArea.Box box) {
    ObjectNode query = JSON.objectNode();
    ObjectNode geo = query.putObject("geo_bounding_box").putObject("geo");
    geo.putObject("top_left").put("lat", box.maxLat()).put("lon", box.minLng());
    geo.putObject("bottom_right").put("lat", box.minLat()).put("lon", box.maxLng());
    return query;
  }

  /**
   * {@code geo_distance} around the centre, in metres (the unit the server has already converted
   * miles to, so both systems use the same mile): a great-circle distance on the point, as Keybox's
   * circle query measures it.
   */
  static ObjectNode circle(GeoArea.Circle circle) {
    ObjectNode query = JSON.objectNode();
    ObjectNode distance = query.putObject("geo_distance");
    distance.put("distance", circle.metres() + "m");
    distance.putObject("geo").put("lat", circle.lat()).put("lon", circle.lng());
    return query;
  }

  private static void idx(ObjectNode bool, IdxRule rule) {
    List<String> hiddenBy =
        switch (rule) {
          case NULL -> List.of("address_display", "listing_display");
          case LISTING -> List.of("listing_display");
          case ADDRESS -> List.of("address_display");
          case IGNORE -> List.of();
        };
    if (!hiddenBy.isEmpty()) {
      ArrayNode mustNot = bool.putArray("must_not");
      for (String field : hiddenBy) {
        mustNot.add(term(field, JSON.booleanNode(false)));
      }
    }
  }

  private static void range(ArrayNode filter, String field, Optional<?> min, Optional<?> max) {
    if (min.isEmpty() && max.isEmpty()) {
      return;
    }
    ObjectNode query = JSON.objectNode();
    ObjectNode bounds = query.putObject("range").putObject(field);
    min.ifPresent(value -> bounds.set("gte", number(value)));
    max.ifPresent(value -> bounds.set("lte", number(value)));
    filter.add(query);
  }

  private static JsonNode number(Object value) {
    return value instanceof Long l ? JSON.numberNode(l) : JSON.numberNode((Double) value);
  }

  /** {@code term} for one value, {@code terms} for several; nothing for none. */
  private static void anyOf(ArrayNode filter, String field, Collection<String> values) {
    if (values.size() == 1) {
      filter.add(term(field, JSON.textNode(values.iterator().next())));
    } else if (!values.isEmpty()) {
      ObjectNode query = JSON.objectNode();
      ArrayNode terms = query.putObject("terms").putArray(field);
      values.forEach(terms::add);
      filter.add(query);
    }
  }

  private static ObjectNode term(String field, JsonNode value) {
    ObjectNode query = JSON.objectNode();
    query.putObject("term").set(field, value);
    return query;
  }

  private static List<String> normalized(List<String> values) {
    return values.stream().map(KeywordField::normalize).toList();
  }
}

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
import io.keybox.schema.filter.GeoArea;
import io.keybox.schema.filter.GeoPolygon;
import io.keybox.schema.listing.IdxRule;
import io.keybox.server.query.FilterValues;
import io.keybox.server.query.ListingSearchRequest;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

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

  private OpenSearchQueries() {}

  /** The body of {@code POST /listings/_search} for a page of listings. */
  static ObjectNode search(ListingSearchRequest request) {
    ObjectNode body = JSON.objectNode();
    body.set("query", filter(request.filter()));
    body.put("size", request.limit());
    ArrayNode sort = body.putArray("sort");
    if (request.lastId().isPresent()) {
      sort.add(JSON.objectNode().put("mls_id", "asc"));
      body.putArray("search_after").add(request.lastId().getAsLong());
    } else {
      body.put("from", request.offset());
      ObjectNode key = JSON.objectNode();
      key.putObject(SORT_FIELDS.get(request.sort().ordinal()))
          .put("order", request.descending() ? "desc" : "asc")
          .put("missing", "_last");
      sort.add(key);
      sort.add(JSON.objectNode().put("mls_id", "asc"));
    }
    body.put("track_total_hits", request.count());
    body.putArray("_source").add("doc");
    return body;
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

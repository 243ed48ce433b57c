package io.keybox.bench.opensearch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.util.RawValue;
import io.keybox.schema.JsonPaths;
import io.keybox.schema.field.GeoPointField;
import io.keybox.schema.field.KeywordField;
import io.keybox.schema.listing.ListingFields;
import io.keybox.schema.listing.ListingRecord;
import io.keybox.schema.listing.ListingSource;
import io.keybox.schema.openhouse.OpenHouseFields;
import io.keybox.server.search.exec.WebMercatorTile;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The index's mapping and each listing's document, every field read through the schema's own field
 * definitions ({@link ListingFields}), so OpenSearch filters on exactly the values Keybox indexes:
 * keywords normalised as Keybox normalises them, the {@code q} words as Keybox's tokenizer splits
 * them (a keyword array: the same analysis, done once at load), numbers and dates as numbers, the
 * location as a {@code geo_point}. {@code doc} is the listing's response JSON as Keybox renders it:
 * stored, never indexed, and the only part of {@code _source} kept.
 */
final class OpenSearchDocuments {
  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  private final ObjectMapper mapper;

  OpenSearchDocuments(ObjectMapper mapper) {
    this.mapper = mapper;
  }

  /**
   * The body of {@code PUT /listings}: one shard, no replica (one node), no refresh while loading,
   * no shard request cache, and the explicit mapping. The request cache (on by default for {@code
   * size: 0} searches) would answer a repeated aggregation from memory, as Keybox's response cache
   * would, and the bench measures both without one.
   */
  static ObjectNode index() {
    ObjectNode body = JSON.objectNode();
    ObjectNode settings = body.putObject("settings").putObject("index");
    settings.put("number_of_shards", 1);
    settings.put("number_of_replicas", 0);
    settings.put("refresh_interval", "-1");
    settings.put("requests.cache.enable", false);
    ObjectNode mappings = body.putObject("mappings");
    mappings.put("dynamic", "strict");
    mappings.putObject("_source").putArray("includes").add("doc");
    ObjectNode properties = mappings.putObject("properties");
    properties.putObject("mls_id").put("type", "long");
    for (String keyword :
        new String[] {"status", "type", "city", "city_display", "postal_code", "mls_area"}) {
      properties.putObject(keyword).put("type", "keyword");
    }
    properties.putObject("keywords").put("type", "keyword");
    for (String number : new String[] {"list_price", "baths", "lot_size_area", "price_per_sqft"}) {
      properties.putObject(number).put("type", "double");
    }
    for (String number :
        new String[] {
          "area", "beds", "baths_full", "year_built", "days_on_market", "tile_x", "tile_y"
        }) {
      properties.putObject(number).put("type", "long");
    }
    for (String date : new String[] {"list_date", "close_date", "modified"}) {
      properties.putObject(date).put("type", "date").put("format", "epoch_millis");
    }
    properties.putObject("address_display").put("type", "boolean");
    properties.putObject("listing_display").put("type", "boolean");
    properties.putObject("geo").put("type", "geo_point");
    properties.putObject("doc").put("type", "object").put("enabled", false);
    return body;
  }

  /**
   * The body of {@code PUT /openhouses}: the listings' settings and mapping (each open house holds
   * every field of its listing, as Keybox's open house documents do), with the open house's key and
   * start time.
   */
  static ObjectNode openHouseIndex() {
    ObjectNode body = index();
    ObjectNode properties = (ObjectNode) body.path("mappings").path("properties");
    properties.putObject("open_house_key").put("type", "long");
    properties.putObject("start_time").put("type", "date").put("format", "epoch_millis");
    return body;
  }

  /** The document of {@code listing}, which carries its mlsId. */
  ObjectNode listing(ListingRecord listing) {
    ObjectNode doc = fields(listing);
    doc.putRawValue("doc", new RawValue(rendered(listing)));
    return doc;
  }

  /**
   * The document of an open house of {@code listing}: every field of the listing's document but its
   * JSON, the open house's key and start time, and as {@code doc} the open house's JSON (its own
   * members with its key, the feed's {@code listing} reference left out) with the listing's JSON
   * embedded as {@code listing}, the shape of an answer of {@code GET /openhouses}.
   *
   * @param record the open house's feed record
   * @param key its openHouseKey
   */
  ObjectNode openHouse(JsonNode record, long key, ListingRecord listing) {
    ObjectNode doc = fields(listing);
    doc.put("open_house_key", key);
    doc.put("start_time", OpenHouseFields.START_TIME.value(record));
    ObjectNode own = record.deepCopy();
    own.remove("listing");
    own.put("openHouseKey", key);
    String ownJson = own.toString();
    doc.putRawValue(
        "doc",
        new RawValue(
            ownJson.substring(0, ownJson.length() - 1)
                + ",\"listing\":"
                + rendered(listing)
                + "}"));
    return doc;
  }

  private static ObjectNode fields(ListingRecord listing) {
    JsonNode tree = listing.tree();
    ObjectNode doc = JSON.objectNode();
    doc.put("mls_id", listing.mlsId().getAsLong());
    doc.put("status", first(ListingFields.STATUS.values(tree)));
    doc.put("type", first(ListingFields.TYPE.values(tree)));
    Double price = ListingFields.LIST_PRICE.value(tree);
    Long area = ListingFields.AREA.value(tree);
    doc.put("list_price", price);
    doc.put("baths", ListingFields.BATHS.value(tree));
    doc.put("area", area);
    doc.put("beds", ListingFields.BEDS.value(tree));
    doc.put("baths_full", ListingFields.BATHS_FULL.value(tree));
    doc.put("year_built", ListingFields.YEAR_BUILT.value(tree));
    doc.put("days_on_market", ListingFields.DAYS_ON_MARKET.value(tree));
    doc.put("lot_size_area", ListingFields.LOT_SIZE_AREA.value(tree));
    // Keybox's analytics average listPrice / area over the listings that have both, area > 0.
    doc.put("price_per_sqft", price != null && area != null && area > 0 ? price / area : null);
    doc.put("list_date", ListingFields.LIST_DATE.value(tree));
    doc.put("close_date", ListingFields.CLOSE_DATE.value(tree));
    doc.put("modified", ListingFields.MODIFIED.value(tree));
    doc.put("city", normalized(ListingFields.CITY, tree));
    // The distributions count display spellings, as Keybox's facets do.
    doc.put("city_display", first(ListingFields.CITY.values(tree)));
    doc.put("mls_area", first(ListingFields.MLS_AREA.values(tree)));
    doc.put("postal_code", normalized(ListingFields.POSTAL_CODE, tree));
    ArrayNode words = doc.putArray("keywords");
    new LinkedHashSet<>(ListingFields.KEYWORDS.recordWords(tree)).forEach(words::add);
    doc.put("address_display", JsonPaths.flag(tree, "internetAddressDisplay"));
    doc.put("listing_display", JsonPaths.flag(tree, "internetEntireListingDisplay"));
    Double lat = JsonPaths.number(tree, "geo", "lat");
    Double lng = JsonPaths.number(tree, "geo", "lng");
    if (lat != null && lng != null) {
      doc.putObject("geo").put("lat", lat).put("lon", lng);
      // The tile at the deepest zoom of the point as the index keeps it, as Keybox computes it
      // from its doc values: the clusters' grid (OpenSearch's geotile_grid is in its geo module,
      // which Maven Central does not carry).
      GeoPointField.LatLng indexed = GeoPointField.asIndexed(lat, lng);
      long tile = WebMercatorTile.of(indexed.lat(), indexed.lng(), WebMercatorTile.MAX_ZOOM);
      doc.put("tile_x", WebMercatorTile.x(tile));
      doc.put("tile_y", WebMercatorTile.y(tile));
    }
    return doc;
  }

  private String rendered(ListingRecord listing) {
    return new String(
        ListingSource.render(listing.tree(), mapper).toBytes(false, false), StandardCharsets.UTF_8);
  }

  private static String first(Set<String> values) {
    return values.isEmpty() ? null : values.iterator().next();
  }

  private static String normalized(KeywordField field, JsonNode tree) {
    String value = first(field.values(tree));
    return value == null ? null : KeywordField.normalize(value);
  }
}

package io.keybox.bench.postgres;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.keybox.schema.JsonPaths;
import io.keybox.schema.field.GeoPointField;
import io.keybox.schema.field.KeywordField;
import io.keybox.schema.listing.ListingFields;
import io.keybox.schema.listing.ListingRecord;
import io.keybox.schema.listing.ListingSource;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Turns feed records into rows of the peer's tables, reading every column through the schema's own
 * field definitions ({@link ListingFields}), so PostgreSQL filters on exactly the values Keybox
 * indexes. The {@code doc} column is the listing's response JSON as Keybox renders it.
 */
final class ListingRows {
  /** The listing table's columns, in COPY order. */
  static final List<String> LISTING_COLUMNS =
      List.of(
          "mls_id",
          "listing_id",
          "status",
          "type",
          "subtype",
          "list_price",
          "area",
          "baths",
          "baths_full",
          "beds",
          "days_on_market",
          "list_date",
          "modified",
          "close_date",
          "year_built",
          "lot_size_area",
          "acres",
          "garage_spaces",
          "city",
          "city_display",
          "postal_code",
          "county",
          "subdivision",
          "mls_area",
          "agent_id",
          "broker_id",
          "features",
          "exterior_features",
          "address_display",
          "listing_display",
          "geom",
          "keywords",
          "doc");

  /** The open house table's columns, in COPY order. */
  static final List<String> OPEN_HOUSE_COLUMNS =
      List.of("open_house_key", "open_house_id", "mls_id", "start_time", "end_time", "doc");

  private final ObjectMapper mapper;

  ListingRows(ObjectMapper mapper) {
    this.mapper = mapper;
  }

  /** Appends the CSV line of {@code listing}, which carries its mlsId, to {@code out}. */
  void listing(ListingRecord listing, Csv csv, StringBuilder out) {
    JsonNode tree = listing.tree();
    Double lat = JsonPaths.number(tree, "geo", "lat");
    Double lng = JsonPaths.number(tree, "geo", "lng");
    csv.value(listing.mlsId().getAsLong())
        .text(listing.listingId())
        .text(first(ListingFields.STATUS.values(tree)))
        .text(first(ListingFields.TYPE.values(tree)))
        .text(normalized(ListingFields.SUBTYPE, tree))
        .value(ListingFields.LIST_PRICE.value(tree))
        .value(ListingFields.AREA.value(tree))
        .value(ListingFields.BATHS.value(tree))
        .value(ListingFields.BATHS_FULL.value(tree))
        .value(ListingFields.BEDS.value(tree))
        .value(ListingFields.DAYS_ON_MARKET.value(tree))
        .value(instant(ListingFields.LIST_DATE.value(tree)))
        .value(instant(ListingFields.MODIFIED.value(tree)))
        .value(instant(ListingFields.CLOSE_DATE.value(tree)))
        .value(ListingFields.YEAR_BUILT.value(tree))
        .value(ListingFields.LOT_SIZE_AREA.value(tree))
        .value(ListingFields.ACRES.value(tree))
        .value(ListingFields.GARAGE_SPACES.value(tree))
        .text(normalized(ListingFields.CITY, tree))
        .text(first(ListingFields.CITY.values(tree)))
        .text(normalized(ListingFields.POSTAL_CODE, tree))
        .text(normalized(ListingFields.COUNTY, tree))
        .text(normalized(ListingFields.SUBDIVISION, tree))
        .text(first(ListingFields.MLS_AREA.values(tree)))
        .text(normalized(ListingFields.AGENT, tree))
        .text(normalized(ListingFields.BROKER, tree))
        .textArray(allNormalized(ListingFields.FEATURES, tree))
        .textArray(allNormalized(ListingFields.EXTERIOR_FEATURES, tree))
        .value(JsonPaths.flag(tree, "internetAddressDisplay"))
        .value(JsonPaths.flag(tree, "internetEntireListingDisplay"))
        .text(lat == null || lng == null ? null : point(lat, lng))
        .text(keywords(tree))
        .text(
            new String(
                ListingSource.render(tree, mapper).toBytes(false, false), StandardCharsets.UTF_8))
        .endLine(out);
  }

  /**
   * Appends the CSV line of an open house record, or nothing when its listing is unknown.
   *
   * @param mlsId the mlsId of the open house's listing
   */
  void openHouse(long key, JsonNode record, long mlsId, Csv csv, StringBuilder out) {
    ObjectNode doc = record.deepCopy();
    doc.remove("listing");
    doc.put("openHouseKey", key);
    csv.value(key)
        .text(JsonPaths.text(record, "openHouseId"))
        .value(mlsId)
        .text(JsonPaths.text(record, "startTime"))
        .text(JsonPaths.text(record, "endTime"))
        .text(doc.toString())
        .endLine(out);
  }

  /**
   * The words of the {@code q} field as a tsvector literal: exactly the words Keybox indexes, each
   * quoted (words are runs of letters and digits, so they never hold a quote).
   */
  static String keywords(JsonNode tree) {
    StringBuilder vector = new StringBuilder();
    for (String word : new LinkedHashSet<>(ListingFields.KEYWORDS.recordWords(tree))) {
      if (!vector.isEmpty()) {
        vector.append(' ');
      }
      vector.append('\'').append(word).append('\'');
    }
    return vector.isEmpty() ? null : vector.toString();
  }

  private static String first(Set<String> values) {
    return values.isEmpty() ? null : values.iterator().next();
  }

  private static String normalized(KeywordField field, JsonNode tree) {
    String value = first(field.values(tree));
    return value == null ? null : KeywordField.normalize(value);
  }

  private static List<String> allNormalized(KeywordField field, JsonNode tree) {
    Set<String> values = new LinkedHashSet<>();
    for (String value : field.values(tree)) {
      values.add(KeywordField.normalize(value));
    }
    return new ArrayList<>(values);
  }

  private static String instant(Long epochMillis) {
    return epochMillis == null ? null : Instant.ofEpochMilli(epochMillis).toString();
  }

  /**
   * The listing's point in EWKT, as the index keeps it ({@link GeoPointField#asIndexed}): searches
   * by area and map tiles then put a listing on the same side of an edge in both systems.
   */
  private static String point(double lat, double lng) {
    GeoPointField.LatLng indexed = GeoPointField.asIndexed(lat, lng);
    return String.format(Locale.ROOT, "SRID=4326;POINT(%s %s)", indexed.lng(), indexed.lat());
  }
}

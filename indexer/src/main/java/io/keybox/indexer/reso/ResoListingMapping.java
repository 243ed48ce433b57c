package io.keybox.indexer.reso;

import static io.keybox.schema.reso.ResoField.Conversion.DATE;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.keybox.schema.listing.RoomLevel;
import io.keybox.schema.reso.ResoField;
import io.keybox.schema.reso.ResoPropertyFields;
import io.keybox.schema.reso.ResoVocabulary;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;

/**
 * The RESO Data Dictionary → Listing mapping, in one place. {@link #FIELDS} is the table (mirrored
 * in docs/reso-mapping.md); {@link #toListing(JsonNode)} applies it and the derived rules:
 *
 * <ul>
 *   <li>{@code PropertyType} → {@code property.type}: Residential → RES (CND when PropertySubType
 *       is Condominium), ResidentialLease → RNT, ResidentialIncome → MLF, Land → LND, Farm → FRM,
 *       CommercialSale and BusinessOpportunity → CRE, CommercialLease → CLE, ManufacturedInPark →
 *       MBL; anything else is kept as sent (and rejected by validation if it is no type).
 *   <li>{@code StandardStatus} → {@code mls.status}; RESO's Canceled becomes Withdrawn, the rest go
 *       through the status synonyms of API.md §6.
 *   <li>{@code Media} → {@code photos}: the MediaURL of each photo, ordered by {@code Order}.
 *   <li>Street address: {@code address.streetName} joins StreetDirPrefix, StreetName, StreetSuffix
 *       and StreetDirSuffix; {@code address.full} is UnparsedAddress, else built from the parts and
 *       UnitNumber; {@code address.streetNumber} is StreetNumber when it is a whole number.
 *   <li>{@code Rooms} → {@code property.rooms}, each RoomType, RoomLevel (as an integer: {@link
 *       RoomLevel}), RoomDimensions, RoomLength, RoomWidth, RoomArea, RoomFeatures,
 *       RoomDescription.
 *   <li>Agents ({@code agent}, {@code coAgent}, {@code sales.agent}): the name split from {@code
 *       *FullName} when neither first nor last name is given; the office phone from {@code
 *       *DirectPhone}, else {@code *OfficePhone}; the cell from {@code *CellPhone}, else {@code
 *       *MobilePhone}.
 *   <li>{@code listDate}: ListingContractDate, else OnMarketDate. LotSizeSquareFeet fills {@code
 *       property.acres} and {@code property.lotSizeArea} when LotSizeAcres and LotSizeArea are
 *       absent.
 *   <li>Text is trimmed; inside address values runs of spaces become one.
 * </ul>
 *
 * The stable identity of a RESO listing is its {@code ListingKey} ({@link #identity}).
 */
public final class ResoListingMapping {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  /** The field table: RESO field, Keybox path, conversion ({@link ResoPropertyFields}). */
  public static final List<ResoField> FIELDS = ResoPropertyFields.FIELDS;

  private static final Map<String, String> TYPES = ResoVocabulary.PROPERTY_TYPES;

  private ResoListingMapping() {}

  /**
   * The identity a RESO listing keeps its mlsId by: ListingKey, else ListingId; null if neither.
   */
  public static String identity(JsonNode reso) {
    String key = ResoTables.text(reso, "ListingKey");
    return key != null ? key : ResoTables.text(reso, "ListingId");
  }

  /**
   * Whether the record is withdrawn from display: MLS Grid's {@code MlgCanView: false}, its delete
   * signal (the listing must be removed, not shown).
   */
  public static boolean hidden(JsonNode reso) {
    JsonNode canView = reso.get("MlgCanView");
    return canView != null
        && (canView.isBoolean()
            ? !canView.booleanValue()
            : "false".equalsIgnoreCase(canView.asText()));
  }

  /** The Listing (native shape, before validation) of a RESO Property record. */
  public static ObjectNode toListing(JsonNode reso) {
    ObjectNode listing = ResoTables.apply(FIELDS, reso);
    if (ResoTables.text(reso, "ListingId") == null && ResoTables.text(reso, "ListingKey") != null) {
      listing.put("listingId", ResoTables.text(reso, "ListingKey"));
    }
    type(reso)
        .ifPresentOrElse(
            t -> ResoTables.put(listing, "property.type", NODES.textNode(t)), () -> {});
    status(reso, listing);
    photos(reso, listing);
    rooms(reso, listing);
    address(reso, listing);
    listDate(reso, listing);
    lotSize(reso, listing);
    ResoAgentRoles.apply(reso, listing);
    return listing;
  }

  private static final double SQUARE_FEET_PER_ACRE = 43_560;

  /** {@code listDate}: ListingContractDate (in the table), else OnMarketDate. */
  private static void listDate(JsonNode reso, ObjectNode listing) {
    JsonNode onMarket = reso.get("OnMarketDate");
    if (ResoTables.text(reso, "ListingContractDate") == null
        && onMarket != null
        && !onMarket.isNull()) {
      listing.set("listDate", ResoTables.convert(onMarket, DATE));
    }
  }

  /**
   * LotSizeSquareFeet fills {@code property.acres} when LotSizeAcres is absent (to 4 decimals), and
   * {@code property.lotSizeArea} in square feet when LotSizeArea is absent.
   */
  private static void lotSize(JsonNode reso, ObjectNode listing) {
    JsonNode squareFeet = reso.get("LotSizeSquareFeet");
    if (squareFeet == null || !squareFeet.isNumber()) {
      return;
    }
    if (ResoTables.text(reso, "LotSizeAcres") == null) {
      double acres = Math.round(squareFeet.doubleValue() / SQUARE_FEET_PER_ACRE * 1e4) / 1e4;
      ResoTables.put(listing, "property.acres", NODES.numberNode(acres));
    }
    if (ResoTables.text(reso, "LotSizeArea") == null) {
      ResoTables.put(listing, "property.lotSizeArea", squareFeet);
      ResoTables.put(listing, "property.lotSizeAreaUnits", NODES.textNode("Square Feet"));
    }
  }

  private static java.util.Optional<String> type(JsonNode reso) {
    String type = ResoTables.text(reso, "PropertyType");
    if (type == null) {
      return java.util.Optional.empty();
    }
    String key = type.replaceAll("[^A-Za-z]", "").toLowerCase(Locale.ROOT);
    String code = TYPES.get(key);
    if ("RES".equals(code)
        && "condominium".equalsIgnoreCase(ResoTables.text(reso, "PropertySubType"))) {
      code = "CND";
    }
    return java.util.Optional.of(code != null ? code : type);
  }

  private static void status(JsonNode reso, ObjectNode listing) {
    String status = ResoTables.text(reso, "StandardStatus");
    if (status != null) {
      ResoTables.put(
          listing,
          "mls.status",
          NODES.textNode(status.equalsIgnoreCase("Canceled") ? "Withdrawn" : status));
      if (ResoTables.text(reso, "MlsStatus") == null) {
        // statusText is the feed's own words (API.md): without MlsStatus, StandardStatus as given.
        ResoTables.put(listing, "mls.statusText", NODES.textNode(status));
      }
    }
  }

  private static void photos(JsonNode reso, ObjectNode listing) {
    if (reso.get("Media") == null || !reso.get("Media").isArray()) {
      return;
    }
    ArrayNode photos = NODES.arrayNode();
    ResoMedia.photos(reso).forEach(photo -> photos.add(photo.url()));
    listing.set("photos", photos);
  }

  private static void rooms(JsonNode reso, ObjectNode listing) {
    JsonNode rooms = reso.get("Rooms");
    if (rooms == null || !rooms.isArray()) {
      return;
    }
    ArrayNode out = NODES.arrayNode();
    for (JsonNode room : rooms) {
      ObjectNode r = out.addObject();
      copy(room, "RoomType", r, "type");
      copy(room, "RoomType", r, "typeText");
      // RoomLevel is a word (First, Main, Basement...); the API serves the floor as an integer.
      r.set("level", RoomLevel.LEAF_TYPE.coerce(room.get("RoomLevel")));
      copy(room, "RoomDimensions", r, "dimensions");
      copy(room, "RoomLength", r, "length");
      copy(room, "RoomWidth", r, "width");
      copy(room, "RoomArea", r, "area");
      r.set(
          "features",
          room.path("RoomFeatures").isArray()
              ? NODES.textNode(ResoTables.join(room.get("RoomFeatures")))
              : room.get("RoomFeatures"));
      copy(room, "RoomDescription", r, "description");
    }
    ResoTables.put(listing, "property.rooms", out);
  }

  private static void address(JsonNode reso, ObjectNode listing) {
    StringJoiner street = new StringJoiner(" ");
    for (String part :
        List.of("StreetDirPrefix", "StreetName", "StreetSuffix", "StreetDirSuffix")) {
      String value = ResoTables.text(reso, part);
      if (value != null && !value.isBlank()) {
        street.add(value.strip());
      }
    }
    if (street.length() > 0) {
      ResoTables.put(listing, "address.streetName", NODES.textNode(street.toString()));
    }
    String number = ResoTables.text(reso, "StreetNumber");
    if (number != null && number.strip().matches("\\d{1,9}")) {
      ResoTables.put(
          listing, "address.streetNumber", NODES.numberNode(Long.parseLong(number.strip())));
    }
    String full = ResoTables.text(reso, "UnparsedAddress");
    if (full == null && street.length() > 0) {
      String unit = ResoTables.text(reso, "UnitNumber");
      full =
          (number == null ? "" : number.strip() + " ")
              + street
              + (unit == null || unit.isBlank() ? "" : " #" + unit.strip());
    }
    if (full != null) {
      ResoTables.put(listing, "address.full", NODES.textNode(full));
    }
    // Feeds pad addresses ("1204  W Oak   Dr"): one space between words, as a search shows them.
    if (listing.get("address") instanceof ObjectNode address) {
      List<String> names = new ArrayList<>();
      address.fieldNames().forEachRemaining(names::add);
      for (String name : names) {
        JsonNode value = address.get(name);
        if (value.isTextual()) {
          address.put(name, value.asText().strip().replaceAll("\\s+", " "));
        }
      }
    }
  }

  private static void copy(JsonNode from, String field, ObjectNode to, String key) {
    JsonNode value = from.get(field);
    if (value != null) {
      to.set(key, value);
    }
  }
}

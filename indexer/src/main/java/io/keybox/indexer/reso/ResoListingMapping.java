package io.keybox.indexer.reso;

import static io.keybox.indexer.reso.ResoField.Conversion.COPY;
import static io.keybox.indexer.reso.ResoField.Conversion.DATE;
import static io.keybox.indexer.reso.ResoField.Conversion.DERIVED;
import static io.keybox.indexer.reso.ResoField.Conversion.FLAG;
import static io.keybox.indexer.reso.ResoField.Conversion.JOIN;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.keybox.schema.listing.RoomLevel;
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

  /** The field table: RESO field, Listing path, conversion. */
  public static final List<ResoField> FIELDS =
      List.of(
          new ResoField("ListingId", "listingId", COPY),
          new ResoField("ListPrice", "listPrice", COPY),
          new ResoField("OriginalListPrice", "originalListPrice", COPY),
          new ResoField("ListingContractDate", "listDate", DATE),
          new ResoField("OnMarketDate", "listDate", DERIVED),
          new ResoField("ModificationTimestamp", "modified", COPY),
          new ResoField("PublicRemarks", "remarks", COPY),
          new ResoField("PrivateRemarks", "privateRemarks", COPY),
          new ResoField("ShowingInstructions", "showingInstructions", COPY),
          new ResoField("ShowingContactName", "showingContactName", COPY),
          new ResoField("ShowingContactPhone", "showingContactPhone", COPY),
          new ResoField("SpecialListingConditions", "specialListingConditions", JOIN),
          new ResoField("Ownership", "ownership", COPY),
          new ResoField("LeaseTerm", "leaseTerm", COPY),
          new ResoField("ListingTerms", "terms", JOIN),
          new ResoField("ListingAgreement", "agreement", COPY),
          new ResoField("VirtualTourURLUnbranded", "virtualTourUrl", COPY),
          new ResoField("InternetAddressDisplayYN", "internetAddressDisplay", FLAG),
          new ResoField("InternetEntireListingDisplayYN", "internetEntireListingDisplay", FLAG),
          new ResoField("Media", "photos", DERIVED),
          new ResoField("PropertyType", "property.type", DERIVED),
          new ResoField("PropertySubType", "property.subType", COPY),
          new ResoField("PropertySubType", "property.subTypeText", COPY),
          new ResoField("BedroomsTotal", "property.bedrooms", COPY),
          new ResoField("BathroomsTotalInteger", "property.bathrooms", COPY),
          new ResoField("BathroomsFull", "property.bathsFull", COPY),
          new ResoField("BathroomsHalf", "property.bathsHalf", COPY),
          new ResoField("BathroomsThreeQuarter", "property.bathsThreeQuarter", COPY),
          new ResoField("LivingArea", "property.area", COPY),
          new ResoField("LivingAreaSource", "property.areaSource", COPY),
          new ResoField("StoriesTotal", "property.stories", COPY),
          new ResoField("FireplacesTotal", "property.fireplaces", COPY),
          new ResoField("YearBuilt", "property.yearBuilt", COPY),
          new ResoField("GarageSpaces", "property.garageSpaces", COPY),
          new ResoField("ParkingTotal", "property.parking.spaces", COPY),
          new ResoField("ParkingFeatures", "property.parking.description", JOIN),
          new ResoField("LotSizeDimensions", "property.lotSize", COPY),
          new ResoField("LotSizeArea", "property.lotSizeArea", COPY),
          new ResoField("LotSizeUnits", "property.lotSizeAreaUnits", COPY),
          new ResoField("LotSizeAcres", "property.acres", COPY),
          new ResoField("LotSizeSquareFeet", "property.acres", DERIVED),
          new ResoField("LotSizeSquareFeet", "property.lotSizeArea", DERIVED),
          new ResoField("LotFeatures", "property.lotDescription", JOIN),
          new ResoField("Roof", "property.roof", JOIN),
          new ResoField("Cooling", "property.cooling", JOIN),
          new ResoField("Heating", "property.heating", JOIN),
          new ResoField("ArchitecturalStyle", "property.style", JOIN),
          new ResoField("Flooring", "property.flooring", JOIN),
          new ResoField("FoundationDetails", "property.foundation", JOIN),
          new ResoField("ConstructionMaterials", "property.construction", JOIN),
          new ResoField("View", "property.view", JOIN),
          new ResoField("AccessibilityFeatures", "property.accessibility", JOIN),
          new ResoField("LaundryFeatures", "property.laundryFeatures", JOIN),
          new ResoField("InteriorFeatures", "property.interiorFeatures", JOIN),
          new ResoField("ExteriorFeatures", "property.exteriorFeatures", JOIN),
          new ResoField("SubdivisionName", "property.subdivision", COPY),
          new ResoField("WaterBodyName", "property.water", COPY),
          new ResoField("PoolFeatures", "property.pool", JOIN),
          new ResoField("OccupantName", "property.occupantName", COPY),
          new ResoField("OccupantType", "property.occupantType", COPY),
          new ResoField("OwnerName", "property.ownerName", COPY),
          new ResoField("Rooms", "property.rooms", DERIVED),
          new ResoField("UnparsedAddress", "address.full", DERIVED),
          new ResoField("StreetNumber", "address.streetNumberText", COPY),
          new ResoField("StreetNumber", "address.streetNumber", DERIVED),
          new ResoField("StreetName", "address.streetName", DERIVED),
          new ResoField("UnitNumber", "address.unit", COPY),
          new ResoField("City", "address.city", COPY),
          new ResoField("StateOrProvince", "address.state", COPY),
          new ResoField("PostalCode", "address.postalCode", COPY),
          new ResoField("Country", "address.country", COPY),
          new ResoField("CrossStreet", "address.crossStreet", COPY),
          new ResoField("Latitude", "geo.lat", COPY),
          new ResoField("Longitude", "geo.lng", COPY),
          new ResoField("CountyOrParish", "geo.county", COPY),
          new ResoField("MLSAreaMajor", "geo.marketArea", COPY),
          new ResoField("Directions", "geo.directions", COPY),
          new ResoField("StandardStatus", "mls.status", DERIVED),
          new ResoField("MlsStatus", "mls.statusText", COPY),
          new ResoField("MLSAreaMajor", "mls.area", COPY),
          new ResoField("MLSAreaMinor", "mls.areaMinor", COPY),
          new ResoField("DaysOnMarket", "mls.daysOnMarket", COPY),
          new ResoField("OriginalEntryTimestamp", "mls.originalEntryTimestamp", COPY),
          new ResoField("OriginatingSystemName", "mls.originatingSystemName", COPY),
          new ResoField("ListAgentMlsId", "agent.id", COPY),
          new ResoField("ListAgentFirstName", "agent.firstName", COPY),
          new ResoField("ListAgentLastName", "agent.lastName", COPY),
          new ResoField("ListAgentFullName", "agent.firstName", DERIVED),
          new ResoField("ListAgentFullName", "agent.lastName", DERIVED),
          new ResoField("ListOfficeMlsId", "agent.officeMlsId", COPY),
          new ResoField("ListAgentEmail", "agent.contact.email", COPY),
          new ResoField("ListAgentDirectPhone", "agent.contact.office", DERIVED),
          new ResoField("ListAgentOfficePhone", "agent.contact.office", DERIVED),
          new ResoField("ListAgentCellPhone", "agent.contact.cell", DERIVED),
          new ResoField("ListAgentMobilePhone", "agent.contact.cell", DERIVED),
          new ResoField("CoListAgentMlsId", "coAgent.id", COPY),
          new ResoField("CoListAgentFirstName", "coAgent.firstName", COPY),
          new ResoField("CoListAgentLastName", "coAgent.lastName", COPY),
          new ResoField("CoListAgentFullName", "coAgent.firstName", DERIVED),
          new ResoField("CoListAgentFullName", "coAgent.lastName", DERIVED),
          new ResoField("CoListOfficeMlsId", "coAgent.officeMlsId", COPY),
          new ResoField("CoListAgentEmail", "coAgent.contact.email", COPY),
          new ResoField("CoListAgentDirectPhone", "coAgent.contact.office", DERIVED),
          new ResoField("CoListAgentOfficePhone", "coAgent.contact.office", DERIVED),
          new ResoField("CoListAgentCellPhone", "coAgent.contact.cell", DERIVED),
          new ResoField("CoListAgentMobilePhone", "coAgent.contact.cell", DERIVED),
          new ResoField("ListOfficeName", "office.name", COPY),
          new ResoField("ListOfficeMlsId", "office.brokerid", COPY),
          new ResoField("ListOfficeEmail", "office.contact.email", COPY),
          new ResoField("ListOfficePhone", "office.contact.office", COPY),
          new ResoField("CloseDate", "sales.closeDate", DATE),
          new ResoField("PurchaseContractDate", "sales.contractDate", DATE),
          new ResoField("ClosePrice", "sales.closePrice", COPY),
          new ResoField("BuyerAgentMlsId", "sales.agent.id", COPY),
          new ResoField("BuyerAgentFirstName", "sales.agent.firstName", COPY),
          new ResoField("BuyerAgentLastName", "sales.agent.lastName", COPY),
          new ResoField("BuyerAgentFullName", "sales.agent.firstName", DERIVED),
          new ResoField("BuyerAgentFullName", "sales.agent.lastName", DERIVED),
          new ResoField("BuyerOfficeMlsId", "sales.agent.officeMlsId", COPY),
          new ResoField("BuyerAgentEmail", "sales.agent.contact.email", COPY),
          new ResoField("BuyerAgentDirectPhone", "sales.agent.contact.office", DERIVED),
          new ResoField("BuyerAgentOfficePhone", "sales.agent.contact.office", DERIVED),
          new ResoField("BuyerAgentCellPhone", "sales.agent.contact.cell", DERIVED),
          new ResoField("BuyerAgentMobilePhone", "sales.agent.contact.cell", DERIVED),
          new ResoField("BuyerOfficeName", "sales.office.name", COPY),
          new ResoField("BuyerOfficeMlsId", "sales.office.brokerid", COPY),
          new ResoField("BuyerOfficeEmail", "sales.office.contact.email", COPY),
          new ResoField("BuyerOfficePhone", "sales.office.contact.office", COPY),
          new ResoField("HighSchoolDistrict", "school.district", COPY),
          new ResoField("ElementarySchool", "school.elementarySchool", COPY),
          new ResoField("MiddleOrJuniorSchool", "school.middleSchool", COPY),
          new ResoField("HighSchool", "school.highSchool", COPY),
          new ResoField("ParcelNumber", "tax.id", COPY),
          new ResoField("TaxYear", "tax.taxYear", COPY),
          new ResoField("TaxAnnualAmount", "tax.taxAnnualAmount", COPY),
          new ResoField("AssociationName", "association.name", COPY),
          new ResoField("AssociationFee", "association.fee", COPY),
          new ResoField("AssociationFeeFrequency", "association.frequency", COPY),
          new ResoField("AssociationAmenities", "association.amenities", JOIN));

  private static final Map<String, String> TYPES =
      Map.of(
          "residential", "RES",
          "residentiallease", "RNT",
          "residentialincome", "MLF",
          "land", "LND",
          "farm", "FRM",
          "commercialsale", "CRE",
          "businessopportunity", "CRE",
          "commerciallease", "CLE",
          "manufacturedinpark", "MBL");

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

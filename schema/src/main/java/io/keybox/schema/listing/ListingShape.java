package io.keybox.schema.listing;

import static io.keybox.schema.shape.LeafTypes.BOOLEAN;
import static io.keybox.schema.shape.LeafTypes.DATETIME;
import static io.keybox.schema.shape.LeafTypes.INTEGER;
import static io.keybox.schema.shape.LeafTypes.LATITUDE;
import static io.keybox.schema.shape.LeafTypes.LONGITUDE;
import static io.keybox.schema.shape.LeafTypes.NUMBER;
import static io.keybox.schema.shape.LeafTypes.ROUNDED_INTEGER;
import static io.keybox.schema.shape.LeafTypes.STRING;
import static io.keybox.schema.shape.LeafTypes.STRING_LIST;
import static io.keybox.schema.shape.LeafTypes.STRING_MAP;
import static io.keybox.schema.shape.LeafTypes.canonical;
import static io.keybox.schema.shape.Shape.leaf;
import static io.keybox.schema.shape.Shape.list;
import static io.keybox.schema.shape.Shape.nullableObject;
import static io.keybox.schema.shape.Shape.object;

import io.keybox.schema.shape.Shape;
import java.util.ArrayList;
import java.util.List;

/**
 * The Listing of API.md §5, key by key in the documented nesting. {@code property.rooms} and the
 * top-level {@code compliance} are part of the shape but are stored apart and only written on
 * request ({@code include=rooms}, {@code include=compliance}).
 */
public final class ListingShape {
  private ListingShape() {}

  /** Contact details of an agent or office: {@code email}, {@code office}, {@code cell}. */
  public static final Shape.Obj CONTACT =
      nullableObject(
          "contact", leaf("email", STRING), leaf("office", STRING), leaf("cell", STRING));

  /** A street address (the Listing's {@code address}, an agent's {@code address}). */
  public static final Shape.Obj ADDRESS =
      object(
          "address",
          leaf("full", STRING),
          leaf("streetNumber", INTEGER),
          leaf("streetNumberText", STRING),
          leaf("streetName", STRING),
          leaf("unit", STRING),
          leaf("city", STRING),
          leaf("state", STRING),
          leaf("postalCode", STRING),
          leaf("country", STRING),
          leaf("crossStreet", STRING));

  /** An agent as embedded in a listing (and, minus {@code modified}, as served by /agents). */
  public static final Shape.Obj AGENT = agent("agent");

  /** A listing office or selling office. */
  public static final Shape.Obj OFFICE = office("office");

  /** One room of {@code property.rooms}. */
  public static final Shape.Obj ROOM =
      object(
          "room",
          leaf("type", STRING),
          leaf("typeText", STRING),
          leaf("level", RoomLevel.LEAF_TYPE),
          leaf("dimensions", STRING),
          leaf("length", NUMBER),
          leaf("width", NUMBER),
          leaf("area", NUMBER),
          leaf("features", STRING),
          leaf("description", STRING));

  /** The {@code property} object; its last member is {@code rooms}. */
  public static final Shape.Obj PROPERTY =
      object(
          "property",
          leaf("type", canonical(v -> PropertyType.parse(v).map(Enum::name), "property type")),
          leaf("subType", STRING),
          leaf("subTypeText", STRING),
          leaf("bedrooms", INTEGER),
          leaf("bathrooms", NUMBER),
          leaf("bathsFull", INTEGER),
          leaf("bathsHalf", INTEGER),
          leaf("bathsThreeQuarter", INTEGER),
          leaf("area", ROUNDED_INTEGER),
          leaf("areaSource", STRING),
          leaf("stories", NUMBER),
          leaf("fireplaces", INTEGER),
          leaf("yearBuilt", INTEGER),
          leaf("garageSpaces", NUMBER),
          object(
              "parking",
              leaf("spaces", ROUNDED_INTEGER),
              leaf("description", STRING),
              leaf("leased", STRING)),
          leaf("lotSize", STRING),
          leaf("lotSizeArea", NUMBER),
          leaf("lotSizeAreaUnits", STRING),
          leaf("acres", NUMBER),
          leaf("lotDescription", STRING),
          leaf("roof", STRING),
          leaf("cooling", STRING),
          leaf("heating", STRING),
          leaf("style", STRING),
          leaf("flooring", STRING),
          leaf("foundation", STRING),
          leaf("construction", STRING),
          leaf("view", STRING),
          leaf("accessibility", STRING),
          leaf("laundryFeatures", STRING),
          leaf("interiorFeatures", STRING),
          leaf("exteriorFeatures", STRING),
          leaf("additionalRooms", STRING),
          leaf("subdivision", STRING),
          leaf("water", STRING),
          leaf("pool", STRING),
          leaf("occupantName", STRING),
          leaf("occupantType", STRING),
          leaf("ownerName", STRING),
          leaf("maintenanceExpense", NUMBER),
          list("rooms", ROOM));

  /** The whole Listing; its last member is {@code compliance}. */
  public static final Shape.Obj LISTING =
      object(
          "listing",
          leaf("mlsId", INTEGER),
          leaf("listingId", STRING),
          leaf("listPrice", NUMBER),
          leaf("originalListPrice", NUMBER),
          leaf("listDate", DATETIME),
          leaf("modified", DATETIME),
          leaf("remarks", STRING),
          leaf("privateRemarks", STRING),
          leaf("showingInstructions", STRING),
          leaf("showingContactName", STRING),
          leaf("showingContactPhone", STRING),
          leaf("specialListingConditions", STRING),
          leaf("ownership", STRING),
          leaf("leaseTerm", STRING),
          leaf("leaseType", STRING),
          leaf("terms", STRING),
          leaf("agreement", STRING),
          leaf("virtualTourUrl", STRING),
          leaf("disclaimer", STRING),
          leaf("internetAddressDisplay", BOOLEAN),
          leaf("internetEntireListingDisplay", BOOLEAN),
          leaf("photos", STRING_LIST),
          PROPERTY,
          ADDRESS,
          object(
              "geo",
              leaf("lat", LATITUDE),
              leaf("lng", LONGITUDE),
              leaf("county", STRING),
              leaf("marketArea", STRING),
              leaf("directions", STRING)),
          object(
              "mls",
              leaf("status", canonical(v -> Status.parse(v).map(Enum::name), "status")),
              leaf("statusText", STRING),
              leaf("area", STRING),
              leaf("areaMinor", STRING),
              leaf("daysOnMarket", INTEGER),
              leaf("originalEntryTimestamp", DATETIME),
              leaf("originatingSystemName", STRING)),
          AGENT,
          agent("coAgent"),
          OFFICE,
          object(
              "sales",
              leaf("closeDate", DATETIME),
              leaf("contractDate", DATETIME),
              leaf("closePrice", ROUNDED_INTEGER),
              AGENT,
              OFFICE),
          object(
              "school",
              leaf("district", STRING),
              leaf("elementarySchool", STRING),
              leaf("middleSchool", STRING),
              leaf("highSchool", STRING)),
          object(
              "tax",
              leaf("id", STRING),
              leaf("taxYear", INTEGER),
              leaf("taxAnnualAmount", ROUNDED_INTEGER)),
          object(
              "association",
              leaf("name", STRING),
              leaf("fee", ROUNDED_INTEGER),
              leaf("frequency", STRING),
              leaf("amenities", STRING)),
          leaf("compliance", STRING_MAP));

  private static Shape.Obj agent(String key) {
    return object(
        key,
        leaf("id", STRING),
        leaf("firstName", STRING),
        leaf("lastName", STRING),
        leaf("officeMlsId", STRING),
        leaf("modified", DATETIME),
        nullable(ADDRESS),
        CONTACT);
  }

  private static Shape.Obj office(String key) {
    // An office's contact is always an object (API.md §5); an agent's may be null, as upstream.
    return object(
        key,
        leaf("name", STRING),
        leaf("servingName", STRING),
        leaf("brokerid", STRING),
        object("contact", CONTACT.members().toArray(Shape[]::new)));
  }

  private static Shape.Obj nullable(Shape.Obj shape) {
    return new Shape.Obj(shape.key(), true, new ArrayList<>(shape.members()));
  }

  /** The keys of {@code shape}'s members, in order. */
  public static List<String> keys(Shape.Obj shape) {
    return shape.members().stream().map(Shape::key).toList();
  }
}

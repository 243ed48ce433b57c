package io.keybox.generator;

import io.keybox.generator.ListingPlan.Building;
import java.io.IOException;
import java.util.List;

/** Writes the {@code property} object of a listing, with its {@code parking} and {@code rooms}. */
final class PropertyJson {
  private PropertyJson() {}

  /** A room: RESO room type, raw type text, and the level it is on. */
  private record RoomKind(String type, String text) {}

  private static final List<RoomKind> COMMON_ROOMS =
      List.of(
          new RoomKind("Kitchen", "Kitchen"),
          new RoomKind("LivingRoom", "Living Room"),
          new RoomKind("DiningRoom", "Dining Room"),
          new RoomKind("FamilyRoom", "Family Room"),
          new RoomKind("GameRoom", "Game Room"),
          new RoomKind("Office", "Office/Study"),
          new RoomKind("UtilityRoom", "Utility Room"));

  private static final List<String> ROOM_NOTES =
      List.of(
          "Overlooks the backyard.",
          "Recently updated.",
          "Great natural light.",
          "Open to the kitchen.");

  static void write(Json j, ListingPlan p, Details x, Dice d) throws IOException {
    Building b = p.building();
    j.start("property");
    j.str("type", p.kind().name());
    j.str("subType", p.subType().subType());
    j.str("subTypeText", p.subType().text());
    j.num("bedrooms", b.bedrooms());
    j.num("bathrooms", b.bathrooms());
    j.num("bathsFull", b.bathsFull());
    j.num("bathsHalf", b.bathsHalf());
    j.num("bathsThreeQuarter", b.bathsThreeQuarter());
    j.num("area", b.area());
    j.str("areaSource", x.areaSource());
    j.num("stories", b.stories());
    j.num("fireplaces", b.fireplaces());
    j.num("yearBuilt", b.yearBuilt());
    j.num("garageSpaces", b.garageSpaces());
    j.start("parking");
    j.num("spaces", x.parkingSpaces());
    j.str("description", x.parkingDescription());
    j.nul("leased");
    j.end();
    j.str("lotSize", b.lotSize());
    j.num("lotSizeArea", b.lotSizeArea());
    j.str("lotSizeAreaUnits", b.lotSizeAreaUnits());
    j.num("acres", b.acres());
    j.str("lotDescription", x.lotDescription());
    j.str("roof", x.roof());
    j.str("cooling", x.cooling());
    j.str("heating", x.heating());
    j.str("style", x.style());
    j.str("flooring", x.flooring());
    j.str("foundation", x.foundation());
    j.str("construction", x.construction());
    j.str("view", x.view());
    j.str("accessibility", x.accessibility());
    j.str("laundryFeatures", x.laundry());
    // Feature lists use ", " between items, as the reference feed does.
    j.str("interiorFeatures", x.interior() == null ? null : String.join(", ", x.interior()));
    j.str("exteriorFeatures", x.exterior() == null ? null : String.join(", ", x.exterior()));
    j.str("additionalRooms", x.additionalRooms());
    j.str("subdivision", p.place().subdivision());
    j.str("water", p.place().water());
    j.str("pool", x.pool());
    j.nul("occupantName");
    j.str("occupantType", x.occupantType());
    j.nul("ownerName");
    j.num("maintenanceExpense", x.maintenanceExpense());
    rooms(j, b, d);
    j.end();
  }

  /** Rooms for about 30% of the homes, null otherwise. */
  private static void rooms(Json j, Building b, Dice d) throws IOException {
    if (b.bedrooms() == null || b.area() == null || !d.chance(0.3)) {
      j.nul("rooms");
      return;
    }
    j.generator().writeArrayFieldStart("rooms");
    int beds = Math.min(b.bedrooms(), 5);
    for (int i = 1; i <= beds; i++) {
      boolean primary = i == 1;
      room(
          j,
          d,
          primary ? "PrimaryBedroom" : "Bedroom",
          primary ? "Primary Bedroom" : "Bedroom " + i,
          primary ? d.between(13, 20) : d.between(10, 14),
          primary ? d.between(12, 18) : d.between(10, 13),
          b.stories() != null && b.stories() > 1 && !primary ? 2 : 1);
    }
    boolean upstairs = b.stories() != null && b.stories() > 1;
    for (RoomKind kind : d.distinct(COMMON_ROOMS, d.between(2, 5))) {
      int level = upstairs && d.chance(0.3) ? 2 : 1;
      room(j, d, kind.type(), kind.text(), d.between(8, 22), d.between(7, 18), level);
    }
    j.generator().writeEndArray();
  }

  private static void room(
      Json j, Dice d, String type, String text, int length, int width, int level)
      throws IOException {
    j.generator().writeStartObject();
    j.str("type", type);
    j.str("typeText", text);
    j.num("level", level); // an integer, as the upstream API serves it (API.md §5)
    j.str("dimensions", length + "x" + width);
    j.num("length", length);
    j.num("width", width);
    j.num("area", length * width);
    j.str(
        "features",
        d.chance(0.5)
            ? String.join(", ", d.distinct(Features.ROOM_FEATURES, d.between(1, 2)))
            : null);
    j.str("description", d.chance(0.15) ? d.pick(ROOM_NOTES) : null);
    j.end();
  }
}

package io.keybox.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Every generated record has exactly the keys of API.md §5 (written out here by hand). */
class ListingShapeTest {
  // The keys of API.md §5, copied by hand (mlsId and openHouseKey are left to the indexer).
  private static final Set<String> LISTING =
      keys(
          "listingId listPrice originalListPrice listDate modified remarks "
              + "privateRemarks showingInstructions showingContactName "
              + "showingContactPhone specialListingConditions ownership leaseTerm "
              + "leaseType terms agreement virtualTourUrl disclaimer "
              + "internetAddressDisplay internetEntireListingDisplay photos property "
              + "address geo mls agent coAgent office sales school tax association "
              + "compliance");
  private static final Set<String> PROPERTY =
      keys(
          "type subType subTypeText bedrooms bathrooms bathsFull bathsHalf "
              + "bathsThreeQuarter area areaSource stories fireplaces yearBuilt "
              + "garageSpaces parking lotSize lotSizeArea lotSizeAreaUnits acres "
              + "lotDescription roof cooling heating style flooring foundation "
              + "construction view accessibility laundryFeatures interiorFeatures "
              + "exteriorFeatures additionalRooms subdivision water pool occupantName "
              + "occupantType ownerName maintenanceExpense rooms");
  private static final Set<String> PARKING = keys("spaces description leased");
  private static final Set<String> ROOM =
      keys("type typeText level dimensions length width area features description");
  private static final Set<String> ADDRESS =
      keys(
          "full streetNumber streetNumberText streetName unit city state "
              + "postalCode country crossStreet");
  private static final Set<String> GEO = keys("lat lng county marketArea directions");
  private static final Set<String> MLS =
      keys(
          "status statusText area areaMinor daysOnMarket originalEntryTimestamp "
              + "originatingSystemName");
  private static final Set<String> AGENT =
      keys("id firstName lastName officeMlsId modified address contact");
  private static final Set<String> CONTACT = keys("email office cell");
  private static final Set<String> OFFICE = keys("name servingName brokerid contact");
  private static final Set<String> SALES = keys("closeDate contractDate closePrice agent office");
  private static final Set<String> SCHOOL =
      keys("district elementarySchool middleSchool highSchool");
  private static final Set<String> TAX = keys("id taxYear taxAnnualAmount");
  private static final Set<String> ASSOCIATION = keys("name fee frequency amenities");
  private static final Set<String> OPEN_HOUSE =
      keys("openHouseId startTime endTime type description refreshments listing");
  private static final Set<String> AGENT_RECORD =
      keys("id firstName lastName officeMlsId address contact");

  private static final Pattern TIMESTAMP =
      Pattern.compile("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z");
  private static final Pattern LISTING_ID = Pattern.compile("[1-9]\\d{7}");
  private static final Pattern PHOTO =
      Pattern.compile("https://photos\\.example\\.com/houston/[1-9]\\d{7}/\\d{1,2}\\.jpg");

  private static List<JsonNode> listings;
  private static GeneratedFeed feed;

  @BeforeAll
  static void generate() {
    feed = GeneratedFeed.of(3000, 42);
    listings = feed.listingNodes();
  }

  @Test
  void writesOneLinePerListing() {
    assertEquals(3000, listings.size());
    assertEquals(3000, feed.summary().listings());
  }

  @Test
  void everyListingHasExactlyTheKeysOfTheListingShape() {
    for (JsonNode l : listings) {
      assertKeys(LISTING, l, "listing");
      assertKeys(PROPERTY, l.get("property"), "property");
      assertKeys(PARKING, l.get("property").get("parking"), "property.parking");
      assertKeys(ADDRESS, l.get("address"), "address");
      assertKeys(GEO, l.get("geo"), "geo");
      assertKeys(MLS, l.get("mls"), "mls");
      assertKeys(AGENT, l.get("agent"), "agent");
      assertKeys(CONTACT, l.get("agent").get("contact"), "agent.contact");
      assertKeys(AGENT, l.get("coAgent"), "coAgent");
      assertKeys(OFFICE, l.get("office"), "office");
      assertKeys(CONTACT, l.get("office").get("contact"), "office.contact");
      assertKeys(SALES, l.get("sales"), "sales");
      assertKeys(AGENT, l.get("sales").get("agent"), "sales.agent");
      assertKeys(OFFICE, l.get("sales").get("office"), "sales.office");
      assertKeys(SCHOOL, l.get("school"), "school");
      assertKeys(TAX, l.get("tax"), "tax");
      assertKeys(ASSOCIATION, l.get("association"), "association");
      JsonNode rooms = l.get("property").get("rooms");
      assertTrue(rooms.isNull() || rooms.isArray() && !rooms.isEmpty(), "rooms: " + rooms);
      for (JsonNode room : rooms) {
        assertKeys(ROOM, room, "room");
      }
      JsonNode compliance = l.get("compliance");
      assertTrue(compliance.isNull() || compliance.isObject(), "compliance: " + compliance);
      compliance.forEach(v -> assertTrue(v.isTextual(), "compliance value " + v));
      JsonNode contact = l.get("coAgent").get("contact");
      assertTrue(contact.isNull() || contact.isObject());
      if (contact.isObject()) {
        assertKeys(CONTACT, contact, "coAgent.contact");
      }
    }
  }

  @Test
  void absentNestedObjectsAreObjectsOfNulls() {
    int coAgents = 0;
    for (JsonNode l : listings) {
      JsonNode co = l.get("coAgent");
      if (co.get("id").isNull()) {
        for (String key : AGENT) {
          assertTrue(co.get(key).isNull(), "coAgent." + key + " of " + l.get("listingId"));
        }
      } else {
        coAgents++;
      }
      if (!l.get("mls").get("status").asText().equals("Closed")) {
        for (String key : List.of("closeDate", "contractDate", "closePrice")) {
          assertTrue(l.get("sales").get(key).isNull(), "sales." + key);
        }
        assertTrue(l.get("sales").get("agent").get("id").isNull());
        assertTrue(l.get("sales").get("office").get("brokerid").isNull());
      }
    }
    // About one listing in five has a co-listing agent.
    assertTrue(
        coAgents > 0.12 * listings.size() && coAgents < 0.28 * listings.size(), "" + coAgents);
  }

  @Test
  void listingIdsAreUniqueEightDigitNumbersAndThereIsNoMlsId() {
    Set<String> ids = new HashSet<>();
    for (JsonNode l : listings) {
      assertFalse(l.has("mlsId"), "mlsId must be left to the indexer");
      String id = l.get("listingId").asText();
      assertTrue(LISTING_ID.matcher(id).matches(), id);
      assertTrue(ids.add(id), "duplicate listingId " + id);
    }
  }

  @Test
  void valuesHaveTheApiTypesAndStyles() {
    for (JsonNode l : listings) {
      String id = l.get("listingId").asText();
      assertTrue(l.get("listPrice").isIntegralNumber(), "listPrice of " + id);
      JsonNode original = l.get("originalListPrice");
      assertTrue(original.isNull() || original.isIntegralNumber(), "originalListPrice of " + id);
      for (String field : List.of("listDate", "modified")) {
        assertTrue(TIMESTAMP.matcher(l.get(field).asText()).matches(), field + " of " + id);
      }
      assertTrue(TIMESTAMP.matcher(l.get("mls").get("originalEntryTimestamp").asText()).matches());
      assertTrue(l.get("mls").get("daysOnMarket").isInt());
      assertTrue(l.get("geo").get("lat").isDouble() && l.get("geo").get("lng").isDouble());
      assertEquals("TX", l.get("address").get("state").asText());
      assertEquals("US", l.get("address").get("country").asText());
      JsonNode photos = l.get("photos");
      assertTrue(photos.size() >= 5 && photos.size() <= 30, "photos of " + id);
      for (int i = 0; i < photos.size(); i++) {
        String url = photos.get(i).asText();
        assertTrue(PHOTO.matcher(url).matches(), url);
        assertTrue(url.contains("/" + id + "/" + (i + 1) + ".jpg"), url);
      }
      for (String flag : List.of("internetAddressDisplay", "internetEntireListingDisplay")) {
        assertTrue(l.get(flag).isNull() || l.get(flag).isBoolean(), flag + " of " + id);
      }
      JsonNode bathrooms = l.get("property").get("bathrooms");
      assertTrue(bathrooms.isNull() || bathrooms.isNumber(), "bathrooms of " + id);
    }
  }

  @Test
  void addressFullIsNumberStreetAndUnit() {
    for (JsonNode l : listings) {
      JsonNode a = l.get("address");
      String expected = a.get("streetNumber").asInt() + " " + a.get("streetName").asText();
      if (!a.get("unit").isNull()) {
        expected += " #" + a.get("unit").asText();
      }
      assertEquals(expected, a.get("full").asText());
      assertEquals(a.get("streetNumber").asText(), a.get("streetNumberText").asText());
    }
  }

  @Test
  void featureListsHaveTwoToSevenItemsSeparatedByCommaSpace() {
    int given = 0;
    for (JsonNode l : listings) {
      for (String field : List.of("interiorFeatures", "exteriorFeatures")) {
        JsonNode value = l.get("property").get(field);
        if (value.isNull()) {
          continue;
        }
        given++;
        String[] items = value.asText().split(", ");
        assertTrue(items.length >= 2 && items.length <= 7, field + ": " + value);
        for (String item : items) {
          assertFalse(item.isBlank() || item.contains(","), field + ": " + value);
        }
      }
    }
    assertTrue(given > listings.size(), "most homes describe their features: " + given);
  }

  @Test
  void openHousesAndAgentsHaveExactlyTheirKeys() {
    List<JsonNode> openHouses = feed.openHouseNodes();
    assertFalse(openHouses.isEmpty());
    for (JsonNode o : openHouses) {
      assertKeys(OPEN_HOUSE, o, "open house");
      assertKeys(Set.of("listingId"), o.get("listing"), "open house listing");
      assertFalse(o.has("openHouseKey"), "openHouseKey must be left to the indexer");
    }
    List<JsonNode> agents = feed.agentNodes();
    assertEquals(3000 / 25, agents.size());
    for (JsonNode a : agents) {
      assertKeys(AGENT_RECORD, a, "agent record");
      assertKeys(ADDRESS, a.get("address"), "agent address");
      assertKeys(CONTACT, a.get("contact"), "agent contact");
    }
  }

  private static Set<String> keys(String spaceSeparated) {
    return Set.of(spaceSeparated.split(" "));
  }

  private static void assertKeys(Set<String> expected, JsonNode node, String what) {
    assertTrue(node != null && node.isObject(), what + " is not an object: " + node);
    Set<String> actual = new TreeSet<>();
    for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
      actual.add(it.next());
    }
    if (!actual.equals(expected)) {
      List<String> missing = new ArrayList<>(expected);
      missing.removeAll(actual);
      List<String> extra = new ArrayList<>(actual);
      extra.removeAll(expected);
      throw new AssertionError(what + ": missing " + missing + ", unexpected " + extra);
    }
  }
}

package io.keybox.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Distributions and cross-field consistency of a generated feed of a few thousand listings. */
class ListingRealismTest {
  private static final Instant ANCHOR = Instant.parse("2026-11-01T00:00:00Z");

  /** A city as the feed must show it: county, postal codes, and the circle holding its listings. */
  private record ExpectedCity(
      String county, Set<String> postalCodes, double lat, double lng, double radiusKm) {}

  // Written by hand from public geography, not read from the generator's table.
  private static final Map<String, ExpectedCity> CITIES =
      Map.ofEntries(
          city(
              "Houston",
              "Harris",
              29.7604,
              -95.3698,
              45,
              "77002 77003 77004 77006 77007 77008 77009 77010 77019 77024 77025 77042 77043 77055"
                  + " 77058 77059 77062 77072 77079 77080 77082 77096 77098 77339 77345"),
          city("Katy", "Harris", 29.7858, -95.8245, 10, "77449 77450 77493 77494"),
          city("Sugar Land", "Fort Bend", 29.6197, -95.6349, 10, "77478 77479 77498"),
          city("The Woodlands", "Montgomery", 30.1658, -95.4613, 12, "77380 77381 77382 77384"),
          city("Spring", "Harris", 30.0799, -95.4172, 13, "77373 77379 77388 77389"),
          city("Cypress", "Harris", 29.9691, -95.6972, 12, "77429 77433"),
          city("Pearland", "Brazoria", 29.5636, -95.2860, 13, "77581 77584"),
          city("League City", "Galveston", 29.5075, -95.0949, 9, "77573"),
          city("Pasadena", "Harris", 29.6911, -95.2091, 10, "77502 77503 77504 77505 77506"),
          city("Humble", "Harris", 29.9988, -95.2622, 12, "77338 77346 77396"),
          city("Conroe", "Montgomery", 30.3119, -95.4561, 20, "77301 77302 77303 77304 77356"),
          city("Missouri City", "Fort Bend", 29.6186, -95.5377, 14, "77459 77489"),
          city("Friendswood", "Galveston", 29.5294, -95.2010, 7, "77546"),
          city("Tomball", "Harris", 30.0972, -95.6161, 8, "77375 77377"),
          city("Richmond", "Fort Bend", 29.5822, -95.7608, 14, "77406 77407 77469"),
          city("Baytown", "Harris", 29.7355, -94.9774, 9, "77520 77521"),
          city("Bellaire", "Harris", 29.7058, -95.4588, 3, "77401"),
          city("Galveston", "Galveston", 29.2500, -94.8800, 20, "77550 77551 77554"),
          city("Seabrook", "Harris", 29.5641, -95.0255, 5, "77586"),
          city("Kemah", "Galveston", 29.5427, -95.0202, 3, "77565"));

  private static final Set<String> STATUSES =
      Set.of(
          "Active",
          "ActiveUnderContract",
          "Pending",
          "Closed",
          "ComingSoon",
          "Hold",
          "Withdrawn",
          "Expired");
  private static final Set<String> TYPES =
      Set.of("RES", "CND", "RNT", "MBL", "MLF", "CRE", "CLE", "LND", "FRM");
  private static final Set<String> SUBTYPES =
      Set.of(
          "Apartment",
          "SingleFamilyResidence",
          "Condominium",
          "Duplex",
          "ManufacturedHome",
          "Quadruplex",
          "Townhouse",
          "Triplex",
          "ManufacturedOnLand",
          "FarmAndRanch",
          "Agriculture",
          "Business",
          "HotelMotel",
          "Industrial",
          "MixedUse",
          "OfficeSpace",
          "Retail",
          "UnimprovedLand",
          "Warehouse");

  private static List<JsonNode> listings;
  private static GeneratedFeed feed;

  @BeforeAll
  static void generate() {
    feed = GeneratedFeed.of(5000, 7);
    listings = feed.listingNodes();
  }

  @Test
  void cityPostalCodeCountyAndCoordinatesAgree() {
    for (JsonNode l : listings) {
      String id = l.get("listingId").asText();
      String cityName = l.get("address").get("city").asText();
      ExpectedCity city = CITIES.get(cityName);
      assertNotNull(city, "unknown city " + cityName + " of " + id);
      assertEquals(city.county(), l.get("geo").get("county").asText(), "county of " + id);
      String postalCode = l.get("address").get("postalCode").asText();
      assertTrue(city.postalCodes().contains(postalCode), postalCode + " is not in " + cityName);
      double km =
          haversineKm(
              city.lat(),
              city.lng(),
              l.get("geo").get("lat").asDouble(),
              l.get("geo").get("lng").asDouble());
      // 1% slack for the generator's flat-earth approximation.
      assertTrue(
          km <= city.radiusKm() * 1.01, id + " is " + km + " km from the centre of " + cityName);
      assertFalse(l.get("property").get("subdivision").asText().isBlank());
      assertFalse(l.get("mls").get("area").asText().isBlank());
    }
  }

  @Test
  void subdivisionsAndMlsAreasBelongToOneCity() {
    Map<String, String> cityOfSubdivision = new HashMap<>();
    Map<String, String> cityOfArea = new HashMap<>();
    for (JsonNode l : listings) {
      String city = l.get("address").get("city").asText();
      String subdivision = l.get("property").get("subdivision").asText();
      String area = l.get("mls").get("area").asText();
      assertEquals(city, cityOfSubdivision.computeIfAbsent(subdivision, k -> city), subdivision);
      assertEquals(city, cityOfArea.computeIfAbsent(area, k -> city), area);
    }
    // Kingwood is part of Houston: it appears as Houston's MLS area, never as a city.
    assertEquals("Houston", cityOfArea.get("Kingwood North"));
    assertFalse(CITIES.containsKey("Kingwood"));
  }

  @Test
  void houstonHasTheLargestShare() {
    Map<String, Integer> counts = count(l -> l.get("address").get("city").asText());
    String top =
        counts.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
    assertEquals("Houston", top);
    assertTrue(counts.get("Houston") > 0.25 * listings.size());
  }

  @Test
  void statusesAreMostlyActiveAndNormalised() {
    Map<String, Integer> counts = count(l -> l.get("mls").get("status").asText());
    assertTrue(STATUSES.containsAll(counts.keySet()), counts.toString());
    double active = counts.get("Active") / (double) listings.size();
    assertTrue(active > 0.55 && active < 0.80, "active share " + active);
    for (String status : List.of("Pending", "ActiveUnderContract", "Closed")) {
      assertTrue(counts.getOrDefault(status, 0) > 0.03 * listings.size(), status + ": " + counts);
    }
    for (JsonNode l : listings) {
      assertFalse(l.get("mls").get("statusText").asText().isBlank());
    }
  }

  @Test
  void residentialIsTheMostCommonTypeAndSubtypesAreNormalised() {
    Map<String, Integer> counts = count(l -> l.get("property").get("type").asText());
    assertTrue(TYPES.containsAll(counts.keySet()), counts.toString());
    String top =
        counts.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
    assertEquals("RES", top);
    double res = counts.get("RES") / (double) listings.size();
    assertTrue(res > 0.45 && res < 0.65, "RES share " + res);
    for (JsonNode l : listings) {
      assertTrue(
          SUBTYPES.contains(l.get("property").get("subType").asText()),
          l.get("property").toString());
    }
  }

  @Test
  void landHasNoBedsBathsOrLivingArea() {
    int land = 0;
    for (JsonNode l : listings) {
      JsonNode p = l.get("property");
      if (p.get("type").asText().equals("LND")) {
        land++;
        for (String field :
            List.of("bedrooms", "bathrooms", "bathsFull", "bathsHalf", "area", "yearBuilt")) {
          assertTrue(p.get(field).isNull(), field + " of land " + l.get("listingId"));
        }
        assertTrue(p.get("acres").isNumber(), "land has acres");
      }
    }
    assertTrue(land > 0);
  }

  @Test
  void homesHaveCorrelatedSizes() {
    for (JsonNode l : listings) {
      JsonNode p = l.get("property");
      String type = p.get("type").asText();
      if (type.equals("RES") || type.equals("CND")) {
        int beds = p.get("bedrooms").asInt();
        int area = p.get("area").asInt();
        assertTrue(beds >= 1 && beds <= 6, "beds " + beds);
        assertTrue(
            area > 250 * beds && area < 1600 + 1100 * beds, "area " + area + " for beds " + beds);
        assertTrue(p.get("bathsFull").asInt() >= 1);
        int year = p.get("yearBuilt").asInt();
        assertTrue(year >= 1950 && year <= 2026, "yearBuilt " + year);
      }
    }
  }

  @Test
  void rentalsArePricedPerMonth() {
    for (JsonNode l : listings) {
      if (l.get("property").get("type").asText().equals("RNT")) {
        long rent = l.get("listPrice").asLong();
        assertTrue(rent >= 1200 && rent <= 9000, "rent " + rent);
        assertFalse(l.get("leaseTerm").isNull());
      } else if (l.get("property").get("type").asText().equals("RES")) {
        assertTrue(l.get("listPrice").asLong() >= 50_000, "price " + l.get("listPrice"));
      }
    }
  }

  @Test
  void datesFollowTheStatusAndPrecedeTheAnchor() {
    Instant earliest = ANCHOR.minus(Duration.ofDays(731));
    for (JsonNode l : listings) {
      String id = l.get("listingId").asText();
      Instant listDate = Instant.parse(l.get("listDate").asText());
      Instant modified = Instant.parse(l.get("modified").asText());
      assertTrue(listDate.isAfter(earliest) && !listDate.isAfter(ANCHOR), "listDate of " + id);
      assertTrue(!modified.isBefore(listDate) && !modified.isAfter(ANCHOR), "modified of " + id);
      int dom = l.get("mls").get("daysOnMarket").asInt();
      String status = l.get("mls").get("status").asText();
      if (status.equals("Active")) {
        assertEquals(Duration.between(listDate, ANCHOR).toDays(), dom, "daysOnMarket of " + id);
      } else {
        assertTrue(
            dom >= 0 && dom <= Duration.between(listDate, ANCHOR).toDays(),
            "daysOnMarket of " + id);
      }
      JsonNode sales = l.get("sales");
      if (status.equals("Closed")) {
        Instant close = Instant.parse(sales.get("closeDate").asText());
        Instant contract = Instant.parse(sales.get("contractDate").asText());
        assertTrue(
            listDate.isBefore(contract) && contract.isBefore(close) && !close.isAfter(ANCHOR), id);
        double ratio = sales.get("closePrice").asDouble() / l.get("listPrice").asDouble();
        assertTrue(ratio > 0.85 && ratio < 1.1, "close/list " + ratio + " of " + id);
        assertFalse(sales.get("agent").get("id").isNull());
        assertEquals(
            sales.get("agent").get("officeMlsId").asText(),
            sales.get("office").get("brokerid").asText());
      } else {
        assertTrue(sales.get("closeDate").isNull() && sales.get("closePrice").isNull(), id);
      }
    }
  }

  @Test
  void agentsBelongToTheListingOfficeAndAreInTheAgentsDump() {
    Map<String, String> officeOfAgent = new HashMap<>();
    for (JsonNode a : feed.agentNodes()) {
      assertEquals(
          null,
          officeOfAgent.put(a.get("id").asText(), a.get("officeMlsId").asText()),
          "duplicate agent");
      assertEquals("TX", a.get("address").get("state").asText());
      assertTrue(a.get("contact").get("email").asText().contains("@"));
    }
    assertEquals(5000 / 25, officeOfAgent.size());
    for (JsonNode l : listings) {
      JsonNode agent = l.get("agent");
      String agentId = agent.get("id").asText();
      assertTrue(agentId.matches("AGT\\d{5,}"), agentId);
      assertEquals(
          officeOfAgent.get(agentId), agent.get("officeMlsId").asText(), "office of " + agentId);
      assertEquals(agent.get("officeMlsId").asText(), l.get("office").get("brokerid").asText());
      JsonNode co = l.get("coAgent");
      if (!co.get("id").isNull()) {
        assertTrue(officeOfAgent.containsKey(co.get("id").asText()));
        assertFalse(co.get("id").asText().equals(agentId), "an agent is not their own co-agent");
      }
    }
  }

  @Test
  void someListingsAreOnTheWaterAndSomeOptOutOfDisplay() {
    int water = 0;
    int addressHidden = 0;
    for (JsonNode l : listings) {
      if (!l.get("property").get("water").isNull()) {
        water++;
      }
      if (l.get("internetAddressDisplay").isBoolean()
          && !l.get("internetAddressDisplay").asBoolean()) {
        addressHidden++;
      }
    }
    assertTrue(water > 0.02 * listings.size() && water < 0.09 * listings.size(), "water " + water);
    assertTrue(
        addressHidden > 0.01 * listings.size() && addressHidden < 0.06 * listings.size(),
        "hidden " + addressHidden);
  }

  @Test
  void openHousesAreWeekendAfternoonsOfActiveListingsAfterTheAnchor() {
    Set<String> active = new HashSet<>();
    for (JsonNode l : listings) {
      if (l.get("mls").get("status").asText().equals("Active")) {
        active.add(l.get("listingId").asText());
      }
    }
    List<JsonNode> openHouses = feed.openHouseNodes();
    assertEquals(feed.summary().openHouses(), openHouses.size());
    Set<String> ids = new HashSet<>();
    Set<String> withOpenHouse = new HashSet<>();
    int publicOnes = 0;
    for (JsonNode o : openHouses) {
      String listingId = o.get("listing").get("listingId").asText();
      assertTrue(
          active.contains(listingId), "open house of a listing that is not active: " + listingId);
      withOpenHouse.add(listingId);
      assertTrue(ids.add(o.get("openHouseId").asText()), "duplicate openHouseId");
      Instant start = Instant.parse(o.get("startTime").asText());
      Instant end = Instant.parse(o.get("endTime").asText());
      assertTrue(
          start.isAfter(ANCHOR) && start.isBefore(ANCHOR.plus(Duration.ofDays(14))),
          "start " + start);
      long minutes = Duration.between(start, end).toMinutes();
      assertTrue(minutes >= 120 && minutes <= 180, "lasts " + minutes);
      ZonedDateTime local = start.atZone(ZoneId.of("America/Chicago"));
      assertTrue(
          local.getDayOfWeek() == DayOfWeek.SATURDAY || local.getDayOfWeek() == DayOfWeek.SUNDAY,
          "day " + local);
      assertTrue(local.getHour() >= 12 && local.getHour() <= 15, "hour " + local);
      if (o.get("type").asText().equals("Public")) {
        publicOnes++;
      }
    }
    double share = withOpenHouse.size() / (double) active.size();
    assertTrue(share > 0.05 && share < 0.16, "share of active listings with open houses " + share);
    assertTrue(publicOnes > 0.8 * openHouses.size());
  }

  private interface Key {
    String of(JsonNode listing);
  }

  private static Map<String, Integer> count(Key key) {
    Map<String, Integer> counts = new HashMap<>();
    for (JsonNode l : listings) {
      counts.merge(key.of(l), 1, Integer::sum);
    }
    return counts;
  }

  private static Map.Entry<String, ExpectedCity> city(
      String name, String county, double lat, double lng, double radiusKm, String postalCodes) {
    return Map.entry(
        name, new ExpectedCity(county, Set.of(postalCodes.split(" ")), lat, lng, radiusKm));
  }

  private static double haversineKm(double lat1, double lng1, double lat2, double lng2) {
    double dLat = Math.toRadians(lat2 - lat1);
    double dLng = Math.toRadians(lng2 - lng1);
    double a =
        Math.sin(dLat / 2) * Math.sin(dLat / 2)
            + Math.cos(Math.toRadians(lat1))
                * Math.cos(Math.toRadians(lat2))
                * Math.sin(dLng / 2)
                * Math.sin(dLng / 2);
    return 2 * 6371.0088 * Math.asin(Math.sqrt(a));
  }
}

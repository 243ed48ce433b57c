package io.keybox.app.reso;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Realistic RESO Data Dictionary 2.0 records, written by hand from the Dictionary's field names
 * (Property, OpenHouse, Member; nothing copied from a feed), deterministic for a seed. The shapes
 * are those an MLS's Web API returns: Decimal fields with cents (LivingArea, TaxAnnualAmount,
 * AssociationFee), ListAgentFullName without first and last names, Media out of order, MLS Grid's
 * MlgCanView and OriginatingSystemName. Every listing is an active single-family residence, so a
 * default search of the server finds each one.
 */
public final class ResoRecords {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final String[] STREETS = {
    "Oak", "Elm", "Bayou", "Heights", "Memorial", "Westview"
  };
  private static final String[] SUFFIXES = {"Dr", "St", "Ln", "Blvd", "Ct"};
  private static final String[][] CITIES = {
    {"Houston", "77008", "Harris"}, {"Katy", "77494", "Fort Bend"}, {"Spring", "77379", "Harris"}
  };
  private static final String[][] AGENTS = {
    {"AG100", "Dana Reyes"}, {"AG200", "Luis Ortega"}, {"AG300", "Priya Shah"}, {"AG400", "Sam Lee"}
  };

  private ResoRecords() {}

  /** The ListingKey of listing {@code i}. */
  public static String listingKey(int i) {
    return "LK" + (100000 + i);
  }

  /** The ListingId (the MLS number shown to people) of listing {@code i}. */
  public static String listingId(int i) {
    return "MLS" + (500000 + i);
  }

  /** Listing {@code i} of {@code seed}, last modified at {@code modified}. */
  public static ObjectNode property(long seed, int i, Instant modified) {
    Random random = new Random(seed * 1_000_003L + i);
    String[] city = CITIES[i % CITIES.length];
    String[] agent = AGENTS[i % AGENTS.length];
    ObjectNode p = NODES.objectNode();
    p.put("ListingKey", listingKey(i));
    p.put("ListingId", listingId(i));
    p.put("OriginatingSystemName", "testmls");
    p.put("StandardStatus", "Active");
    p.put("MlsStatus", "Active");
    p.put("PropertyType", "Residential");
    p.put("PropertySubType", "SingleFamilyResidence");
    p.put("ListPrice", 150_000 + random.nextInt(900) * 1000);
    p.put("BedroomsTotal", 2 + random.nextInt(4));
    p.put("BathroomsFull", 1 + random.nextInt(3));
    p.put("BathroomsHalf", random.nextInt(2));
    p.put("LivingArea", 1200 + random.nextInt(2500) + random.nextInt(100) / 100.0);
    p.put("LotSizeSquareFeet", 5000 + random.nextInt(8000));
    p.put("YearBuilt", 1960 + random.nextInt(64));
    p.put("GarageSpaces", random.nextInt(4));
    p.put("StreetNumber", String.valueOf(100 + random.nextInt(9000)));
    p.put("StreetName", STREETS[random.nextInt(STREETS.length)]);
    p.put("StreetSuffix", SUFFIXES[random.nextInt(SUFFIXES.length)]);
    p.put("City", city[0]);
    p.put("StateOrProvince", "TX");
    p.put("PostalCode", city[1]);
    p.put("CountyOrParish", city[2]);
    p.put("Latitude", 29.6 + random.nextInt(4000) / 10000.0);
    p.put("Longitude", -95.6 + random.nextInt(4000) / 10000.0);
    p.put("ListAgentMlsId", agent[0]);
    p.put("ListAgentKey", "MK-" + agent[0]);
    p.put("ListAgentFullName", agent[1]);
    p.put("ListOfficeMlsId", "OF" + (10 + i % 3));
    p.put("ListOfficeName", "Bayou Realty " + (i % 3));
    p.put("TaxAnnualAmount", 3000 + random.nextInt(9000) + random.nextInt(100) / 100.0);
    p.put("AssociationFee", random.nextInt(60) * 10 + 0.5);
    p.put("PublicRemarks", "Updated home near the park, listing " + i + ".");
    LocalDate listed = LocalDate.ofInstant(modified, ZoneOffset.UTC).minusDays(i % 30);
    p.put("ListingContractDate", listed.toString());
    p.put("OnMarketDate", listed.plusDays(1).toString());
    p.put("ModificationTimestamp", modified.toString());
    p.put("MlgCanView", true);
    ArrayNode media = p.putArray("Media");
    for (int order : new int[] {2, 1}) {
      ObjectNode m = media.addObject();
      m.put("MediaKey", listingKey(i) + "-" + order);
      m.put("MediaURL", "https://media.example/" + listingKey(i) + "/" + order + ".jpg");
      m.put("Order", order);
      m.put("MediaCategory", "Photo");
    }
    return p;
  }

  /** An open house of listing {@code i}, naming it by ListingKey as RESO's foreign key does. */
  public static ObjectNode openHouse(int i, Instant modified) {
    ObjectNode o = NODES.objectNode();
    o.put("OpenHouseKey", "OHK" + i);
    o.put("OpenHouseId", "OH" + i);
    o.put("ListingKey", listingKey(i));
    o.put("ListingId", listingId(i));
    Instant start = Instant.parse("2026-12-05T18:00:00Z").plusSeconds(86_400L * (i % 7));
    o.put("OpenHouseStartTime", start.toString());
    o.put("OpenHouseEndTime", start.plusSeconds(7200).toString());
    o.put("OpenHouseType", "Public");
    o.put("OpenHouseStatus", "Active");
    o.put("OpenHouseRemarks", "Come by");
    o.put("ModificationTimestamp", modified.toString());
    return o;
  }

  /** The agents the listings name, as Member records. */
  public static List<ObjectNode> members(Instant modified) {
    List<ObjectNode> members = new ArrayList<>();
    for (String[] agent : AGENTS) {
      ObjectNode m = NODES.objectNode();
      String[] names = agent[1].split(" ");
      m.put("MemberKey", "MK-" + agent[0]);
      m.put("MemberMlsId", agent[0]);
      m.put("MemberFirstName", names[0]);
      m.put("MemberLastName", names[1]);
      m.put("MemberEmail", names[0].toLowerCase(java.util.Locale.ROOT) + "@bayou.example");
      m.put("MemberMobilePhone", "713-555-0" + agent[0].substring(2));
      m.put("OfficeMlsId", "OF10");
      m.put("MemberStatus", "Active");
      m.put("ModificationTimestamp", modified.toString());
      members.add(m);
    }
    return members;
  }
}

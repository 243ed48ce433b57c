package io.keybox.generator;

import io.keybox.generator.AgentPool.Agent;
import io.keybox.generator.PropertyKind.SubType;
import java.time.Instant;

/**
 * The facts of one generated listing that other fields must agree with: what and where it is, its
 * size, price, dates and agents. Descriptive fields (features, remarks...) are drawn while writing.
 *
 * @param listingId the MLS number
 * @param statusText the raw MLS status text
 * @param place where the listing is
 * @param building its size and age; members are null where they do not apply (land)
 * @param listPrice whole dollars (per month for leases)
 * @param originalListPrice whole dollars, or null
 * @param timeline its dates
 * @param coAgent the co-listing agent, or null
 * @param sale the closing, or null unless the listing is closed
 */
record ListingPlan(
    String listingId,
    PropertyKind kind,
    SubType subType,
    ListingStatus status,
    String statusText,
    Place place,
    Building building,
    long listPrice,
    Long originalListPrice,
    Timeline timeline,
    Agent agent,
    Agent coAgent,
    Sale sale) {

  /**
   * Location facts that agree with the city table.
   *
   * @param water the water body the listing faces, or null
   */
  record Place(
      City city,
      MlsArea area,
      String subdivision,
      StreetAddress address,
      double lat,
      double lng,
      String water) {}

  /**
   * Size and age. Null members mean "not applicable or not given".
   *
   * @param bathrooms total baths when the feed gives them directly, else null
   * @param lotSizeAreaUnits "Square Feet" or "Acres"
   */
  record Building(
      Integer bedrooms,
      Double bathrooms,
      Integer bathsFull,
      Integer bathsHalf,
      Integer bathsThreeQuarter,
      Integer area,
      Integer yearBuilt,
      Integer stories,
      Integer garageSpaces,
      Integer fireplaces,
      String lotSize,
      Double lotSizeArea,
      String lotSizeAreaUnits,
      Double acres) {}

  /** Dates. {@code contractDate} is null unless a buyer signed; {@code closeDate} unless closed. */
  record Timeline(
      Instant listDate,
      Instant originalEntry,
      Instant modified,
      int daysOnMarket,
      Instant contractDate,
      Instant closeDate) {}

  /** The closing of a sold or leased listing. */
  record Sale(long closePrice, Agent agent) {}
}

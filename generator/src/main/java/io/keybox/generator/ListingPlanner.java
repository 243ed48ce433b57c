package io.keybox.generator;

import io.keybox.generator.AgentPool.Agent;
import io.keybox.generator.ListingPlan.Building;
import io.keybox.generator.ListingPlan.Place;
import io.keybox.generator.ListingPlan.Sale;
import io.keybox.generator.ListingPlan.Timeline;
import io.keybox.generator.PropertyKind.SubType;
import java.time.Instant;

/** Draws the consistent core facts of each listing of a run. */
final class ListingPlanner {
  /** Listing ids are the 8-digit numbers from {@code ID_BASE} on. */
  static final long ID_BASE = 10_000_000;

  /** How many distinct listing ids there are (all 8-digit numbers). */
  static final long ID_SPACE = 90_000_000;

  /** Listings are at most this many days old at the anchor. */
  static final int MAX_AGE_DAYS = 730;

  private static final long DAY = 86_400;

  /** Areas priced at least this much above the metro's level have high-rise condos. */
  private static final double HIGH_RISE_LEVEL = 1.2;

  /** Typical lengths in days of listing agreements, for expired listings. */
  private static final int[] LISTING_TERMS = {90, 180, 180, 365};

  private final long seed;
  private final AgentPool pool;
  private final long idMultiplier;
  private final long idOffset;

  ListingPlanner(long seed, AgentPool pool) {
    this.seed = seed;
    this.pool = pool;
    Dice ids = Dice.of(seed, Dice.IDS, 0);
    // i -> (a * i + b) mod ID_SPACE is a bijection when a is coprime with 90,000,000 = 2^7 3^2 5^7.
    long a = ids.below(ID_SPACE);
    while (a % 2 == 0 || a % 3 == 0 || a % 5 == 0) {
      a++;
    }
    this.idMultiplier = a % ID_SPACE;
    this.idOffset = ids.below(ID_SPACE);
  }

  /** The MLS number of listing {@code index}: unique in the run for every index below 90M. */
  String listingId(long index) {
    return Long.toString(ID_BASE + Math.floorMod(idMultiplier * index + idOffset, ID_SPACE));
  }

  /** The facts of listing {@code index}, drawn from its own dice. */
  ListingPlan plan(long index, Dice d) {
    PropertyKind kind = PropertyKind.pick(d);
    SubType drawn = kind.pickSubType(d);
    ListingStatus status = ListingStatus.pick(d);
    City city = CityTable.pickCity(d);
    MlsArea area = CityTable.pickArea(d, city);
    SubType subType = fitToArea(drawn, area);
    Place place = place(d, kind, subType, city, area);
    Building building = Buildings.draw(d, kind, subType, place.area());
    long price = Pricing.listPrice(d, kind, subType, place.area(), building);
    Long original = Pricing.originalPrice(d, kind, price);
    Timeline timeline = timeline(d, status);
    // Agents come from their own stream: how many draws a pick takes depends on the pool's size,
    // and listing i must not change with the number of listings.
    Dice who = Dice.of(seed, Dice.AGENT_PICKS, index);
    Agent agent = pool.pickAgent(who);
    Agent coAgent = who.chance(0.2) ? pool.pickCoAgent(who, agent) : null;
    Sale sale =
        status == ListingStatus.CLOSED
            ? new Sale(
                Pricing.closePrice(d, kind, price), who.chance(0.12) ? agent : pool.pickAgent(who))
            : null;
    return new ListingPlan(
        listingId(index),
        kind,
        subType,
        status,
        status.text(d, kind),
        place,
        building,
        price,
        original,
        timeline,
        agent,
        coAgent,
        sale);
  }

  /** High-rise condos stand in the pricier, denser areas; elsewhere a condo is a garden condo. */
  private static SubType fitToArea(SubType subType, MlsArea area) {
    if (subType.text().startsWith("Mid/Hi-Rise") && area.priceLevel() < HIGH_RISE_LEVEL) {
      return new SubType(subType.subType(), "Condominium", subType.weight());
    }
    return subType;
  }

  private static Place place(Dice d, PropertyKind kind, SubType subType, City city, MlsArea area) {
    String subdivision = d.pick(area.subdivisions());
    // A hair inside the circle, so rounding to 6 decimals never leaves it.
    double[] point = Geo.pointWithin(d, area.lat(), area.lng(), area.radiusKm() * 0.999);
    StreetAddress address = StreetAddress.random(d, city, area, unit(d, kind, subType));
    String water = null;
    if (!area.waters().isEmpty() && d.chance(area.waterShare())) {
      water = d.pick(area.waters());
    }
    return new Place(city, area, subdivision, address, point[0], point[1], water);
  }

  private static String unit(Dice d, PropertyKind kind, SubType subType) {
    String sub = subType.subType();
    if (sub.equals("Condominium") || sub.equals("Apartment") && kind == PropertyKind.RNT) {
      if (subType.text().startsWith("Mid/Hi-Rise")) {
        return Integer.toString(d.between(2, 40) * 100 + d.between(1, 16));
      }
      return d.chance(0.7)
          ? Integer.toString(d.between(1, 350))
          : d.between(1, 40) + "" + "ABCD".charAt(d.between(0, 3));
    }
    if (sub.equals("Townhouse") && d.chance(0.25)) {
      return String.valueOf("ABCDEF".charAt(d.between(0, 5)));
    }
    return null;
  }

  /**
   * Dates consistent with the status: on the market {@code daysOnMarket} whole days (until the
   * anchor for listings still on the market, until the contract or removal otherwise).
   */
  private static Timeline timeline(Dice d, ListingStatus status) {
    int dom;
    int after; // days from the end of marketing to the anchor
    int escrow = 0;
    switch (status) {
      case ACTIVE -> {
        dom = Math.min(MAX_AGE_DAYS - 1, (int) (-45 * Math.log(1 - d.unit())));
        after = 0;
      }
      case COMING_SOON -> {
        dom = 0;
        after = 0;
      }
      case ACTIVE_UNDER_CONTRACT, PENDING -> {
        dom = 1 + (int) (-30 * Math.log(1 - d.unit()));
        after = d.between(0, status == ListingStatus.PENDING ? 40 : 15);
      }
      case CLOSED -> {
        dom = 1 + (int) (-35 * Math.log(1 - d.unit()));
        escrow = d.between(20, 45);
        after = escrow + (int) (330 * Math.pow(d.unit(), 1.5));
      }
      case HOLD -> {
        dom = d.between(10, 200);
        after = d.between(0, 60);
      }
      case WITHDRAWN -> {
        dom = d.between(10, 250);
        after = d.between(0, 120);
      }
      case EXPIRED -> {
        dom = LISTING_TERMS[d.between(0, LISTING_TERMS.length - 1)] + d.between(-2, 2);
        after = d.between(0, 180);
      }
      default -> throw new AssertionError(status);
    }
    dom = Math.max(0, Math.min(dom, MAX_AGE_DAYS - 1 - after));
    long anchor = FeedGenerator.ANCHOR.getEpochSecond();
    // Listings go live during the (Houston) business day: 13:00-01:00 UTC.
    long listDate = anchor - (long) (dom + after + 1) * DAY + d.between(13 * 3600, 24 * 3600 - 1);
    Instant contract = null;
    Instant close = null;
    long lastEvent = listDate;
    if (status == ListingStatus.CLOSED
        || status == ListingStatus.PENDING
        || status == ListingStatus.ACTIVE_UNDER_CONTRACT) {
      contract = Instant.ofEpochSecond(listDate + dom * DAY);
      lastEvent = contract.getEpochSecond();
      if (status == ListingStatus.CLOSED) {
        long closing = listDate + (long) (dom + escrow) * DAY + d.between(0, 7200);
        close = Instant.ofEpochSecond(Math.min(anchor - 1, closing));
        lastEvent = close.getEpochSecond();
      }
    } else if (status != ListingStatus.ACTIVE && status != ListingStatus.COMING_SOON) {
      lastEvent = listDate + dom * DAY;
    }
    if (status == ListingStatus.ACTIVE || status == ListingStatus.COMING_SOON) {
      // Still on the market: days on market count up to the anchor.
      dom = (int) ((anchor - listDate) / DAY);
    }
    long modified = anchor - (long) ((anchor - lastEvent) * d.unit() * d.unit());
    long entry = listDate - d.between(0, 3 * 86_400);
    return new Timeline(
        Instant.ofEpochSecond(listDate),
        Instant.ofEpochSecond(entry),
        Instant.ofEpochSecond(Math.min(anchor, Math.max(lastEvent, modified))),
        dom,
        contract,
        close);
  }
}

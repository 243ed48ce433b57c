package io.keybox.generator;

import java.time.Instant;
import java.util.Locale;

/**
 * The agents and offices (brokerages) of a generated feed, sized from the number of listings.
 *
 * <p>Members are computed on demand from the seed and their index, so the pool costs no memory
 * whatever its size and an agent reads the same wherever it appears.
 */
final class AgentPool {
  /** Listings per agent, on average. */
  static final int LISTINGS_PER_AGENT = 25;

  /** Listings per office, on average. */
  static final int LISTINGS_PER_OFFICE = 250;

  /** A brokerage office. {@code id} is what listings carry in {@code office.brokerid}. */
  record Office(
      String id,
      String name,
      String servingName,
      String email,
      String phone,
      StreetAddress address,
      City city) {}

  /** An agent of one office; {@code index} is its place in the pool. */
  record Agent(
      int index,
      String id,
      String firstName,
      String lastName,
      Office office,
      String email,
      String cell,
      Instant modified) {}

  private final long seed;
  private final int agentCount;
  private final int officeCount;

  /** The pool for a feed of {@code listings} listings generated with {@code seed}. */
  AgentPool(long seed, long listings) {
    this.seed = seed;
    this.agentCount = (int) Math.max(8, listings / LISTINGS_PER_AGENT);
    this.officeCount = (int) Math.max(3, listings / LISTINGS_PER_OFFICE);
  }

  int agentCount() {
    return agentCount;
  }

  int officeCount() {
    return officeCount;
  }

  /** A listing agent: busy agents list more, so low indexes are drawn more often. */
  Agent pickAgent(Dice dice) {
    return agent((int) (agentCount * Math.pow(dice.unit(), 1.3)));
  }

  /** A co-listing agent other than {@code agent}, usually of the same office. */
  Agent pickCoAgent(Dice dice, Agent agent) {
    int self = agent.index();
    int office = self % officeCount;
    // The agents of an office are office, office + officeCount, office + 2 * officeCount...
    int colleagues = (agentCount - 1 - office) / officeCount + 1;
    if (colleagues > 1 && dice.chance(0.7)) {
      int k = dice.between(0, colleagues - 2);
      return agent(office + officeCount * (k >= self / officeCount ? k + 1 : k));
    }
    int k = dice.between(0, agentCount - 2);
    return agent(k >= self ? k + 1 : k);
  }

  /** Agent {@code index} (0-based) of the pool. */
  Agent agent(int index) {
    Dice dice = Dice.of(seed, Dice.AGENTS, index);
    // Round-robin over offices: every office has agents, and an agent's office needs no draw.
    Office office = office(index % officeCount);
    String first = dice.pick(Names.FIRST);
    String last = dice.pick(Names.LAST);
    String number = String.valueOf(index + 1);
    String id = Phones.pad(new StringBuilder("AGT"), index + 1, 5).toString();
    String email =
        (first.charAt(0) + letters(last) + number).toLowerCase(Locale.ROOT)
            + "@"
            + domain(office.servingName());
    String cell = dice.chance(0.85) ? Phones.cell(dice) : null;
    Instant modified = FeedGenerator.ANCHOR.minusSeconds(dice.between(3_600, 900 * 86_400));
    return new Agent(index, id, first, last, office, email, cell, modified);
  }

  /** Office {@code index} (0-based) of the pool. */
  Office office(int index) {
    Dice dice = Dice.of(seed, Dice.OFFICES, index);
    String brand = dice.pick(Names.BROKERAGE_FIRST) + " " + dice.pick(Names.BROKERAGE_SECOND);
    City city = CityTable.pickCity(dice);
    String name = dice.chance(0.6) ? brand + " - " + city.name() : brand;
    String id = Phones.pad(new StringBuilder("OFC"), index + 1, 4).toString();
    StreetAddress address = StreetAddress.random(dice, city, CityTable.pickArea(dice, city), null);
    String phone = Phones.number(dice, city.areaCode());
    return new Office(id, name, brand, "info@" + domain(brand), phone, address, city);
  }

  private static String domain(String brand) {
    return letters(brand).toLowerCase(Locale.ROOT) + ".example.com";
  }

  private static String letters(String s) {
    StringBuilder b = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (Character.isLetterOrDigit(c)) {
        b.append(c);
      }
    }
    return b.toString();
  }
}

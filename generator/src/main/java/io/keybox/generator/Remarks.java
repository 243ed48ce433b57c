package io.keybox.generator;

import io.keybox.generator.ListingPlan.Building;
import java.util.List;
import java.util.Locale;

/** Public remarks, private remarks and showing texts that read like an agent wrote them. */
final class Remarks {
  private Remarks() {}

  private static final List<String> OPENERS =
      List.of(
          "Welcome home to this",
          "Beautifully updated",
          "Move-in ready",
          "Stunning",
          "Charming",
          "Spacious",
          "Well-maintained",
          "Light-filled",
          "Custom-built",
          "Freshly painted",
          "Immaculate");

  private static final List<String> PRIVATE =
      List.of(
          "Seller is motivated; please submit offers on TXR forms with a pre-approval letter.",
          "Buyer to verify room measurements and school zoning.",
          "Survey available. Seller prefers a quick close.",
          "Please remove shoes. Do not let the cat out.",
          "Multiple offers received; highest and best due Monday at 5 pm.",
          "Tenant occupied until end of lease; 24-hour notice required.",
          "Seller related to listing agent.");

  private static final List<String> SHOWING =
      List.of(
          "Appointment required through ShowingTime.",
          "Vacant, go and show. Lockbox on front door.",
          "Call listing agent for access code.",
          "24-hour notice required; tenant occupied.",
          "Please schedule via the showing service. Alarm is off.",
          "Gate code provided upon appointment confirmation.");

  /** One or two sentences about the listing, fitting its type. */
  static String publicRemarks(Dice d, ListingPlan p, Details details) {
    Building b = p.building();
    String place = p.place().subdivision();
    String highway = d.pick(p.place().city().highways());
    String water = p.place().water();
    String features = featurePhrase(details.interior(), details.exterior());
    return switch (p.kind()) {
      case LND ->
          String.format(
                  Locale.ROOT,
                  "%s-acre %s in %s, %s. %s Close to %s.",
                  b.acres(),
                  p.subType().text().equals("Lots") ? "homesite" : "tract",
                  place,
                  p.place().city().name(),
                  d.pick(LAND_NOTES),
                  highway)
              + waterSentence(water);
      case CRE, CLE ->
          String.format(
              Locale.ROOT,
              "%,d sq ft %s space in %s with %s. %s",
              b.area(),
              p.subType().text().toLowerCase(Locale.ROOT),
              p.place().city().name(),
              d.chance(0.5) ? "frontage near " + highway : "ample parking",
              p.kind() == PropertyKind.CLE
                  ? "Flexible lease terms available."
                  : "Great visibility.");
      case MLF ->
          String.format(
                  Locale.ROOT,
                  "%s investment opportunity in %s: %d units with %d bedrooms in total. %s",
                  p.subType().text(),
                  place,
                  b.bathsFull(),
                  b.bedrooms(),
                  d.chance(0.6)
                      ? "Fully leased with long-term tenants."
                      : "One unit vacant and ready.")
              + features;
      case RNT ->
          String.format(
                  Locale.ROOT,
                  "Available now: %d-bedroom %s for lease in %s.%s %s",
                  b.bedrooms(),
                  noun(p),
                  place,
                  features,
                  d.chance(0.5) ? "Pets considered case by case." : "Lawn care included.")
              + waterSentence(water);
      default ->
          String.format(
                  Locale.ROOT,
                  "%s %d-bedroom %s in %s.%s Zoned to %s schools with easy access to %s.",
                  d.pick(OPENERS),
                  b.bedrooms(),
                  noun(p),
                  place,
                  features,
                  p.place().area().district().name(),
                  highway)
              + waterSentence(water);
    };
  }

  private static final List<String> LAND_NOTES =
      List.of(
          "Utilities available at the road.",
          "Unrestricted; bring your builder.",
          "Not in the floodplain per seller.",
          "Cleared and ready to build.",
          "Mature trees throughout.");

  static String privateRemarks(Dice d) {
    return d.chance(0.4) ? d.pick(PRIVATE) : null;
  }

  static String showingInstructions(Dice d) {
    return d.chance(0.85) ? d.pick(SHOWING) : null;
  }

  private static String noun(ListingPlan p) {
    return switch (p.subType().subType()) {
      case "Townhouse" -> "townhome";
      case "Condominium" -> "condo";
      case "Apartment" -> "apartment";
      case "Duplex" -> "duplex unit";
      case "ManufacturedHome", "ManufacturedOnLand" -> "manufactured home";
      case "FarmAndRanch", "Agriculture" -> "ranch home";
      default -> "home";
    };
  }

  private static String featurePhrase(List<String> interior, List<String> exterior) {
    if (interior == null || interior.size() < 2) {
      return "";
    }
    String outside = exterior == null ? "" : ", plus " + lower(exterior.get(0)) + " outside";
    return " Features include "
        + lower(interior.get(0))
        + " and "
        + lower(interior.get(interior.size() - 1))
        + outside
        + ".";
  }

  private static String waterSentence(String water) {
    return water == null ? "" : " Enjoy the views of " + water + ".";
  }

  private static String lower(String item) {
    return item.toLowerCase(Locale.ROOT);
  }
}

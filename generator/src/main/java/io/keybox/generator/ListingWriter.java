package io.keybox.generator;

import io.keybox.generator.AgentPool.Agent;
import io.keybox.generator.Details.Association;
import io.keybox.generator.ListingPlan.Place;
import io.keybox.generator.ListingPlan.Timeline;
import java.io.IOException;
import java.util.List;
import java.util.Locale;

/**
 * Writes one listing as a Listing object of API.md §5: every key present, null where absent,
 * without {@code mlsId} (the indexer assigns it). {@code property.rooms} and {@code compliance} are
 * written as null when the listing has none, so every line has the same keys.
 */
final class ListingWriter {
  private static final List<String> CONDITIONS =
      List.of(
          "Standard", "Short Sale", "REO/Bank Owned", "Probate Listing", "HUD Owned", "Auction");
  private static final double[] CONDITION_WEIGHTS = {86, 3, 4, 3, 1, 1};
  private static final List<String> LEASE_TYPES =
      List.of("Standard Lease", "Lease/Purchase Option", "Corporate Lease");
  private static final List<String> COMMERCIAL_LEASE_TYPES =
      List.of("Triple Net", "Modified Gross", "Full Service", "Gross");

  private final String vendor;
  private final String disclaimer;
  private String photoFolder; // the pool's folder URL when the pictures are written, else null

  ListingWriter(String vendor) {
    this.vendor = vendor;
    String name = vendor.substring(0, 1).toUpperCase(Locale.ROOT) + vendor.substring(1);
    this.disclaimer =
        "Listing information from the "
            + name
            + " MLS is provided for consumers' personal, non-commercial use. "
            + "It is deemed reliable but is not guaranteed.";
  }

  /**
   * Names the photos by the pictures of {@link PhotoPool} under {@code folderUrl} (a folder URL,
   * maybe relative, ending in {@code /}) from now on; without it they are URLs of
   * photos.example.com, where nothing answers.
   */
  void photosIn(String folderUrl) {
    this.photoFolder = folderUrl;
  }

  /** Writes {@code p} as one JSON object, drawing descriptive fields from {@code d}. */
  void write(Json j, ListingPlan p, Dice d) throws IOException {
    Details details = Details.draw(d, p);
    PropertyKind kind = p.kind();
    Timeline t = p.timeline();
    boolean lease = kind.isLease();
    j.generator().writeStartObject();
    j.str("listingId", p.listingId());
    j.num("listPrice", p.listPrice());
    j.num("originalListPrice", p.originalListPrice());
    j.time("listDate", t.listDate());
    j.time("modified", t.modified());
    j.str("remarks", d.chance(0.97) ? Remarks.publicRemarks(d, p, details) : null);
    j.str("privateRemarks", Remarks.privateRemarks(d));
    j.str("showingInstructions", Remarks.showingInstructions(d));
    boolean contact = d.chance(0.6);
    Agent agent = p.agent();
    j.str("showingContactName", contact ? agent.firstName() + " " + agent.lastName() : null);
    j.str(
        "showingContactPhone",
        contact ? (agent.cell() != null ? agent.cell() : agent.office().phone()) : null);
    j.str(
        "specialListingConditions",
        lease || d.chance(0.1) ? null : CONDITIONS.get(d.weighted(CONDITION_WEIGHTS)));
    j.str("ownership", ownership(d, p));
    j.str("leaseTerm", lease ? d.pick(Features.LEASE_TERMS) : null);
    j.str(
        "leaseType",
        kind == PropertyKind.CLE
            ? d.pick(COMMERCIAL_LEASE_TYPES)
            : lease ? d.pick(LEASE_TYPES) : null);
    j.str("terms", lease ? null : Details.join(d.distinct(Features.TERMS, d.between(1, 4))));
    j.str(
        "agreement",
        lease
            ? "Exclusive Right to Lease"
            : d.chance(0.9) ? "Exclusive Right to Sell" : "Exclusive Agency");
    j.str(
        "virtualTourUrl",
        d.chance(0.15) ? "https://tours.example.com/" + vendor + "/" + p.listingId() : null);
    j.str("disclaimer", disclaimer);
    j.bool("internetAddressDisplay", display(d));
    j.bool("internetEntireListingDisplay", display(d));
    photos(j, p, d);
    PropertyJson.write(j, p, details, d);
    AgentJson.address(j, "address", p.place().address());
    geo(j, p.place(), d);
    mls(j, p);
    AgentJson.listingAgent(j, "agent", agent);
    AgentJson.listingAgent(j, "coAgent", p.coAgent());
    AgentJson.office(j, "office", agent.office());
    sales(j, p);
    school(j, p.place().area().district(), d);
    tax(j, p, d);
    association(j, details.association());
    compliance(j, p, d);
    j.end();
  }

  private static String ownership(Dice d, ListingPlan p) {
    if (p.kind().isLease() || d.chance(0.15)) {
      return null;
    }
    if (p.kind() == PropertyKind.CND) {
      return "Condominium";
    }
    return d.chance(0.97) ? "Fee Simple" : "Full Ownership";
  }

  /** Mostly not given (null), some explicit true, about 3% explicit false. */
  private static Boolean display(Dice d) {
    double x = d.unit();
    return x < 0.03 ? Boolean.FALSE : x < 0.2 ? Boolean.TRUE : null;
  }

  private void photos(Json j, ListingPlan p, Dice d) throws IOException {
    int count = d.between(5, p.kind() == PropertyKind.LND ? 12 : 30);
    String prefix = "https://photos.example.com/" + vendor + "/" + p.listingId() + "/";
    long hash = p.listingId().hashCode();
    j.generator().writeArrayFieldStart("photos");
    for (int n = 1; n <= count; n++) {
      j.generator()
          .writeString(
              photoFolder == null
                  ? prefix + n + ".jpg"
                  : photoFolder + (n == 1 ? PhotoPool.front(hash) : PhotoPool.room(hash, n)));
    }
    j.generator().writeEndArray();
  }

  private static void geo(Json j, Place place, Dice d) throws IOException {
    j.start("geo");
    j.num("lat", place.lat());
    j.num("lng", place.lng());
    j.str("county", place.city().county());
    j.str("marketArea", place.city().marketArea());
    String directions = null;
    if (d.chance(0.6)) {
      directions =
          "From "
              + d.pick(place.city().highways())
              + " exit "
              + StreetAddress.streetName(d)
              + ", turn "
              + (d.chance(0.5) ? "left" : "right")
              + " on "
              + place.address().streetName()
              + ".";
    }
    j.str("directions", directions);
    j.end();
  }

  private void mls(Json j, ListingPlan p) throws IOException {
    j.start("mls");
    j.str("status", p.status().normalised());
    j.str("statusText", p.statusText());
    j.str("area", p.place().area().name());
    j.str("areaMinor", p.place().area().code());
    j.num("daysOnMarket", p.timeline().daysOnMarket());
    j.time("originalEntryTimestamp", p.timeline().originalEntry());
    j.str("originatingSystemName", vendor);
    j.end();
  }

  private static void sales(Json j, ListingPlan p) throws IOException {
    ListingPlan.Sale sale = p.sale();
    j.start("sales");
    j.time("closeDate", p.timeline().closeDate());
    j.time("contractDate", sale == null ? null : p.timeline().contractDate());
    j.num("closePrice", sale == null ? null : sale.closePrice());
    AgentJson.listingAgent(j, "agent", sale == null ? null : sale.agent());
    AgentJson.office(j, "office", sale == null ? null : sale.agent().office());
    j.end();
  }

  private static void school(Json j, SchoolDistrict district, Dice d) throws IOException {
    j.start("school");
    j.str("district", d.chance(0.9) ? district.name() : null);
    j.str("elementarySchool", d.chance(0.95) ? d.pick(district.elementary()) : null);
    j.str("middleSchool", d.chance(0.95) ? d.pick(district.middle()) : null);
    j.str("highSchool", d.chance(0.95) ? d.pick(district.high()) : null);
    j.end();
  }

  private static void tax(Json j, ListingPlan p, Dice d) throws IOException {
    boolean taxed = !p.kind().isLease() && d.chance(0.92);
    j.start("tax");
    j.str("id", taxed ? parcel(d, p.place().city().county()) : null);
    j.num("taxYear", taxed ? (d.chance(0.85) ? 2025 : 2024) : null);
    // Texas: about 2.2% of a taxable value somewhat below the price.
    j.num(
        "taxAnnualAmount",
        taxed ? (int) Math.round(p.listPrice() * 0.85 * 0.022 * d.spread(0.15)) : null);
    j.end();
  }

  /** A parcel number in the county appraisal district's style. */
  private static String parcel(Dice d, String county) {
    StringBuilder b = new StringBuilder(13);
    if (county.equals("Harris")) {
      Phones.pad(b, d.below(10_000_000), 7);
    } else {
      b.append('R');
    }
    return Phones.pad(b, d.below(1_000_000), 6).toString();
  }

  private static void association(Json j, Association a) throws IOException {
    j.start("association");
    j.str("name", a == null ? null : a.name());
    j.num("fee", a == null ? null : a.fee());
    j.str("frequency", a == null ? null : a.frequency());
    j.str("amenities", a == null ? null : a.amenities());
    j.end();
  }

  private void compliance(Json j, ListingPlan p, Dice d) throws IOException {
    if (!d.chance(0.25)) {
      j.nul("compliance");
      return;
    }
    Agent agent = p.agent();
    j.start("compliance");
    j.str("courtesyOf", "Listing courtesy of " + agent.office().name());
    j.str("listAgentName", agent.firstName() + " " + agent.lastName());
    j.str("listOfficeName", agent.office().name());
    j.str("listOfficePhone", agent.office().phone());
    j.str("mlsName", vendor.toUpperCase(Locale.ROOT) + " MLS");
    j.end();
  }
}

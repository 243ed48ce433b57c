package io.keybox.generator;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.List;

/**
 * Writes the open houses of an active listing as Open house objects of API.md §5 whose {@code
 * listing} is the reference {@code {"listingId": "..."}} (the indexer joins it and assigns {@code
 * openHouseKey}).
 *
 * <p>Open houses fall on weekend afternoons (Houston time) in the 14 days after the anchor.
 */
final class OpenHouseWriter {
  /** Share of active listings (other than land) that hold open houses. */
  static final double SHARE = 0.11;

  private static final ZoneId HOUSTON = ZoneId.of("America/Chicago");

  /** The weekend days within 14 days after the anchor, computed once. */
  private static final List<LocalDate> WEEKEND_DAYS = weekendDays();

  private static final List<String> DESCRIPTIONS =
      List.of(
          "Come see this beautiful home this weekend!",
          "Open house hosted by the listing agent. Stop by with your questions.",
          "Tour the updated kitchen and the large backyard.",
          "First open house since the price improvement.",
          "Walk through and see the new flooring and fresh paint.",
          "Public open house; no appointment needed.");

  private static final List<String> REFRESHMENTS =
      List.of(
          "Light refreshments", "Cookies and lemonade", "Coffee and pastries", "Snacks and water");

  private OpenHouseWriter() {}

  /** True when an active listing of this kind should hold open houses (draws from {@code d}). */
  static boolean holds(ListingPlan p, Dice d) {
    return p.status() == ListingStatus.ACTIVE && p.kind() != PropertyKind.LND && d.chance(SHARE);
  }

  /** Writes one or two open houses of {@code p}; returns how many. */
  static int write(Json j, ListingPlan p, Dice d) throws IOException {
    int count = d.chance(0.7) ? 1 : 2;
    List<LocalDate> days = d.distinct(WEEKEND_DAYS, count);
    for (int i = 0; i < days.size(); i++) {
      // 12:00 to 15:00 wall-clock time; the anchor's Sunday is the day DST ends, so no plusHours.
      LocalTime local = LocalTime.NOON.plusMinutes(30L * d.between(0, 6));
      Instant startTime = days.get(i).atTime(local).atZone(HOUSTON).toInstant();
      Instant endTime =
          startTime.plus(Duration.ofMinutes(d.chance(0.6) ? 120 : d.chance(0.5) ? 150 : 180));
      j.generator().writeStartObject();
      j.str("openHouseId", "OH" + p.listingId() + "-" + (i + 1));
      j.time("startTime", startTime);
      j.time("endTime", endTime);
      j.str("type", d.chance(0.92) ? "Public" : "Broker");
      j.str("description", d.chance(0.85) ? d.pick(DESCRIPTIONS) : null);
      j.str("refreshments", d.chance(0.5) ? d.pick(REFRESHMENTS) : null);
      j.start("listing");
      j.str("listingId", p.listingId());
      j.end();
      j.end();
      j.generator().writeRaw('\n');
    }
    return days.size();
  }

  private static List<LocalDate> weekendDays() {
    LocalDate first = FeedGenerator.ANCHOR.atZone(HOUSTON).toLocalDate();
    List<LocalDate> days = new java.util.ArrayList<>();
    for (int i = 0; i <= 14; i++) {
      LocalDate day = first.plusDays(i);
      Instant noon = day.atTime(LocalTime.NOON).atZone(HOUSTON).toInstant();
      boolean weekend = day.getDayOfWeek().getValue() >= 6;
      if (weekend
          && noon.isAfter(FeedGenerator.ANCHOR)
          && noon.isBefore(FeedGenerator.ANCHOR.plus(Duration.ofDays(14)))) {
        days.add(day);
      }
    }
    return List.copyOf(days);
  }
}

package io.keybox.indexer.build;

import com.fasterxml.jackson.databind.JsonNode;
import io.keybox.schema.listing.ListingRecord;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/**
 * Which copy of each listing a run keeps when its dump repeats one (the same identity: listingId,
 * or a RESO ListingKey): the one with the latest modification time, of equally new ones (or ones
 * without a time) the later in the dump. Replication output is ordered by modification time, so the
 * later copy of a listing that changed during the export is usually the newer; a dump that is not
 * ordered still keeps the newest. The copies that lose are superseded: counted, not rejected.
 *
 * <p>Use from the pipeline's ordered thread: {@link #offer} each valid record; drop it when the
 * verdict says {@code skip} ({@link #dropped}), else record what was queued for it with {@link
 * #kept} (a copy that turns out to be a reject is neither: the earlier copy stays). NOTE: not
 * thread-safe.
 */
final class LatestCopies {
  /** A record's modification time when it has none: older than any. */
  static final long NO_TIME = Long.MIN_VALUE;

  /**
   * What to do with an offered copy.
   *
   * @param skip an earlier copy is newer: drop this one
   * @param repeat an earlier copy exists (this one or that one is superseded)
   * @param replacesMlsId the mlsId the earlier copy was written under, whose document this copy
   *     replaces; 0 when there is none (no earlier copy, or it wrote nothing)
   * @param replacesUntyped whether that earlier written copy had no property type
   */
  record Verdict(boolean skip, boolean repeat, long replacesMlsId, boolean replacesUntyped) {
    static final Verdict FIRST = new Verdict(false, false, 0, false);
  }

  /** The copy kept so far: its time, the mlsId it was written under (else 0), its type. */
  private record Kept(long modified, long writtenMlsId, boolean typed) {}

  private final Map<String, Kept> kept = new HashMap<>();
  private long superseded;
  private long replacedWrites;
  private long replacedUntyped;

  /**
   * Decides about a copy of {@code identity} modified at {@code modified} (epoch ms); changes
   * nothing.
   */
  Verdict offer(String identity, long modified) {
    Kept earlier = kept.get(identity);
    if (earlier == null) {
      return Verdict.FIRST;
    }
    if (modified < earlier.modified()) {
      return new Verdict(true, true, 0, false);
    }
    return new Verdict(false, true, earlier.writtenMlsId(), !earlier.typed());
  }

  /** Counts a copy dropped on a {@code skip} verdict: an earlier copy is newer. */
  void dropped() {
    superseded++;
  }

  /**
   * Records the copy of {@code identity} the run kept on {@code verdict}: {@code written} is the
   * listing queued for writing (with its mlsId), or null when it removed or wrote nothing.
   */
  void kept(String identity, long modified, ListingRecord written, Verdict verdict) {
    if (verdict.repeat()) {
      superseded++; // the earlier copy
      if (verdict.replacesMlsId() > 0) {
        replacedWrites++;
        replacedUntyped += verdict.replacesUntyped() ? 1 : 0;
      }
    }
    kept.put(
        identity,
        new Kept(
            modified,
            written == null ? 0 : written.mlsId().getAsLong(),
            written == null || hasType(written)));
  }

  /** Copies that another copy of the same listing superseded. */
  long superseded() {
    return superseded;
  }

  /** Written copies a later copy replaced: writes that are no listing of the result. */
  long replacedWrites() {
    return replacedWrites;
  }

  /** Of {@link #replacedWrites}, those without a property type. */
  long replacedUntyped() {
    return replacedUntyped;
  }

  /** The listing's {@code modified} in epoch ms; {@link #NO_TIME} when it has none. */
  static long modified(ListingRecord listing) {
    JsonNode modified = listing.tree().get("modified");
    return modified == null || !modified.isTextual()
        ? NO_TIME
        : Instant.parse(modified.asText()).toEpochMilli();
  }

  /** Whether the listing has a property type; one without is found by no search. */
  static boolean hasType(ListingRecord listing) {
    JsonNode type = listing.tree().path("property").get("type");
    return type != null && type.isTextual() && !type.asText().isBlank();
  }
}

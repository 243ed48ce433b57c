package io.keybox.server.alerts;

import io.keybox.schema.CommitChanges;
import io.keybox.server.error.InvalidRequestException;
import io.keybox.server.index.Snapshot;
import io.keybox.state.alerts.MatchLedger;
import io.keybox.state.alerts.NewDelivery;
import io.keybox.state.alerts.Remembered;
import io.keybox.state.alerts.SavedSearch;
import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.LongStream;

/**
 * Matches one vendor commit against the vendor's enabled saved searches (issue 35, point 2) and
 * records the outcome in the {@link MatchLedger}: only the listings the commit changed are looked
 * at (its {@link CommitChanges}), each search's query is the one {@code /properties} runs for it
 * (IDX rule included), run over a small in-memory index of just those listings ({@link
 * ChangedListingsIndex}), and each changed listing is compared with what the search last reported.
 *
 * <p>When the commit's changes are relative to another commit than the one matched last (the server
 * was down across several commits, or the index was replaced), every listing of the commit, and
 * every listing the searches remember, is looked at instead: slower, never wrong.
 */
public final class CommitMatcher {
  private static final Logger LOG = System.getLogger(CommitMatcher.class.getName());

  /**
   * Delivery bodies held before they are written: a commit's deliveries may be far larger than the
   * heap, so they are written a batch of whole searches at a time.
   */
  private static final long BATCH_BYTES = 16L << 20;

  /** Memory changes held before they are written. */
  private static final int BATCH_CHANGES = 50_000;

  private final MatchLedger ledger;
  private final DeliveryPayload payload;

  public CommitMatcher(MatchLedger ledger, DeliveryPayload payload) {
    this.ledger = ledger;
    this.payload = payload;
  }

  /** What one matching did: the listings looked at, and the deliveries made. */
  public record Outcome(long generation, int candidates, int deliveries, boolean matched) {}

  /**
   * Matches {@code snapshot} (leased by the caller) against {@code searches} (the vendor's enabled
   * searches whose keys may still read it), unless the ledger has matched it already. The vendor's
   * first snapshot only sets the cursor: there is nothing it changed.
   *
   * @throws IOException from the index
   */
  public Outcome match(Snapshot snapshot, List<SavedSearch> searches) throws IOException {
    String vendor = snapshot.vendor();
    long generation = snapshot.generation();
    OptionalLong cursor = ledger.cursor(vendor);
    if (cursor.isPresent() && cursor.getAsLong() == generation) {
      return new Outcome(generation, 0, 0, false);
    }
    if (cursor.isEmpty()) {
      ledger.matched(vendor, generation);
      return new Outcome(generation, 0, 0, true);
    }
    Optional<CommitChanges> changes =
        CommitChanges.fromUserData(snapshot.reader().getIndexCommit().getUserData());
    boolean follows = changes.isPresent() && changes.get().since() == cursor.getAsLong();
    try (ChangedListingsIndex present =
        follows
            ? ChangedListingsIndex.of(snapshot, changes.get().mlsIds())
            : everything(snapshot)) {
      long[] candidates =
          follows
              ? changes.get().mlsIds()
              : LongStream.concat(
                      Arrays.stream(present.mlsIds()), Arrays.stream(ledger.rememberedIds(vendor)))
                  .sorted()
                  .distinct()
                  .toArray();
      Map<String, Map<Long, Remembered>> remembered = ledger.remembered(vendor, candidates);
      return match(snapshot, searches, candidates.length, present, remembered);
    }
  }

  private Outcome match(
      Snapshot snapshot,
      List<SavedSearch> searches,
      int candidates,
      ChangedListingsIndex present,
      Map<String, Map<Long, Remembered>> remembered)
      throws IOException {
    ListingJson listings = new ListingJson(snapshot.searcher().storedFields());
    List<MatchLedger.Change> memory = new ArrayList<>();
    List<NewDelivery> deliveries = new ArrayList<>();
    long pendingBytes = 0;
    int delivered = 0;
    for (SavedSearch search : searches) {
      SearchQuery query;
      try {
        query = SearchQuery.parse(search.query());
      } catch (InvalidRequestException e) {
        // Stored valid; a later Keybox may read a parameter differently. Say so, skip it.
        LOG.log(
            Level.WARNING,
            "saved search {0}: its query no longer parses ({1}); skipped",
            search.id(),
            e.getMessage());
        continue;
      }
      List<ListingChange> changed =
          changes(present, query, remembered.getOrDefault(search.id(), Map.of()), search, memory);
      for (NewDelivery delivery : payload.deliveries(snapshot, search, query, changed, listings)) {
        deliveries.add(delivery);
        pendingBytes += delivery.body().length;
      }
      if (pendingBytes >= BATCH_BYTES || memory.size() >= BATCH_CHANGES) {
        // Whole searches at a time: each one's memory with its deliveries.
        ledger.record(memory, deliveries);
        delivered += deliveries.size();
        memory.clear();
        deliveries.clear();
        pendingBytes = 0;
      }
    }
    ledger.record(memory, deliveries);
    delivered += deliveries.size();
    ledger.matched(snapshot.vendor(), snapshot.generation());
    return new Outcome(snapshot.generation(), candidates, delivered, true);
  }

  private List<ListingChange> changes(
      ChangedListingsIndex present,
      SearchQuery query,
      Map<Long, Remembered> remembered,
      SavedSearch search,
      List<MatchLedger.Change> memory)
      throws IOException {
    List<ListingChange> changes = new ArrayList<>();
    Map<Long, Integer> matching = present.matching(query.luceneQuery());
    for (Map.Entry<Long, Integer> hit : matching.entrySet()) {
      long mlsId = hit.getKey();
      Remembered now = present.facts(mlsId, hit.getValue());
      Optional<Remembered> before = Optional.ofNullable(remembered.get(mlsId));
      Set<AlertEvent> events = ListingChange.whileMatching(before, now);
      if (!before.equals(Optional.of(now))) {
        memory.add(MatchLedger.Change.remember(search.id(), now));
      }
      events.removeIf(Predicate.not(e -> search.reports(e.wireName())));
      if (!events.isEmpty()) {
        changes.add(new ListingChange(mlsId, events, before, Optional.of(now), hit.getValue()));
      }
    }
    for (Remembered was : remembered.values()) {
      if (matching.containsKey(was.mlsId())) {
        continue;
      }
      // It matched before and no longer does: a status change (or a delete) is news; a listing
      // that left for another reason (a price over the limit, an IDX opt-out) leaves quietly.
      memory.add(MatchLedger.Change.forget(search.id(), was.mlsId()));
      Integer doc = present.doc(was.mlsId());
      Optional<Remembered> now =
          doc == null ? Optional.empty() : Optional.of(present.facts(was.mlsId(), doc));
      boolean statusChanged = now.map(n -> !n.status().equals(was.status())).orElse(true);
      if (statusChanged && search.reports(AlertEvent.STATUS.wireName())) {
        changes.add(
            new ListingChange(
                was.mlsId(),
                Set.of(AlertEvent.STATUS),
                Optional.of(was),
                now,
                doc == null ? -1 : doc));
      }
    }
    changes.sort((a, b) -> Long.compare(a.mlsId(), b.mlsId()));
    return changes;
  }

  /**
   * Every listing of the snapshot, each search run over the snapshot itself; the caller adds every
   * listing the vendor's searches remember.
   */
  private static ChangedListingsIndex everything(Snapshot snapshot) throws IOException {
    LOG.log(
        Level.INFO,
        "vendor {0}: generation {1} does not follow the one matched last; every listing is"
            + " looked at",
        snapshot.vendor(),
        snapshot.generation());
    return ChangedListingsIndex.all(snapshot);
  }
}

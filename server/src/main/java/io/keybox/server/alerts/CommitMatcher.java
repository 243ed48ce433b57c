package io.keybox.server.alerts;

import io.keybox.schema.CommitChanges;
import io.keybox.server.index.Snapshot;
import io.keybox.state.alerts.MatchLedger;
import io.keybox.state.alerts.NewDelivery;
import io.keybox.state.alerts.Remembered;
import io.keybox.state.alerts.SavedSearch;
import io.keybox.state.alerts.SharedListing;
import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.LongStream;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.search.Query;

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

  /**
   * Listings a part of the searches may deliver in all (searches times listings looked at): what
   * sets how many searches one part runs, so that the parts in flight (two per thread) hold bounded
   * delivery bodies however large the commit and however many listings each search matches.
   */
  private static final int PART_LISTINGS = 10_000;

  /** The most searches one part runs: enough that handing a part over costs next to nothing. */
  private static final int PART_SEARCHES = 64;

  private final MatchLedger ledger;
  private final DeliveryPayload payload;
  private final SearchQueries queries = new SearchQueries();

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
    try (MatchingThreads threads = MatchingThreads.perCore();
        ChangedListingsIndex present =
            follows
                ? ChangedListingsIndex.of(snapshot, changes.get().mlsIds(), threads)
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
      return match(snapshot, searches, candidates.length, present, remembered, threads);
    }
  }

  /**
   * One search's outcome for the commit.
   *
   * @param search the search
   * @param refusal why its query no longer parses, when it does not (then it did nothing)
   * @param deliveries its deliveries, and the listings they carry
   * @param memory what it remembers anew
   */
  private record Matched(
      SavedSearch search,
      Optional<String> refusal,
      DeliveryPayload.Made deliveries,
      List<MatchLedger.Change> memory) {}

  /**
   * What every search of one matching is met with.
   *
   * @param snapshot the commit
   * @param present its changed listings
   * @param remembered each search's memory of them, by search id
   * @param listings their JSON, shared by the threads
   */
  private record Commit(
      Snapshot snapshot,
      ChangedListingsIndex present,
      Map<String, Map<Long, Remembered>> remembered,
      ListingJson listings) {}

  /**
   * Runs the searches over {@code present} and writes their delivery bodies on {@code threads}, a
   * part of consecutive searches at a time, while this thread records each part's outcome, part
   * after part in the searches' order: the outbox receives what one thread would have written, in
   * the same order.
   */
  private Outcome match(
      Snapshot snapshot,
      List<SavedSearch> searches,
      int candidates,
      ChangedListingsIndex present,
      Map<String, Map<Long, Remembered>> remembered,
      MatchingThreads threads)
      throws IOException {
    Commit commit = new Commit(snapshot, present, remembered, new ListingJson(snapshot.searcher()));
    Recorder recorder = new Recorder();
    int partSize = Math.clamp(PART_LISTINGS / Math.max(1, candidates), 1, PART_SEARCHES);
    threads.inOrder(
        (searches.size() + partSize - 1) / partSize,
        part ->
            () ->
                matchAll(
                    searches.subList(
                        part * partSize, Math.min(searches.size(), (part + 1) * partSize)),
                    commit),
        matched -> {
          for (Matched search : matched) {
            recorder.add(search);
          }
        });
    recorder.flush();
    ledger.matched(snapshot.vendor(), snapshot.generation());
    return new Outcome(snapshot.generation(), candidates, recorder.delivered, true);
  }

  /**
   * Writes the searches' deliveries and memory, a batch of whole searches at a time (each one's
   * memory with its deliveries), and each listing the deliveries carry once in the matching, with
   * the first batch that carries it.
   */
  private final class Recorder {
    private final List<MatchLedger.Change> memory = new ArrayList<>();
    private final List<NewDelivery> deliveries = new ArrayList<>();
    private final List<SharedListing> listings = new ArrayList<>();
    private final Set<String> listingsRecorded = new HashSet<>();
    private long pendingBytes;
    private int delivered;

    void add(Matched matched) {
      if (matched.refusal().isPresent()) {
        // Stored valid; a later Keybox may read a parameter differently. Say so, skip it.
        LOG.log(
            Level.WARNING,
            "saved search {0}: its query no longer parses ({1}); skipped",
            matched.search().id(),
            matched.refusal().get());
        return;
      }
      memory.addAll(matched.memory());
      for (NewDelivery delivery : matched.deliveries().deliveries()) {
        deliveries.add(delivery);
        pendingBytes += delivery.body().length;
      }
      for (SharedListing listing : matched.deliveries().listings().values()) {
        if (listingsRecorded.add(listing.key())) {
          listings.add(listing);
          pendingBytes += listing.json().length;
        }
      }
      if (pendingBytes >= BATCH_BYTES || memory.size() >= BATCH_CHANGES) {
        flush();
      }
    }

    void flush() {
      ledger.record(memory, deliveries, listings);
      delivered += deliveries.size();
      memory.clear();
      deliveries.clear();
      listings.clear();
      pendingBytes = 0;
    }
  }

  /** Runs {@code part} of the searches and writes their deliveries, on the calling thread. */
  private List<Matched> matchAll(List<SavedSearch> part, Commit commit) throws IOException {
    StoredFields stored = commit.present().storedFields();
    ListingJson listings = commit.listings().forThread();
    List<Matched> matched = new ArrayList<>(part.size());
    for (SavedSearch search : part) {
      List<MatchLedger.Change> memory = new ArrayList<>();
      switch (queries.of(search.query())) {
        case SearchQueries.Parsed parsed -> {
          List<ListingChange> changes =
              changes(
                  commit.present(),
                  stored,
                  search.query(),
                  parsed.lucene(),
                  commit.remembered().getOrDefault(search.id(), Map.of()),
                  search,
                  memory);
          matched.add(
              new Matched(
                  search,
                  Optional.empty(),
                  payload.deliveries(commit.snapshot(), search, parsed.query(), changes, listings),
                  memory));
        }
        case SearchQueries.Refused refused ->
            matched.add(
                new Matched(
                    search,
                    Optional.of(refused.reason()),
                    new DeliveryPayload.Made(List.of(), Map.of()),
                    memory));
      }
    }
    return matched;
  }

  private List<ListingChange> changes(
      ChangedListingsIndex present,
      StoredFields stored,
      String queryText,
      Query query,
      Map<Long, Remembered> remembered,
      SavedSearch search,
      List<MatchLedger.Change> memory)
      throws IOException {
    List<ListingChange> changes = new ArrayList<>();
    Map<Long, Integer> matching = present.matching(queryText, query);
    for (Map.Entry<Long, Integer> hit : matching.entrySet()) {
      long mlsId = hit.getKey();
      Remembered now = present.facts(mlsId, hit.getValue(), stored);
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
          doc == null ? Optional.empty() : Optional.of(present.facts(was.mlsId(), doc, stored));
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

package io.keybox.state.alerts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.keybox.state.StateStore;
import io.keybox.state.StateStoreException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The outbox and the match ledger on a real SQLite file. */
class OutboxTest {
  private static final Clock CLOCK =
      Clock.fixed(Instant.parse("2026-11-28T06:00:00Z"), ZoneOffset.UTC);

  @Test
  void aSearchIsDisabledAfterItsLimitOfDeliveriesFailedInARowAndASuccessResetsTheCount(
      @TempDir Path dir) {
    try (StateStore store = StateStore.open(dir)) {
      SavedSearches searches = new SavedSearches(store, CLOCK);
      Outbox outbox = new Outbox(store, CLOCK);
      MatchLedger ledger = new MatchLedger(store, CLOCK);
      createSearch(searches, "cities=Katy");
      List<NewDelivery> five =
          List.of(delivery("m1"), delivery("m2"), delivery("m3"), delivery("m4"), delivery("m5"));
      ledger.record(List.of(), five, List.of());
      ledger.matched("v", 2);
      assertEquals(OptionalLong.of(2), ledger.cursor("v"));
      assertEquals(5, outbox.due(CLOCK.instant(), 100).size());
      // One success among failures resets the run.
      outbox.failed(outbox.find("m1").orElseThrow(), OptionalInt.of(500), "500", false, "r", 3);
      outbox.failed(outbox.find("m2").orElseThrow(), OptionalInt.of(500), "500", false, "r", 3);
      outbox.delivered(outbox.find("m3").orElseThrow(), 200);
      assertEquals(0, searches.find("ss_1").orElseThrow().failedInRow());
      assertFalse(
          outbox.failed(outbox.find("m4").orElseThrow(), OptionalInt.empty(), "e", false, "r", 3));
      assertTrue(searches.find("ss_1").orElseThrow().enabled());
      outbox.retry(
          outbox.find("m5").orElseThrow(), OptionalInt.of(503), "503", Duration.ofMinutes(5));
      assertEquals(List.of(), outbox.due(CLOCK.instant(), 100));
      assertEquals(Optional.of(CLOCK.instant().plus(Duration.ofMinutes(5))), outbox.nextDue());
      assertEquals(Map.of("pending", 1L, "delivered", 1L, "failed", 3L), outbox.countsByState());
      Delivery retried = outbox.find("m5").orElseThrow();
      assertEquals(1, retried.attempts());
      assertEquals("hello", new String(retried.body(), StandardCharsets.UTF_8));
    }
  }

  @Test
  void theLedgerRemembersPerSearchAndForgetsWithTheSearch(@TempDir Path dir) {
    try (StateStore store = StateStore.open(dir)) {
      SavedSearches searches = new SavedSearches(store, CLOCK);
      MatchLedger ledger = new MatchLedger(store, CLOCK);
      createSearch(searches, "");
      Remembered seen = new Remembered(7, OptionalDouble.of(250_000), "Active", Set.of(3L, 1L));
      ledger.record(List.of(MatchLedger.Change.remember("ss_1", seen)), List.of(), List.of());
      ledger.matched("v", 5);
      assertEquals(Map.of("ss_1", Map.of(7L, seen)), ledger.remembered("v", new long[] {7, 8}));
      assertEquals(Map.of(), ledger.remembered("other", new long[] {7}));
      assertTrue(searches.delete("alice", "ss_1"));
      assertEquals(Map.of(), ledger.remembered("v", new long[] {7}));
      // A change for a search deleted meanwhile is dropped, not an error.
      ledger.record(
          List.of(MatchLedger.Change.remember("ss_1", seen)), List.of(delivery("m9")), List.of());
      ledger.matched("v", 6);
      assertEquals(OptionalLong.of(6), ledger.cursor("v"));
      assertEquals(Optional.empty(), new Outbox(store, CLOCK).find("m9"));
    }
  }

  @Test
  void aListingSharedByDeliveriesIsKeptOnceFilledIntoEachBodyAndRemovedAfterItsCommit(
      @TempDir Path dir) throws Exception {
    try (StateStore store = StateStore.open(dir)) {
      SavedSearches searches = new SavedSearches(store, CLOCK);
      Outbox outbox = new Outbox(store, CLOCK);
      MatchLedger ledger = new MatchLedger(store, CLOCK);
      createSearch(searches, "cities=Katy");
      // Bodies [A] and [A,B] less their listings: each slot is where a listing's bytes go.
      NewDelivery one =
          new NewDelivery(
              "m1", "ss_1", "v", 2, 1, bytes("[]"), List.of(new NewDelivery.Slot(1, "7")));
      NewDelivery two =
          new NewDelivery(
              "m2",
              "ss_1",
              "v",
              2,
              2,
              bytes("[,]"),
              List.of(new NewDelivery.Slot(1, "7"), new NewDelivery.Slot(2, "8-rc")));
      ledger.record(List.of(), List.of(one), List.of(shared(2, "7", "{\"a\":1}")));
      // A later batch of the same matching names 7 again: the one kept is the first.
      ledger.record(
          List.of(),
          List.of(two),
          List.of(shared(2, "7", "{\"a\":99}"), shared(2, "8-rc", "{\"b\":2}")));
      assertEquals("[{\"a\":1}]", text(outbox.find("m1").orElseThrow().body()));
      assertEquals(
          List.of("[{\"a\":1}]", "[{\"a\":1},{\"b\":2}]"),
          outbox.due(CLOCK.instant(), 10).stream().map(d -> text(d.body())).toList());
      assertEquals(2, sharedRows(dir));
      ledger.matched("v", 2);
      assertEquals(2, sharedRows(dir), "kept while a delivery of the commit is pending");
      outbox.delivered(outbox.find("m1").orElseThrow(), 200);
      assertEquals("", text(outbox.find("m1").orElseThrow().body()), "done: found without body");
      ledger.matched("v", 2);
      assertEquals(2, sharedRows(dir), "m2 is still pending");
      outbox.failed(outbox.find("m2").orElseThrow(), OptionalInt.of(500), "500", false, "r", 9);
      // The list of deliveries carries no bodies: the listings are gone after the next matching.
      assertEquals(
          List.of("", ""), outbox.recent("ss_1", 0, 10).stream().map(d -> text(d.body())).toList());
      ledger.matched("v", 3);
      assertEquals(0, sharedRows(dir));
    }
  }

  @Test
  void aDeliveryWhoseListingIsMissingIsAnErrorNamingBoth(@TempDir Path dir) {
    try (StateStore store = StateStore.open(dir)) {
      createSearch(new SavedSearches(store, CLOCK), "");
      new MatchLedger(store, CLOCK)
          .record(
              List.of(),
              List.of(
                  new NewDelivery(
                      "m1", "ss_1", "v", 2, 1, bytes("[]"), List.of(new NewDelivery.Slot(1, "9")))),
              List.of());
      StateStoreException e =
          assertThrows(StateStoreException.class, () -> new Outbox(store, CLOCK).find("m1"));
      assertEquals(
          "state store "
              + dir.resolve(StateStore.FILE)
              + ": cannot read (delivery m1: the listing 9 of v generation 2 it carries is not in"
              + " the outbox)",
          e.getMessage());
    }
  }

  private static SharedListing shared(long generation, String key, String json) {
    return new SharedListing("v", generation, key, bytes(json));
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  private static String text(byte[] bytes) {
    return new String(bytes, StandardCharsets.UTF_8);
  }

  /** The shared listings the file holds, read by a connection of the test's own. */
  private static int sharedRows(Path dir) throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve(StateStore.FILE));
        ResultSet row = c.createStatement().executeQuery("SELECT count(*) FROM delivery_listing")) {
      return row.getInt(1);
    }
  }

  /** Saves alice's search {@code ss_1} over vendor {@code v} (a key may hold up to 10). */
  private static void createSearch(SavedSearches searches, String query) {
    searches
        .create(
            "ss_1",
            "alice",
            "v",
            "n",
            query,
            "https://x.example/h",
            List.of("new"),
            "whsec_AAAA",
            10)
        .orElseThrow();
  }

  private static NewDelivery delivery(String id) {
    return new NewDelivery(
        id, "ss_1", "v", 2, 1, "hello".getBytes(StandardCharsets.UTF_8), List.of());
  }
}

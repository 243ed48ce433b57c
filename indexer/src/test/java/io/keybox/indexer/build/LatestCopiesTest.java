package io.keybox.indexer.build;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.schema.listing.ListingRecord;
import org.junit.jupiter.api.Test;

class LatestCopiesTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static ListingRecord written(long mlsId, boolean typed) throws Exception {
    String type = typed ? ",\"property\":{\"type\":\"RES\"}" : "";
    return ListingRecord.parse(
            JSON.readTree(
                "{\"listingId\":\"A\",\"modified\":\"2026-10-20T10:00:00Z\"" + type + "}"))
        .withMlsId(mlsId);
  }

  @Test
  void theNewestCopyWinsTiesGoToTheLaterAndARejectedCopyCountsForNothing() throws Exception {
    LatestCopies copies = new LatestCopies();
    LatestCopies.Verdict first = copies.offer("A", 100);
    assertEquals(LatestCopies.Verdict.FIRST, first);
    copies.kept("A", 100, written(7, false), first);

    assertEquals(new LatestCopies.Verdict(true, true, 0, false), copies.offer("A", 99));
    copies.dropped();

    // A copy as new as the kept one replaces it; offering alone changes nothing.
    LatestCopies.Verdict tie = copies.offer("A", 100);
    assertEquals(new LatestCopies.Verdict(false, true, 7, true), tie);
    assertEquals(1, copies.superseded());
    copies.kept("A", 100, written(7, true), tie);
    assertEquals(2, copies.superseded());
    assertEquals(1, copies.replacedWrites());
    assertEquals(1, copies.replacedUntyped());

    // Copies without a time are older than any with one.
    assertEquals(
        new LatestCopies.Verdict(true, true, 0, false), copies.offer("A", LatestCopies.NO_TIME));
    assertEquals(LatestCopies.Verdict.FIRST, copies.offer("B", LatestCopies.NO_TIME));
  }

  @Test
  void aCopyThatRemovedNothingIsReplacedWithoutADelete() {
    LatestCopies copies = new LatestCopies();
    copies.kept("A", 5, null, copies.offer("A", 5));
    assertEquals(new LatestCopies.Verdict(false, true, 0, false), copies.offer("A", 6));
  }
}

package io.keybox.server.index;

import static io.keybox.server.index.TestVendors.NEVER;
import static io.keybox.server.index.TestVendors.listings;
import static io.keybox.server.index.TestVendors.statuses;
import static io.keybox.server.index.TestVendors.vendors;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.indexer.build.VendorIndexBuilder;
import io.keybox.indexer.build.VendorLayout;
import io.keybox.indexer.feed.FeedFormat;
import io.keybox.schema.RecordKind;
import io.keybox.server.error.IndexUnavailableException;
import io.keybox.server.search.exec.ListingOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Each vendor is refreshed on its own: a vendor whose folder is removed, or whose index is rebuilt
 * from scratch under the open reader, never stops the others from getting their new commits. The
 * warmers run on each snapshot once it is served: at once after a swap, after the start for the
 * snapshots a server opens at its start.
 */
class IndexRefresherTest {
  @RegisterExtension final TestVendors vendors = new TestVendors();

  @Test
  void aRemovedVendorIsNoLongerServedAndTheOthersStillRefresh() throws IOException {
    vendors.index("alpha", 3);
    vendors.index("beta", 2);
    try (VendorIndexes indexes = vendors.served()) {
      assertEquals(3, listings(indexes, "alpha"));
      vendors.removeFolder("alpha");
      vendors.index("beta", 5);
      indexes.refresh();
      assertEquals(5, listings(indexes, "beta"));
      assertThrows(IndexUnavailableException.class, () -> indexes.lease("alpha"));
      assertEquals(List.of("beta"), vendors(indexes.status(Set.of())));

      // Indexed again: served again, from its new index.
      vendors.index("alpha", 4);
      indexes.refresh();
      assertEquals(4, listings(indexes, "alpha"));
    }
  }

  @Test
  void aVendorRebuiltFromScratchUnderTheOpenReaderIsReopened() throws IOException {
    vendors.index("alpha", 3);
    vendors.index("beta", 2);
    try (VendorIndexes indexes = vendors.served()) {
      try (Lease before = indexes.lease("alpha")) {
        // Removed and rebuilt between two refreshes: the new segment _0 is not the old _0.
        vendors.removeFolder("alpha");
        vendors.index("alpha", 6);
        vendors.index("beta", 7);
        indexes.refresh();
        assertEquals(6, listings(indexes, "alpha"));
        assertEquals(7, listings(indexes, "beta"));
        assertEquals(3, before.snapshot().count(RecordKind.LISTING), "a lease keeps its snapshot");
      }
    }
  }

  @Test
  void aVendorRebuiltWithMoreCommitsThanItHadIsReopened() throws IOException {
    vendors.index("alpha", 3);
    try (VendorIndexes indexes = vendors.served()) {
      assertEquals(3, listings(indexes, "alpha"));
      // The new index's first segment has the old one's name but not its id, and its commit a
      // newer version: Lucene refuses to reopen the old reader over it, so it is opened afresh.
      vendors.removeFolder("alpha");
      vendors.index("alpha", 6);
      Path more = vendors.dataDir().resolveSibling("more.ndjson");
      Files.writeString(more, "{\"listingId\":\"alpha-7\",\"mls\":{\"status\":\"Active\"}}\n");
      new VendorIndexBuilder(new ObjectMapper(), Clock.systemUTC(), 1)
          .update(new VendorLayout(vendors.dataDir(), "alpha"), more, FeedFormat.NATIVE);
      indexes.refresh();
      assertEquals(7, listings(indexes, "alpha"));
    }
  }

  @Test
  void theOptionsValuesAreComputedInTheBackgroundOnceASnapshotIsServed() throws Exception {
    vendors.index("alpha", 3, "Active");
    try (VendorIndexes indexes = vendors.servedWarmed(0)) {
      awaitOptionsComputed(indexes, "alpha"); // at the start, nobody asking
      vendors.index("alpha", 2, "Pending");
      indexes.refresh();
      awaitOptionsComputed(indexes, "alpha"); // after the swap, nobody asking
      try (Lease lease = indexes.lease("alpha")) {
        assertEquals(List.of("Pending"), statuses(lease));
      }
    }
  }

  @Test
  void theOptionsValuesOfTheFirstSnapshotsWaitForTheStartThoseOfASwapDoNot() throws Exception {
    vendors.index("alpha", 3, "Active");
    try (VendorIndexes indexes = vendors.servedWarmed(NEVER)) {
      BlockingQueue<String> warmed = new LinkedBlockingQueue<>();
      indexes.warmUp(snapshot -> warmed.add(snapshot.vendor()));
      // A vendor found later is warmed at once on the refresh thread, which runs its tasks in
      // order: had alpha's warm-up been due at the start, it would have run before beta's.
      vendors.index("beta", 1, "Active");
      indexes.refresh();
      assertEquals("beta", warmed.poll(10, TimeUnit.SECONDS));
      assertEquals(List.of(), List.copyOf(warmed));
      try (Lease lease = indexes.lease("alpha")) {
        assertFalse(lease.snapshot().derivedValues().computed(ListingOptions.OF_SNAPSHOT));
        assertEquals(List.of("Active"), statuses(lease)); // asked for: computed then
      }
      vendors.index("alpha", 2, "Pending");
      indexes.refresh();
      awaitOptionsComputed(indexes, "alpha"); // after the swap, nobody asking
    }
  }

  @Test
  void aVendorFoundLaterIsWarmedAtOnce() throws Exception {
    vendors.index("alpha", 3, "Active");
    try (VendorIndexes indexes = vendors.servedWarmed(NEVER)) {
      vendors.index("beta", 2, "Pending");
      indexes.refresh();
      awaitOptionsComputed(indexes, "beta"); // found after the start, nobody asking
    }
  }

  private static void awaitOptionsComputed(VendorIndexes indexes, String vendor)
      throws InterruptedException {
    long deadline = System.nanoTime() + 10_000_000_000L;
    while (true) {
      try (Lease lease = indexes.lease(vendor)) {
        if (lease.snapshot().derivedValues().computed(ListingOptions.OF_SNAPSHOT)) {
          return;
        }
      }
      if (System.nanoTime() > deadline) {
        throw new AssertionError("the OPTIONS values of " + vendor + " were not computed in 10 s");
      }
      Thread.sleep(5);
    }
  }
}

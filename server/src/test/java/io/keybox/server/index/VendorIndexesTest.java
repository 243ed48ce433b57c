package io.keybox.server.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.indexer.build.VendorIndexBuilder;
import io.keybox.indexer.build.VendorLayout;
import io.keybox.indexer.feed.FeedFormat;
import io.keybox.schema.RecordKind;
import io.keybox.schema.listing.ListingDim;
import io.keybox.server.error.IndexUnavailableException;
import io.keybox.server.search.exec.ListingOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.MessageFormat;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.stream.Stream;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each vendor is refreshed on its own: a vendor whose folder is removed, or whose index is rebuilt
 * from scratch under the open reader, never stops the others from getting their new commits.
 */
class VendorIndexesTest {
  /** Refreshed by hand in these tests: the background refresh waits an hour. */
  private static final long NEVER = 3_600_000;

  @TempDir Path dataDir;

  private void index(String vendor, int listings) throws IOException {
    index(vendor, listings, "Active");
  }

  private void index(String vendor, int listings, String status) throws IOException {
    List<String> lines = new ArrayList<>();
    for (int i = 1; i <= listings; i++) {
      lines.add(
          "{\"listingId\":\"" + vendor + "-" + i + "\",\"mls\":{\"status\":\"" + status + "\"}}");
    }
    Path dump = dataDir.resolveSibling(dataDir.getFileName() + "-" + vendor + ".ndjson");
    Files.write(dump, lines);
    new VendorIndexBuilder(new ObjectMapper(), Clock.systemUTC(), 1)
        .rebuild(new VendorLayout(dataDir, vendor), dump, true);
  }

  private static long listings(VendorIndexes indexes, String vendor) throws IOException {
    try (Lease lease = indexes.lease(vendor)) {
      return lease.snapshot().count(RecordKind.LISTING);
    }
  }

  private void removeFolder(String vendor) throws IOException {
    try (Stream<Path> files = Files.walk(dataDir.resolve(vendor))) {
      for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(file);
      }
    }
  }

  @Test
  void aRemovedVendorIsNoLongerServedAndTheOthersStillRefresh() throws IOException {
    index("alpha", 3);
    index("beta", 2);
    try (VendorIndexes indexes = new VendorIndexes(dataDir, NEVER)) {
      assertEquals(3, listings(indexes, "alpha"));
      removeFolder("alpha");
      index("beta", 5);
      indexes.refresh();
      assertEquals(5, listings(indexes, "beta"));
      assertThrows(IndexUnavailableException.class, () -> indexes.lease("alpha"));
      assertEquals(List.of("beta"), vendors(indexes.status(Set.of())));

      // Indexed again: served again, from its new index.
      index("alpha", 4);
      indexes.refresh();
      assertEquals(4, listings(indexes, "alpha"));
    }
  }

  @Test
  void aVendorRebuiltFromScratchUnderTheOpenReaderIsReopened() throws IOException {
    index("alpha", 3);
    index("beta", 2);
    try (VendorIndexes indexes = new VendorIndexes(dataDir, NEVER)) {
      try (Lease before = indexes.lease("alpha")) {
        // Removed and rebuilt between two refreshes: the new segment _0 is not the old _0.
        removeFolder("alpha");
        index("alpha", 6);
        index("beta", 7);
        indexes.refresh();
        assertEquals(6, listings(indexes, "alpha"));
        assertEquals(7, listings(indexes, "beta"));
        assertEquals(3, before.snapshot().count(RecordKind.LISTING), "a lease keeps its snapshot");
      }
    }
  }

  @Test
  void aVendorRebuiltWithMoreCommitsThanItHadIsReopened() throws IOException {
    index("alpha", 3);
    try (VendorIndexes indexes = new VendorIndexes(dataDir, NEVER)) {
      assertEquals(3, listings(indexes, "alpha"));
      // The new index's first segment has the old one's name but not its id, and its commit a
      // newer version: Lucene refuses to reopen the old reader over it, so it is opened afresh.
      removeFolder("alpha");
      index("alpha", 6);
      Path more = dataDir.resolveSibling(dataDir.getFileName() + "-more.ndjson");
      Files.writeString(more, "{\"listingId\":\"alpha-7\",\"mls\":{\"status\":\"Active\"}}\n");
      new VendorIndexBuilder(new ObjectMapper(), Clock.systemUTC(), 1)
          .update(new VendorLayout(dataDir, "alpha"), more, FeedFormat.NATIVE);
      indexes.refresh();
      assertEquals(7, listings(indexes, "alpha"));
    }
  }

  @Test
  void eachSwapToANewCommitIsLogged() throws IOException {
    List<String> messages = new ArrayList<>();
    Logger logger = Logger.getLogger(VendorIndexes.class.getName());
    Handler capture =
        new Handler() {
          @Override
          public void publish(LogRecord record) {
            messages.add(MessageFormat.format(record.getMessage(), record.getParameters()));
          }

          @Override
          public void flush() {}

          @Override
          public void close() {}
        };
    logger.addHandler(capture);
    try {
      index("alpha", 3);
      try (VendorIndexes indexes = new VendorIndexes(dataDir, NEVER)) {
        index("alpha", 4);
        indexes.refresh();
        indexes.refresh(); // no new commit: nothing to say
        index("alpha", 5);
        indexes.refresh();
      }
    } finally {
      logger.removeHandler(capture);
    }
    assertEquals(
        List.of(
            "vendor alpha: serving index generation 1",
            "vendor alpha: swapped to index generation 2",
            "vendor alpha: swapped to index generation 3"),
        messages);
  }

  @Test
  void aFolderWithoutACommitIsListedOnlyWhenAKeyNamesIt() throws IOException {
    index("beta", 2);
    // What a first run that failed leaves behind: the folder and the writer's lock file.
    Files.createDirectories(dataDir.resolve("gamma").resolve("index"));
    Files.createFile(dataDir.resolve("gamma").resolve("index").resolve("write.lock"));
    try (VendorIndexes indexes = new VendorIndexes(dataDir, NEVER)) {
      indexes.refresh();
      assertEquals(List.of("beta"), vendors(indexes.status(Set.of())));
      List<VendorStatus> named = indexes.status(Set.of("gamma"));
      assertEquals(List.of("beta", "gamma"), vendors(named));
      assertEquals(List.of(true, false), named.stream().map(VendorStatus::ready).toList());
    }
  }

  @Test
  void aFolderWhoseNameIsNoVendorNameIsNotServed() throws IOException {
    index("beta", 2);
    // A copy put aside while serving: a whole index, but "beta.bak" names no vendor.
    try (Stream<Path> files = Files.walk(dataDir.resolve("beta"))) {
      for (Path file : files.toList()) {
        Files.copy(
            file, dataDir.resolve("beta.bak").resolve(dataDir.resolve("beta").relativize(file)));
      }
    }
    try (VendorIndexes indexes = new VendorIndexes(dataDir, NEVER)) {
      indexes.refresh();
      assertEquals(List.of("beta"), vendors(indexes.status(Set.of())));
      assertThrows(IndexUnavailableException.class, () -> indexes.lease("beta.bak"));
    }
  }

  @Test
  void eachSnapshotListsTheOptionsValuesOfItsOwnCommit() throws Exception {
    index("alpha", 3, "Active");
    try (VendorIndexes indexes = new VendorIndexes(dataDir, NEVER)) {
      try (Lease before = indexes.lease("alpha")) {
        index("alpha", 2, "Pending");
        indexes.refresh();
        assertEquals(List.of("Active"), statuses(before), "a lease keeps its snapshot's values");
      }
      try (Lease after = indexes.lease("alpha")) {
        assertEquals(List.of("Pending"), statuses(after));
      }
    }
  }

  @Test
  void theOptionsValuesAreComputedInTheBackgroundOnceASnapshotIsServed() throws Exception {
    index("alpha", 3, "Active");
    try (VendorIndexes indexes = new VendorIndexes(dataDir, NEVER, 0)) {
      awaitOptionsComputed(indexes, "alpha"); // at the start, nobody asking
      index("alpha", 2, "Pending");
      indexes.refresh();
      awaitOptionsComputed(indexes, "alpha"); // after the swap, nobody asking
      try (Lease lease = indexes.lease("alpha")) {
        assertEquals(List.of("Pending"), statuses(lease));
      }
    }
  }

  @Test
  void theOptionsValuesOfTheFirstSnapshotsWaitForTheStartThoseOfASwapDoNot() throws Exception {
    index("alpha", 3, "Active");
    try (VendorIndexes indexes = new VendorIndexes(dataDir, NEVER, NEVER)) {
      Thread.sleep(200); // the refresh thread is idle: nothing computes them meanwhile
      try (Lease lease = indexes.lease("alpha")) {
        assertFalse(lease.snapshot().listings().optionsComputed());
        assertEquals(List.of("Active"), statuses(lease)); // asked for: computed then
      }
      index("alpha", 2, "Pending");
      indexes.refresh();
      awaitOptionsComputed(indexes, "alpha"); // after the swap, nobody asking
    }
  }

  private static void awaitOptionsComputed(VendorIndexes indexes, String vendor)
      throws InterruptedException {
    long deadline = System.nanoTime() + 10_000_000_000L;
    while (true) {
      try (Lease lease = indexes.lease(vendor)) {
        if (lease.snapshot().listings().optionsComputed()) {
          return;
        }
      }
      if (System.nanoTime() > deadline) {
        throw new AssertionError("the OPTIONS values of " + vendor + " were not computed in 10 s");
      }
      Thread.sleep(5);
    }
  }

  @Test
  void theOptionsValuesAreComputedOnceWhenManyAskAtOnce() throws Exception {
    index("alpha", 3, "Closed");
    try (FSDirectory directory = FSDirectory.open(dataDir.resolve("alpha").resolve("index"));
        DirectoryReader reader = DirectoryReader.open(directory)) {
      // Not served by VendorIndexes, so nothing computes them in the background first.
      ListingState state = ListingState.of(new IndexSearcher(reader));
      int threads = 8;
      CountDownLatch start = new CountDownLatch(1);
      ExecutorService pool = Executors.newFixedThreadPool(threads);
      try {
        List<Future<ListingOptions>> asked = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
          asked.add(
              pool.submit(
                  () -> {
                    start.await();
                    return state.options();
                  }));
        }
        start.countDown();
        ListingOptions first = asked.get(0).get();
        assertEquals(List.of("Closed"), first.of(ListingDim.STATUS));
        for (Future<ListingOptions> each : asked) {
          assertSame(first, each.get());
        }
      } finally {
        pool.shutdownNow();
      }
    }
  }

  private static List<String> statuses(Lease lease) throws IOException {
    return lease.snapshot().listings().options().of(ListingDim.STATUS);
  }

  private static List<String> vendors(List<VendorStatus> status) {
    return status.stream().map(VendorStatus::vendor).toList();
  }
}

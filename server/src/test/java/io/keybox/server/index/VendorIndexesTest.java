package io.keybox.server.index;

import static io.keybox.server.index.TestVendors.statuses;
import static io.keybox.server.index.TestVendors.vendors;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.keybox.schema.listing.ListingDim;
import io.keybox.server.error.IndexUnavailableException;
import io.keybox.server.search.exec.ListingOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.MessageFormat;
import java.util.ArrayList;
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
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The registry: which vendors are served and listed, what a lease holds, and what is logged when a
 * vendor is served and swapped. Refreshing, recovery and warm-up: {@link IndexRefresherTest}.
 */
class VendorIndexesTest {
  @RegisterExtension final TestVendors vendors = new TestVendors();

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
      vendors.index("alpha", 3);
      try (VendorIndexes indexes = vendors.served()) {
        vendors.index("alpha", 4);
        indexes.refresh();
        indexes.refresh(); // no new commit: nothing to say
        vendors.index("alpha", 5);
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
    vendors.index("beta", 2);
    // What a first run that failed leaves behind: the folder and the writer's lock file.
    Path gamma = Files.createDirectories(vendors.dataDir().resolve("gamma").resolve("index"));
    Files.createFile(gamma.resolve("write.lock"));
    try (VendorIndexes indexes = vendors.served()) {
      indexes.refresh();
      assertEquals(List.of("beta"), vendors(indexes.status(Set.of())));
      List<VendorStatus> named = indexes.status(Set.of("gamma"));
      assertEquals(List.of("beta", "gamma"), vendors(named));
      assertEquals(List.of(true, false), named.stream().map(VendorStatus::ready).toList());
    }
  }

  @Test
  void aFolderWhoseNameIsNoVendorNameIsNotServed() throws IOException {
    vendors.index("beta", 2);
    // A copy put aside while serving: a whole index, but "beta.bak" names no vendor.
    Path beta = vendors.dataDir().resolve("beta");
    try (Stream<Path> files = Files.walk(beta)) {
      for (Path file : files.toList()) {
        Files.copy(file, beta.resolveSibling("beta.bak").resolve(beta.relativize(file)));
      }
    }
    try (VendorIndexes indexes = vendors.served()) {
      indexes.refresh();
      assertEquals(List.of("beta"), vendors(indexes.status(Set.of())));
      assertThrows(IndexUnavailableException.class, () -> indexes.lease("beta.bak"));
    }
  }

  @Test
  void eachSnapshotListsTheOptionsValuesOfItsOwnCommit() throws Exception {
    vendors.index("alpha", 3, "Active");
    try (VendorIndexes indexes = vendors.served()) {
      try (Lease before = indexes.lease("alpha")) {
        vendors.index("alpha", 2, "Pending");
        indexes.refresh();
        assertEquals(List.of("Active"), statuses(before), "a lease keeps its snapshot's values");
      }
      try (Lease after = indexes.lease("alpha")) {
        assertEquals(List.of("Pending"), statuses(after));
      }
    }
  }

  @Test
  void theOptionsValuesAreComputedOnceWhenManyAskAtOnce() throws Exception {
    vendors.index("alpha", 3, "Closed");
    try (FSDirectory directory =
            FSDirectory.open(vendors.dataDir().resolve("alpha").resolve("index"));
        DirectoryReader reader = DirectoryReader.open(directory)) {
      // Not served by VendorIndexes, so nothing computes them in the background first.
      Snapshot snapshot = Snapshot.of("alpha", reader);
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
                    return snapshot.derived(ListingOptions.OF_SNAPSHOT);
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
}

package io.keybox.server.index;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.indexer.build.VendorIndexBuilder;
import io.keybox.indexer.build.VendorLayout;
import io.keybox.schema.RecordKind;
import io.keybox.schema.listing.ListingDim;
import io.keybox.server.search.exec.ListingOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.util.IOUtils;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Vendor indexes built with the real indexer under a data directory of each test's own, and what to
 * read; register it with {@code @RegisterExtension} on an instance field. The directory, and the
 * dumps written beside it, are deleted after the test.
 */
final class TestVendors implements BeforeEachCallback, AfterEachCallback {
  /** Refreshed by hand in these tests: the background refresh waits an hour. */
  static final long NEVER = 3_600_000;

  /** The warmer the server registers: the OPTIONS values of each snapshot. */
  static final SnapshotWarmer OPTIONS = snapshot -> snapshot.derived(ListingOptions.OF_SNAPSHOT);

  private Path root;
  private Path dataDir;

  @Override
  public void beforeEach(ExtensionContext context) throws IOException {
    root = Files.createTempDirectory("keybox-test-vendors");
    dataDir = Files.createDirectory(root.resolve("data"));
  }

  @Override
  public void afterEach(ExtensionContext context) throws IOException {
    IOUtils.rm(root);
  }

  /** The test's data directory. */
  Path dataDir() {
    return dataDir;
  }

  /** Rebuilds {@code vendor} with {@code listings} active listings. */
  void index(String vendor, int listings) throws IOException {
    index(vendor, listings, "Active");
  }

  /** Rebuilds {@code vendor} with {@code listings} listings of {@code status}. */
  void index(String vendor, int listings, String status) throws IOException {
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

  /** Every vendor of the data directory served, refreshed by hand ({@link #NEVER} by itself). */
  VendorIndexes served() throws IOException {
    VendorIndexes indexes = new VendorIndexes(dataDir, NEVER);
    indexes.start();
    return indexes;
  }

  /**
   * As {@link #served()}, with the server's warmer ({@link #OPTIONS}) on the snapshots, those
   * opened at the start {@code warmUpAfterStartMillis} after it.
   */
  VendorIndexes servedWarmed(long warmUpAfterStartMillis) throws IOException {
    VendorIndexes indexes = new VendorIndexes(dataDir, NEVER, warmUpAfterStartMillis);
    indexes.start();
    indexes.warmUp(OPTIONS);
    return indexes;
  }

  /** Removes {@code vendor}'s folder, index and all. */
  void removeFolder(String vendor) throws IOException {
    IOUtils.rm(dataDir.resolve(vendor));
  }

  static long listings(VendorIndexes indexes, String vendor) throws IOException {
    try (Lease lease = indexes.lease(vendor)) {
      return lease.snapshot().count(RecordKind.LISTING);
    }
  }

  static List<String> statuses(Lease lease) throws IOException {
    return lease.snapshot().derived(ListingOptions.OF_SNAPSHOT).of(ListingDim.STATUS);
  }

  static List<String> vendors(List<VendorStatus> status) {
    return status.stream().map(VendorStatus::vendor).toList();
  }
}

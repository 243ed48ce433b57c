package io.keybox.server.replica;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.indexer.build.VendorIndexBuilder;
import io.keybox.indexer.build.VendorLayout;
import io.keybox.schema.RecordKind;
import io.keybox.server.error.IndexUnavailableException;
import io.keybox.server.index.Lease;
import io.keybox.server.index.VendorIndexes;
import io.keybox.store.Publisher;
import io.keybox.store.Store;
import io.keybox.store.local.LocalStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.search.ScoreDoc;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.threeten.extra.MutableClock;

/**
 * A replica's publications as the index side serves them: each one a directory of its own, a
 * snapshot held across newer ones reading its own directory, which goes when its last reader
 * closes; and a vendor that leaves the store. Polls are run by hand ({@link Replica#poll}), and the
 * refresh they ask for runs on the refresher's thread, which the poll waits for.
 */
class ReplicaPublicationsTest {
  private static final long NEVER = 3_600_000;
  private static final String VENDOR = "alpha";

  @TempDir Path temp;

  /** Rebuilds the indexer's vendor with listings alpha-1..alpha-N and publishes it. */
  private void publish(Store store, int listings) throws IOException {
    Path indexer = temp.resolve("indexer");
    List<String> lines = new ArrayList<>();
    for (int i = 1; i <= listings; i++) {
      lines.add("{\"listingId\":\"alpha-" + i + "\",\"mls\":{\"status\":\"Active\"}}");
    }
    Path dump = temp.resolve("dump-" + listings + ".ndjson");
    Files.write(dump, lines);
    new VendorIndexBuilder(new ObjectMapper(), Clock.systemUTC(), 1)
        .rebuild(new VendorLayout(indexer, VENDOR), dump, true);
    new Publisher(store).publish(VENDOR, indexer.resolve(VENDOR));
  }

  /** A replica of the test's store into {@code node}, dropping a vendor gone for 10 minutes. */
  private Replica follow(Path node, VendorIndexes indexes, Clock clock) throws IOException {
    return new Replica(
        new LocalStore(temp.resolve("store")), node, indexes, Duration.ofMinutes(10), clock);
  }

  private static List<String> names(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(f -> f.getFileName().toString()).sorted().toList();
    }
  }

  /**
   * The stored source ({@code _source}) of every listing of the leased snapshot, from its files.
   */
  private static List<String> sources(Lease lease) throws IOException {
    var searcher = lease.snapshot().searcher();
    StoredFields stored = searcher.getIndexReader().storedFields();
    List<String> sources = new ArrayList<>();
    for (ScoreDoc hit : searcher.search(RecordKind.LISTING.query(), 100).scoreDocs) {
      sources.add(new String(stored.document(hit.doc).getBinaryValue("_source").bytes));
    }
    return sources;
  }

  @Test
  void aSnapshotHeldAcrossThreePublicationsReadsItsOwnDirectoryUntilReleased() throws Exception {
    Path node = temp.resolve("node");
    Path publications = node.resolve(VENDOR).resolve("publications");
    try (Store store = new LocalStore(temp.resolve("store"));
        VendorIndexes indexes = new VendorIndexes(node, NEVER, NEVER);
        Replica replica = follow(node, indexes, Clock.systemUTC())) {
      indexes.start();
      publish(store, 2);
      replica.poll();
      Lease held = indexes.lease(VENDOR);
      assertEquals(2, held.snapshot().count(RecordKind.LISTING));

      publish(store, 3);
      replica.poll();
      publish(store, 4);
      replica.poll();
      publish(store, 5);
      replica.poll();
      try (Lease now = indexes.lease(VENDOR)) {
        assertEquals(5, now.snapshot().count(RecordKind.LISTING));
      }
      // The held snapshot still reads every stored field of its own publication.
      List<String> sources = sources(held);
      assertEquals(2, sources.size());
      assertTrue(
          sources.stream().anyMatch(source -> source.contains("alpha-1")), sources.toString());
      assertTrue(
          sources.stream().anyMatch(source -> source.contains("alpha-2")), sources.toString());
      // 2 and 3 had no reader left once swapped past; 1 is held, 4 is current.
      assertEquals(List.of("000000000001", "000000000004"), names(publications));

      held.close();
      assertEquals(List.of("000000000004"), names(publications));
      replica.poll(); // unchanged: the pool keeps only what publication 4 links to
      try (Stream<Path> pool = Files.list(node.resolve(VENDOR).resolve("pool"))) {
        for (Path file : pool.toList()) {
          assertEquals(2, Files.getAttribute(file, "unix:nlink"), file.toString());
        }
      }
    }
  }

  @Test
  void aVendorGoneFromTheStoreIsDroppedAfterStaleAfterAndItsFolderRemoved() throws Exception {
    Path node = temp.resolve("node");
    MutableClock clock = MutableClock.of(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC);
    try (Store store = new LocalStore(temp.resolve("store"));
        VendorIndexes indexes = new VendorIndexes(node, NEVER, NEVER);
        Replica replica = follow(node, indexes, clock)) {
      indexes.start();
      publish(store, 2);
      replica.poll();
      assertTrue(indexes.has(VENDOR));

      for (String key : store.list(VENDOR + "/")) {
        store.delete(key);
      }
      clock.add(Duration.ofSeconds(60));
      replica.poll();
      assertTrue(indexes.has(VENDOR), "kept for --replica-stale-after");

      clock.add(Duration.ofMinutes(10));
      replica.poll();
      assertFalse(indexes.has(VENDOR));
      assertThrows(IndexUnavailableException.class, () -> indexes.lease(VENDOR));
      assertFalse(Files.exists(node.resolve(VENDOR)), "the vendor's folder is removed");
      assertTrue(replica.replication(VENDOR).isEmpty());
    }
  }
}

package io.keybox.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.LockObtainFailedException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.threeten.extra.MutableClock;

/**
 * The store's conditional create, and the publisher's one-at-a-time rules and its retention by time
 * (issue 38, points 2 and 5), against S3Proxy and a folder. Segment arithmetic as in {@link
 * PublishFetchTest}: a flushed segment is three files, a commit adds its {@code segments_N}, each
 * commit rewrites {@code ids.tsv}.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PublisherTest {
  private static final String VENDOR = "houston";
  @RegisterExtension static final StoreKinds kinds = new StoreKinds();

  @TempDir Path temp;

  // The store's conditional create, which the lock and the manifest rely on.

  @ParameterizedTest
  @ValueSource(strings = {"s3", "file"})
  void theFirstCreateWinsAndTheSecondLeavesItsBytes(String kind) throws Exception {
    try (Store store = kinds.open(kind, temp)) {
      assertTrue(store.create("houston/manifests/000000000001.json", bytes("first")));
      assertFalse(store.create("houston/manifests/000000000001.json", bytes("second")));
      assertArrayEquals(bytes("first"), store.get("houston/manifests/000000000001.json"));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"s3", "file"})
  void ofEightRacingCreatesExactlyOneWins(String kind) throws Exception {
    try (Store store = kinds.open(kind, temp)) {
      ExecutorService threads = Executors.newFixedThreadPool(8);
      try {
        List<Future<Boolean>> results = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
          byte[] mine = bytes("writer " + i);
          Callable<Boolean> create = () -> store.create("houston/lock", mine);
          results.add(threads.submit(create));
        }
        int won = 0;
        for (Future<Boolean> result : results) {
          won += result.get() ? 1 : 0;
        }
        assertEquals(1, won);
      } finally {
        threads.shutdownNow();
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"s3", "file"})
  void retentionIsByTimeAndSparesWhatAManifestWithinTheWindowNames(String kind) throws Exception {
    Path first = temp.resolve("first");
    Path second = temp.resolve("second");
    MutableClock clock = MutableClock.of(Instant.now(), ZoneOffset.UTC);
    try (Store store = kinds.open(kind, temp)) {
      Publisher publisher = new Publisher(store, Duration.ofHours(1), clock, 4);
      TestIndexes.commit(first, true, 0, 5, "p1");
      assertEquals(0, publisher.publish(VENDOR, first).deleted());
      TestIndexes.commit(first, false, 5, 8, "p2");
      assertEquals(0, publisher.publish(VENDOR, first).deleted());
      TestIndexes.commit(second, true, 20, 22, "p3");
      clock.add(Duration.ofMinutes(59));
      // Publication 3 names none of publication 1's objects, but manifest 1 is 59 minutes old.
      assertEquals(0, publisher.publish(VENDOR, second).deleted());
      Manifest one = Layout.read(store.get(Layout.manifest(VENDOR, 1)), Manifest.class, "m1");
      for (String key : one.objectKeys()) {
        assertTrue(store.exists(key), key);
      }

      clock.add(Duration.ofMinutes(2));
      TestIndexes.commit(second, false, 22, 23, "p4");
      PublishResult fourth = publisher.publish(VENDOR, second);
      assertEquals(4, fourth.sequence());
      // Over an hour old: manifests 1, 2 and 3, and the 20 objects but the 8 of publication 4
      // (the second folder's _0 and _1, three files each, its segments_2 and the fourth ids.tsv).
      assertEquals(3 + 12, fourth.deleted());
      Set<String> expected = new TreeSet<>(List.of(Layout.pointer(VENDOR)));
      String key = Layout.manifest(VENDOR, 4);
      expected.add(key);
      expected.addAll(Layout.read(store.get(key), Manifest.class, key).objectKeys());
      assertEquals(10, expected.size());
      assertEquals(new ArrayList<>(expected), store.list(VENDOR + "/"));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"s3", "file"})
  void ofTwoPublishersRacingOnOneVendorOneWinsAndTheLiveManifestKeepsItsObjects(String kind)
      throws Exception {
    Path first = temp.resolve("first");
    Path second = temp.resolve("second");
    TestIndexes.commit(first, true, 0, 5, "a");
    TestIndexes.commit(second, true, 10, 13, "b");
    try (Store store = kinds.open(kind, temp)) {
      // The first publisher is held inside its uploads while the second one tries.
      CountDownLatch uploading = new CountDownLatch(1);
      CountDownLatch release = new CountDownLatch(1);
      Store holding =
          new CountingStore(store) {
            @Override
            public void put(String key, Path source) throws IOException {
              uploading.countDown();
              try {
                release.await();
              } catch (InterruptedException e) {
                throw new java.io.InterruptedIOException();
              }
              super.put(key, source);
            }
          };
      Future<PublishResult> a =
          CompletableFuture.supplyAsync(
              () -> {
                try {
                  return new Publisher(holding).publish(VENDOR, first);
                } catch (IOException e) {
                  throw new java.io.UncheckedIOException(e);
                }
              });
      assertTrue(uploading.await(30, TimeUnit.SECONDS));
      PublishConflictException lost =
          assertThrows(
              PublishConflictException.class, () -> new Publisher(store).publish(VENDOR, second));
      assertTrue(lost.getMessage().contains("/lock"), lost.getMessage());
      release.countDown();
      PublishResult won = a.get(30, TimeUnit.SECONDS);
      assertEquals(1, won.sequence());

      Pointer pointer = Layout.read(store.get(Layout.pointer(VENDOR)), Pointer.class, "pointer");
      assertEquals(1, pointer.sequence());
      Manifest live = Layout.read(store.get(Layout.manifest(VENDOR, 1)), Manifest.class, "m1");
      for (String key : live.objectKeys()) {
        assertTrue(store.exists(key), key);
      }
      assertFalse(store.exists(Layout.lock(VENDOR)), "the winner released the lock");
      // The loser publishes once the winner is done.
      assertEquals(2, new Publisher(store).publish(VENDOR, second).sequence());
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"s3", "file"})
  void aSequenceTakenMeanwhileIsRefusedAndThePointerStays(String kind) throws Exception {
    Path indexer = temp.resolve("indexer");
    TestIndexes.commit(indexer, true, 0, 5, "first");
    try (Store store = kinds.open(kind, temp)) {
      new Publisher(store).publish(VENDOR, indexer);
      TestIndexes.commit(indexer, false, 5, 8, "second");
      // Another publisher (one that ignores the lock) writes manifest 2 first.
      byte[] theirs = "{}".getBytes(StandardCharsets.UTF_8);
      Store racing =
          new CountingStore(store) {
            @Override
            public boolean create(String key, byte[] bytes) throws IOException {
              if (key.equals(Layout.manifest(VENDOR, 2))) {
                assertTrue(super.create(key, theirs));
              }
              return super.create(key, bytes);
            }
          };
      PublishConflictException refused =
          assertThrows(
              PublishConflictException.class, () -> new Publisher(racing).publish(VENDOR, indexer));
      assertTrue(refused.getMessage().contains("000000000002.json"), refused.getMessage());
      Pointer pointer = Layout.read(store.get(Layout.pointer(VENDOR)), Pointer.class, "pointer");
      assertEquals(1, pointer.sequence());
      assertEquals("{}", new String(store.get(Layout.manifest(VENDOR, 2)), StandardCharsets.UTF_8));
    }
  }

  @Test
  void aLockLeftByAKilledPublisherIsTakenOverOnceExpired() throws Exception {
    Path indexer = temp.resolve("indexer");
    TestIndexes.commit(indexer, true, 0, 5, "first");
    MutableClock clock = MutableClock.of(Instant.now(), ZoneOffset.UTC);
    try (Store store = kinds.open("file", temp)) {
      store.put(
          Layout.lock(VENDOR),
          ("holder 1@killed\nexpires " + clock.instant().plus(Duration.ofMinutes(30)) + "\n")
              .getBytes(StandardCharsets.UTF_8));
      Publisher publisher = new Publisher(store, Duration.ofHours(24), clock, 2);
      PublishConflictException held =
          assertThrows(PublishConflictException.class, () -> publisher.publish(VENDOR, indexer));
      assertTrue(held.getMessage().contains("1@killed"), held.getMessage());

      clock.add(Duration.ofMinutes(31));
      assertEquals(1, publisher.publish(VENDOR, indexer).sequence());
      assertFalse(store.exists(Layout.lock(VENDOR)));
    }
  }

  @Test
  void anIndexRunHoldingTheWriteLockKeepsThePublisherOut() throws Exception {
    Path indexer = temp.resolve("indexer");
    TestIndexes.commit(indexer, true, 0, 5, "first");
    try (Store store = kinds.open("file", temp);
        FSDirectory dir = FSDirectory.open(indexer.resolve("index"));
        IndexWriter writer = new IndexWriter(dir, new IndexWriterConfig())) {
      assertThrows(
          LockObtainFailedException.class, () -> new Publisher(store).publish(VENDOR, indexer));
      assertFalse(store.exists(Layout.pointer(VENDOR)));
      assertFalse(store.exists(Layout.lock(VENDOR)));
    }
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }
}

package io.keybox.server.http.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.keybox.server.http.edge.MediaType;
import io.keybox.server.http.write.Reply;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ResponseCacheTest {
  /** A request of one endpoint. */
  private record Search(int n) implements CacheableRequest {}

  /** A request of another endpoint, with the same components. */
  private record Get(int n) implements CacheableRequest {}

  /** The tasks the cache hands its cleaner, run when the test says. */
  private final List<Runnable> cleanups = new ArrayList<>();

  private ResponseCache cache(long bytes) {
    return new ResponseCache(bytes, cleanups::add);
  }

  private static ResponseCache.Key key(long snapshot, CacheableRequest request) {
    return new ResponseCache.Key("v", snapshot, request, MediaType.JSON);
  }

  private static ResponseCache.Entry entry(int bodyBytes) {
    return new ResponseCache.Entry(
        Reply.of(200, "application/json; charset=utf-8", new byte[bodyBytes]), Optional.empty());
  }

  /** A computation of a 100-byte body that counts its runs. */
  private static ResponseCache.Computation counted(AtomicInteger runs) {
    return () -> {
      runs.incrementAndGet();
      return entry(100);
    };
  }

  /** Asks for {@code Search(0)} to {@code Search(count - 1)} on {@code snapshot}. */
  private static void ask(ResponseCache cache, long snapshot, int count, AtomicInteger runs)
      throws IOException {
    for (int i = 0; i < count; i++) {
      cache.reply(key(snapshot, new Search(i)), counted(runs));
    }
  }

  @Test
  void aRepeatedRequestIsComputedOnceAndEachEntryWeighsItsBodyPlus512() throws IOException {
    ResponseCache cache = cache(10_000);
    AtomicInteger runs = new AtomicInteger();
    ask(cache, 1, 10, runs);
    ask(cache, 1, 10, runs);
    assertEquals(10, runs.get());
    assertEquals(10, cache.entries());
    assertEquals(6_120, cache.bytes()); // 10 x (100 + 512)
    assertEquals(List.of(10.0, 10.0), hitsAndMisses(cache));
  }

  @Test
  void theByteBoundEvicts() throws IOException {
    ResponseCache cache = cache(10_000);
    ask(cache, 1, 30, new AtomicInteger());
    // 612 bytes each: at most 16 fit in 10,000.
    assertTrue(cache.entries() <= 16, "entries: " + cache.entries());
    assertTrue(cache.bytes() <= 10_000, "bytes: " + cache.bytes());
    assertTrue(cache.entries() >= 1, "entries: " + cache.entries());
  }

  @Test
  void aReplyOverAnEighthOfTheCacheIsAnsweredButNotKept() throws IOException {
    ResponseCache cache = cache(10_000);
    ResponseCache.Entry large = entry(1_250 - 512 + 1); // weighs 1,251 > 10,000 / 8
    ResponseCache.Entry eighth = entry(1_250 - 512); // exactly an eighth
    assertSame(large, cache.reply(key(1, new Search(1)), () -> large));
    assertSame(eighth, cache.reply(key(1, new Search(2)), () -> eighth));
    assertEquals(1, cache.entries());
    assertEquals(1_250, cache.bytes());
    AtomicInteger runs = new AtomicInteger();
    cache.reply(key(1, new Search(1)), counted(runs));
    cache.reply(key(1, new Search(2)), counted(runs));
    assertEquals(1, runs.get(), "only the large one is computed again");
  }

  @Test
  void requestsOfDifferentTypesWithEqualValuesAreDifferentRequests() throws IOException {
    ResponseCache cache = cache(10_000);
    AtomicInteger runs = new AtomicInteger();
    cache.reply(key(1, new Search(7)), counted(runs));
    cache.reply(key(1, new Get(7)), counted(runs));
    cache.reply(key(1, new Search(7)), counted(runs));
    assertEquals(2, runs.get());
    cache.reply(new ResponseCache.Key("v", 1, new Get(7), MediaType.VENDOR), counted(runs));
    assertEquals(3, runs.get(), "another media type is another reply");
  }

  @Test
  void identicalConcurrentMissesAreComputedOnce() throws Exception {
    ResponseCache cache = cache(10_000);
    AtomicInteger runs = new AtomicInteger();
    CountDownLatch computing = new CountDownLatch(1);
    CompletableFuture<Void> release = new CompletableFuture<>();
    ResponseCache.Computation slow =
        () -> {
          runs.incrementAndGet();
          computing.countDown();
          release.join();
          return entry(100);
        };
    ExecutorService threads = Executors.newFixedThreadPool(2);
    try {
      Future<ResponseCache.Entry> first =
          threads.submit(() -> cache.reply(key(1, new Search(1)), slow));
      assertTrue(computing.await(30, TimeUnit.SECONDS));
      Thread[] second = new Thread[1];
      CountDownLatch started = new CountDownLatch(1);
      Future<ResponseCache.Entry> other =
          threads.submit(
              () -> {
                second[0] = Thread.currentThread();
                started.countDown();
                return cache.reply(key(1, new Search(1)), slow);
              });
      assertTrue(started.await(30, TimeUnit.SECONDS));
      // The second caller either waits for the first's computation or (without coalescing) runs
      // its own, which would end at once as the first holds no lock it needs.
      Thread.State state;
      do {
        Thread.onSpinWait();
        state = second[0].getState();
      } while (state == Thread.State.RUNNABLE || state == Thread.State.NEW);
      release.complete(null);
      assertSame(first.get(30, TimeUnit.SECONDS), other.get(30, TimeUnit.SECONDS));
      assertEquals(1, runs.get());
      assertEquals(List.of(1.0, 1.0), hitsAndMisses(cache));
    } finally {
      release.complete(null);
      threads.shutdownNow();
    }
  }

  @Test
  void aFailedComputationIsNotKept() throws IOException {
    ResponseCache cache = cache(10_000);
    IOException failure = new IOException("disk gone");
    assertSame(
        failure,
        assertThrows(
            IOException.class,
            () ->
                cache.reply(
                    key(1, new Search(1)),
                    () -> {
                      throw failure;
                    })));
    assertEquals(0, cache.entries());
    AtomicInteger runs = new AtomicInteger();
    cache.reply(key(1, new Search(1)), counted(runs));
    assertEquals(1, runs.get());
  }

  @Test
  void aClosedSnapshotsEntriesGoOnTheCleanerAndOnlyThey() throws IOException {
    ResponseCache cache = cache(100_000);
    AtomicInteger runs = new AtomicInteger();
    ask(cache, 1, 3, runs);
    ask(cache, 2, 2, runs);
    cache.snapshotClosed(1);
    // Nothing removed on the closing thread (still a hit): one task for the cleaner.
    assertEquals(1, cleanups.size());
    cache.reply(key(1, new Search(0)), counted(runs));
    assertEquals(5, runs.get());
    cleanups.remove(0).run();
    assertEquals(2, cache.entries());
    assertEquals(1_224, cache.bytes()); // 2 x 612
    ask(cache, 2, 2, runs);
    assertEquals(5, runs.get(), "snapshot 2's entries are still served");
    cache.reply(key(1, new Search(0)), counted(runs));
    assertEquals(6, runs.get(), "snapshot 1's are gone");
    cache.snapshotClosed(1);
    assertEquals(2, cache.entries(), "a scrape removes what the cleaner has not yet");
    cleanups.forEach(Runnable::run);
  }

  @Test
  void sizeZeroIsOffComputingEveryReplyAndCountingNothing() throws IOException {
    ResponseCache cache = cache(0);
    assertFalse(cache.enabled());
    AtomicInteger runs = new AtomicInteger();
    cache.reply(key(1, new Search(1)), counted(runs));
    cache.reply(key(1, new Search(1)), counted(runs));
    assertEquals(2, runs.get());
    assertEquals(0, cache.entries());
    assertEquals(0, cache.bytes());
    assertEquals(List.of(), hitsAndMisses(cache));
    cache.snapshotClosed(1);
    assertEquals(List.of(), cleanups);
    assertThrows(IllegalArgumentException.class, () -> new ResponseCache(-1));
  }

  @Test
  void onlyA200IsKept() {
    assertThrows(
        IllegalArgumentException.class,
        () ->
            new ResponseCache.Entry(
                Reply.of(404, "application/json", new byte[1]), Optional.empty()));
  }

  @Test
  void eachReplyIsAFreshViewOfTheSameBytes() {
    ResponseCache.Entry entry =
        new ResponseCache.Entry(
            new Reply(
                200,
                Map.of(),
                List.of(ByteBuffer.wrap("[1,2,3]xxxx".getBytes(StandardCharsets.UTF_8), 0, 7))),
            Optional.empty());
    Reply first = entry.reply();
    first.body().get(0).position(7); // as a send leaves it
    Reply second = entry.reply();
    assertNotSame(first.body().get(0), second.body().get(0));
    assertEquals(7, second.body().get(0).remaining());
    byte[] bytes = new byte[7];
    second.body().get(0).get(bytes);
    assertEquals("[1,2,3]", new String(bytes, StandardCharsets.UTF_8));
    assertEquals(7, second.body().get(0).capacity(), "the tail past the body is not kept");
  }

  /** Vendor v's hits then misses, as /-/metrics reports them; empty when nothing was counted. */
  private static List<Double> hitsAndMisses(ResponseCache cache) {
    MetricSnapshots snapshots = cache.collect();
    List<Double> values = new ArrayList<>();
    for (String name : List.of("keybox_response_cache_hits", "keybox_response_cache_misses")) {
      snapshots.stream()
          .filter(s -> s.getMetadata().getName().equals(name))
          .flatMap(s -> ((CounterSnapshot) s).getDataPoints().stream())
          .forEach(p -> values.add(p.getValue()));
    }
    return values;
  }
}

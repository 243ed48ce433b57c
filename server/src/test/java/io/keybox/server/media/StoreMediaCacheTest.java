package io.keybox.server.media;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.keybox.server.error.PhotoUnavailableException;
import io.keybox.store.ForwardingStore;
import io.keybox.store.Store;
import io.keybox.store.local.LocalStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A query node's photos (issue 33, point 5): fetched from the store into a bounded folder on the
 * first request, never twice for requests at once, the least recently served removed over the
 * bound, a photo the store lacks a miss, a store that cannot be reached a 503's exception.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class StoreMediaCacheTest {
  private static final String A = "a".repeat(40);
  private static final String B = "b".repeat(40);
  private static final String C = "c".repeat(40);

  @TempDir Path temp;
  private Path cache;
  private Store folder;
  private Counting store;

  /** A store that counts downloads, can hold them at a gate, and can fail them. */
  private static final class Counting extends ForwardingStore {
    final AtomicInteger downloads = new AtomicInteger();
    final AtomicBoolean down = new AtomicBoolean();
    volatile CountDownLatch gate = new CountDownLatch(0);
    final CountDownLatch entered = new CountDownLatch(1);

    Counting(Store delegate) {
      super(delegate);
    }

    @Override
    public void download(String key, Path target) throws IOException {
      downloads.incrementAndGet();
      entered.countDown();
      try {
        gate.await();
      } catch (InterruptedException e) {
        throw new java.io.InterruptedIOException();
      }
      if (down.get()) {
        throw new IOException("connection refused (simulated) reading " + key);
      }
      super.download(key, target);
    }
  }

  @BeforeEach
  void setUp() throws IOException {
    folder = new LocalStore(temp.resolve("store"));
    store = new Counting(folder);
    cache = temp.resolve("data").resolve(StoreMediaCache.FOLDER);
  }

  /** Puts a variant of {@code size} bytes, each {@code fill}, in the store; returns its bytes. */
  private byte[] publish(String digest, int width, int size, char fill) throws IOException {
    byte[] bytes =
        String.valueOf(fill).repeat(size).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    folder.put("media/v/" + digest + "/" + width + ".jpg", bytes);
    return bytes;
  }

  private Path file(String digest, int width) {
    return cache
        .resolve("v")
        .resolve(digest.substring(0, 2))
        .resolve(digest)
        .resolve(width + ".jpg");
  }

  @Test
  void aMissFetchesTheFileOnceAndThenServesItFromTheFolder() throws Exception {
    byte[] bytes = publish(A, 800, 1000, 'x');
    StoreMediaCache photos = new StoreMediaCache(store, cache, 1 << 20);

    assertTrue(photos.obtain("v", A, 800));
    assertArrayEquals(bytes, Files.readAllBytes(file(A, 800)));
    assertEquals(cache.resolve("v"), photos.folder("v"));
    assertTrue(photos.obtain("v", A, 800));
    assertEquals(1, store.downloads.get());
    assertEquals(1000, photos.cachedBytes());
    try (Stream<Path> left = Files.list(cache.resolve(".incoming"))) {
      assertEquals(0, left.count(), "no temporary file stays");
    }
  }

  @Test
  void aPhotoTheStoreLacksIsAMiss() throws Exception {
    StoreMediaCache photos = new StoreMediaCache(store, cache, 1 << 20);
    assertFalse(photos.obtain("v", A, 400));
    assertFalse(Files.exists(file(A, 400)));
  }

  @Test
  void aStoreThatCannotBeReachedIsUnavailableAndAFileAlreadyHereStillServes() throws Exception {
    publish(A, 400, 10, 'a');
    publish(B, 400, 10, 'b');
    StoreMediaCache photos = new StoreMediaCache(store, cache, 1 << 20);
    assertTrue(photos.obtain("v", A, 400));
    store.down.set(true);

    assertThrows(PhotoUnavailableException.class, () -> photos.obtain("v", B, 400));
    assertTrue(photos.obtain("v", A, 400));

    store.down.set(false);
    assertTrue(photos.obtain("v", B, 400), "fetched once the store answers again");
  }

  @Test
  void theLeastRecentlyServedFilesGoWhenTheFolderIsOverItsBound() throws Exception {
    publish(A, 400, 400, 'a');
    publish(B, 400, 400, 'b');
    publish(C, 400, 400, 'c');
    StoreMediaCache photos = new StoreMediaCache(store, cache, 1000); // two files fit

    assertTrue(photos.obtain("v", A, 400));
    assertTrue(photos.obtain("v", B, 400));
    assertTrue(photos.obtain("v", A, 400)); // A served after B: B is now the eldest
    assertTrue(photos.obtain("v", C, 400));

    assertEquals(800, photos.cachedBytes());
    assertTrue(Files.exists(file(A, 400)));
    assertFalse(Files.exists(file(B, 400)));
    assertFalse(Files.exists(file(B, 400).getParent()), "an emptied photo folder goes too");
    assertTrue(Files.exists(file(C, 400)));
    assertEquals(3, store.downloads.get());

    assertTrue(photos.obtain("v", B, 400), "fetched again after its removal");
    assertEquals(4, store.downloads.get());
    assertEquals(800, photos.cachedBytes());
    assertFalse(Files.exists(file(A, 400)), "A was the eldest then");
  }

  @Test
  void aFileLargerThanTheBoundIsStillServedOnce() throws Exception {
    publish(A, 1600, 2000, 'a');
    publish(B, 400, 100, 'b');
    StoreMediaCache photos = new StoreMediaCache(store, cache, 1000);
    assertTrue(photos.obtain("v", B, 400));
    assertTrue(photos.obtain("v", A, 1600));
    assertTrue(Files.exists(file(A, 1600)), "the file just fetched is about to be sent");
    assertFalse(Files.exists(file(B, 400)));
  }

  @Test
  void aRestartedNodeCountsItsFilesAndKeepsToASmallerBound() throws Exception {
    publish(A, 400, 400, 'a');
    publish(B, 400, 400, 'b');
    publish(C, 400, 400, 'c');
    StoreMediaCache before = new StoreMediaCache(store, cache, 10_000);
    for (String digest : List.of(A, B, C)) {
      assertTrue(before.obtain("v", digest, 400));
    }
    // The oldest written first in line after a restart.
    Files.setLastModifiedTime(file(A, 400), java.nio.file.attribute.FileTime.fromMillis(1000));
    Files.setLastModifiedTime(file(B, 400), java.nio.file.attribute.FileTime.fromMillis(3000));
    Files.setLastModifiedTime(file(C, 400), java.nio.file.attribute.FileTime.fromMillis(2000));
    Files.writeString(cache.resolve(".incoming").resolve("left.part"), "half a download");

    StoreMediaCache after = new StoreMediaCache(store, cache, 900);

    assertEquals(800, after.cachedBytes());
    assertFalse(Files.exists(file(A, 400)));
    assertTrue(Files.exists(file(B, 400)));
    assertTrue(Files.exists(file(C, 400)));
    assertFalse(Files.exists(cache.resolve(".incoming").resolve("left.part")));
    assertTrue(after.obtain("v", C, 400));
    assertEquals(3, store.downloads.get(), "a counted file is not fetched again");
  }

  @Test
  void requestsThatMissAtOnceShareOneDownload() throws Exception {
    byte[] bytes = publish(A, 800, 5000, 'z');
    StoreMediaCache photos = new StoreMediaCache(store, cache, 1 << 20);
    store.gate = new CountDownLatch(1);
    ExecutorService threads = Executors.newFixedThreadPool(8);
    try {
      List<Thread> waiting = new ArrayList<>();
      List<Future<Boolean>> results = new ArrayList<>();
      for (int i = 0; i < 8; i++) {
        results.add(
            threads.submit(
                () -> {
                  synchronized (waiting) {
                    waiting.add(Thread.currentThread());
                  }
                  return photos.obtain("v", A, 800);
                }));
      }
      assertTrue(store.entered.await(30, TimeUnit.SECONDS));
      // The other seven wait for that download: parked, not downloading.
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (parked(waiting) < 7) {
        assertTrue(System.nanoTime() < deadline, "the other requests never waited");
        Thread.onSpinWait();
      }
      store.gate.countDown();
      for (Future<Boolean> result : results) {
        assertTrue(result.get(30, TimeUnit.SECONDS));
      }
      assertEquals(1, store.downloads.get());
      assertArrayEquals(bytes, Files.readAllBytes(file(A, 800)));
    } finally {
      threads.shutdownNow();
    }
  }

  private static int parked(List<Thread> threads) {
    synchronized (threads) {
      if (threads.size() < 8) {
        return 0;
      }
      int parked = 0;
      for (Thread thread : threads) {
        Thread.State state = thread.getState();
        if (state == Thread.State.WAITING || state == Thread.State.TIMED_WAITING) {
          parked++;
        }
      }
      // The downloading thread waits at the gate too: seven others and it.
      return parked - 1;
    }
  }
}

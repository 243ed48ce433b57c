package io.keybox.server.media;

import io.keybox.schema.listing.PhotoUrls;
import io.keybox.server.error.PhotoUnavailableException;
import io.keybox.store.Layout;
import io.keybox.store.ObjectNotFoundException;
import io.keybox.store.Store;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.lang.System.Logger.Level;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * A query node's photo files ({@code serve --replica-of STORE --media-cache SIZE}): a bounded
 * folder under the data directory, {@code DIR/.media-cache/<vendor>/<ab>/<digest>/<width>.jpg},
 * filled from the store on the first request of each file and emptied of the least recently used
 * files when it holds more than its bound. The indexer's {@code publish} put each photo in the
 * store under {@link Layout#mediaObject}, before the commit that shows it.
 *
 * <ul>
 *   <li>A miss downloads the object into {@code DIR/.media-cache/.incoming} under a name of its own
 *       and renames it into place: a reader never finds a partial file. Requests of one file that
 *       miss at once share one download.
 *   <li>An object the store lacks is a miss for good ({@code false}: a 404); a store that cannot be
 *       reached is a {@link PhotoUnavailableException} (a 503), logged once until it answers again.
 *   <li>After each download, while the files add up to more than the bound, the least recently
 *       served ones are deleted, never the one just fetched (it is about to be sent). A file being
 *       sent when it is deleted is sent whole: its reader keeps it open.
 *   <li>A restarted node counts the files already there, the oldest written first in line for
 *       removal, and deletes what a stopped download left.
 * </ul>
 *
 * <p>The cache does not decide what may be served: {@link PhotoLibrary} asks it only for photos a
 * displayable listing of the served snapshot shows. Thread-safe.
 */
public final class StoreMediaCache implements PhotoFiles {
  /** The cache's folder in the data directory. */
  public static final String FOLDER = ".media-cache";

  private static final String INCOMING = ".incoming";
  private static final System.Logger LOG = System.getLogger(StoreMediaCache.class.getName());

  private final Store store;
  private final Path root;
  private final long maxBytes;
  private final ConcurrentHashMap<Path, CompletableFuture<Boolean>> downloads =
      new ConcurrentHashMap<>();

  /** Each cached file and its size, least recently served first. Guarded by {@code this}. */
  private final LinkedHashMap<Path, Long> files = new LinkedHashMap<>(1024, 0.75f, true);

  private long bytes; // guarded by this
  private volatile boolean storeFailing;
  private final MediaCacheMetrics metrics = new MediaCacheMetrics(this);

  /**
   * A cache of {@code store}'s photos in {@code root} holding at most {@code maxBytes} (positive);
   * counts the files already there.
   *
   * @throws IOException when the folder cannot be made or read
   */
  public StoreMediaCache(Store store, Path root, long maxBytes) throws IOException {
    if (maxBytes <= 0) {
      throw new IllegalArgumentException("maxBytes must be positive (got: " + maxBytes + ")");
    }
    this.store = store;
    this.root = root.toAbsolutePath().normalize();
    this.maxBytes = maxBytes;
    Files.createDirectories(this.root.resolve(INCOMING));
    clearIncoming();
    countCached();
  }

  @Override
  public Path folder(String vendor) {
    return root.resolve(Layout.checkVendor(vendor));
  }

  @Override
  public boolean obtain(String vendor, String digest, int width) throws IOException {
    Path file = folder(vendor).resolve(PhotoUrls.variantPath(digest, width));
    if (served(file)) {
      return true;
    }
    CompletableFuture<Boolean> mine = new CompletableFuture<>();
    CompletableFuture<Boolean> running = downloads.putIfAbsent(file, mine);
    if (running != null) {
      return awaitOther(running);
    }
    try {
      // Another request may have put it in place between the look above and the claim.
      boolean there = served(file) || download(vendor, digest, width, file);
      mine.complete(there);
      return there;
    } catch (IOException | RuntimeException e) {
      mine.completeExceptionally(e);
      throw e;
    } finally {
      downloads.remove(file, mine);
    }
  }

  @Override
  public void touch(String vendor, String digest, int width) {
    Path file = folder(vendor).resolve(PhotoUrls.variantPath(digest, width));
    synchronized (this) {
      files.get(file); // an access-ordered map: now the most recently served
    }
  }

  /** The bytes of the files cached now. */
  public synchronized long cachedBytes() {
    return bytes;
  }

  /** What the cache holds: its files and their bytes. */
  record Held(long files, long bytes) {}

  synchronized Held held() {
    return new Held(files.size(), bytes);
  }

  /** The Prometheus collector of this cache; register it with the server's registry. */
  public MediaCacheMetrics metrics() {
    return metrics;
  }

  /** Whether {@code file} is cached: moves it to the end of the line for removal. */
  private boolean served(Path file) {
    synchronized (this) {
      if (files.get(file) == null) {
        return false;
      }
    }
    if (Files.isRegularFile(file)) {
      return true;
    }
    forget(file); // removed by hand: fetched again
    return false;
  }

  private boolean download(String vendor, String digest, int width, Path file) throws IOException {
    String key = Layout.mediaObject(vendor, digest, width);
    Path part = root.resolve(INCOMING).resolve(UUID.randomUUID() + ".part");
    try {
      try {
        store.download(key, part);
      } catch (ObjectNotFoundException e) {
        metrics.missing.increment();
        return false;
      } catch (InterruptedIOException e) {
        throw e;
      } catch (IOException e) {
        metrics.unavailable.increment();
        if (!storeFailing) {
          storeFailing = true;
          LOG.log(
              Level.WARNING,
              "media cache: cannot fetch photos from {0}; answering 503 until it answers ({1})",
              store.describe(""),
              e.toString());
        }
        throw new PhotoUnavailableException(
            "the photo cannot be fetched from the store now; try again shortly");
      }
      if (storeFailing) {
        storeFailing = false;
        LOG.log(Level.INFO, "media cache: {0} answers again", store.describe(""));
      }
      long size = Files.size(part);
      metrics.fetched.increment();
      metrics.fetchedBytes.add(size);
      moveIntoPlace(part, file);
      cached(file, size);
      return true;
    } finally {
      Files.deleteIfExists(part);
    }
  }

  /**
   * Renames a download into place; a folder removed meanwhile by an eviction (it was empty) is made
   * again.
   */
  private static void moveIntoPlace(Path part, Path file) throws IOException {
    for (int attempt = 1; ; attempt++) {
      Files.createDirectories(file.getParent());
      try {
        Files.move(part, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        return;
      } catch (AtomicMoveNotSupportedException e) {
        throw new IOException("cannot rename " + part + " to " + file + " atomically", e);
      } catch (NoSuchFileException e) {
        if (attempt == 3) {
          throw e;
        }
      }
    }
  }

  /** Counts {@code file} in, then removes the least recently served files over the bound. */
  private void cached(Path file, long size) {
    synchronized (this) {
      Long before = files.put(file, size);
      bytes += size - (before == null ? 0 : before);
    }
    trim(file);
  }

  /** Removes the least recently served files but {@code keep} while over the bound. */
  private void trim(Path keep) {
    List<Path> evicted = new ArrayList<>();
    synchronized (this) {
      for (Iterator<Map.Entry<Path, Long>> line = files.entrySet().iterator();
          bytes > maxBytes && line.hasNext(); ) {
        Map.Entry<Path, Long> eldest = line.next();
        if (!eldest.getKey().equals(keep)) {
          bytes -= eldest.getValue();
          line.remove();
          evicted.add(eldest.getKey());
        }
      }
    }
    metrics.evictions.add(evicted.size());
    evicted.forEach(this::delete);
  }

  private synchronized void forget(Path file) {
    Long size = files.remove(file);
    if (size != null) {
      bytes -= size;
    }
  }

  /** Deletes an evicted file, and its photo's folder once empty (folders would pile up). */
  private void delete(Path file) {
    try {
      Files.deleteIfExists(file);
      Files.deleteIfExists(file.getParent());
    } catch (DirectoryNotEmptyException stillUsed) {
      // Other variants of the photo stay.
    } catch (IOException e) {
      LOG.log(Level.WARNING, "media cache: cannot delete " + file, e);
    }
  }

  private static boolean awaitOther(CompletableFuture<Boolean> running) throws IOException {
    try {
      return running.join();
    } catch (CompletionException e) {
      switch (e.getCause()) {
        case PhotoUnavailableException unavailable -> throw unavailable;
        case IOException io -> throw new IOException(io.getMessage(), io);
        case RuntimeException runtime -> throw runtime;
        default -> throw e;
      }
    }
  }

  private void clearIncoming() throws IOException {
    try (Stream<Path> left = Files.list(root.resolve(INCOMING))) {
      for (Path part : left.toList()) {
        Files.deleteIfExists(part);
      }
    }
  }

  /** Counts the files a previous run cached, oldest written first in line for removal. */
  private void countCached() throws IOException {
    record Found(Path file, long size, FileTime written) {}
    List<Found> found = new ArrayList<>();
    try (Stream<Path> all = Files.walk(root)) {
      for (Path file : (Iterable<Path>) all::iterator) {
        if (file.startsWith(root.resolve(INCOMING))) {
          continue;
        }
        try {
          BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
          if (attributes.isRegularFile()) {
            found.add(new Found(file, attributes.size(), attributes.lastModifiedTime()));
          }
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
    found.sort(Comparator.comparing(Found::written));
    synchronized (this) {
      for (Found file : found) {
        files.put(file.file(), file.size());
        bytes += file.size();
      }
    }
    trim(null); // a smaller bound than the last run's: the oldest go
  }
}

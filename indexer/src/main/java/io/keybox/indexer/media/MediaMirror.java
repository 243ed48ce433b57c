package io.keybox.indexer.media;

import io.keybox.state.media.MediaCatalog;
import io.keybox.state.media.MirrorOutcome;
import io.keybox.state.media.MirrorTask;
import java.io.IOException;
import java.net.http.HttpClient;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.logging.Logger;

/**
 * Works through a vendor's {@link MediaCatalog}: downloads each due photo once (every listing's
 * cover before any second photo, newest listings first), makes its {@link PhotoVariants}, stores
 * them ({@link MediaFiles}) and records the outcome. Requests start at most {@code maxRps} a second
 * across all threads (files, {@code file:} URLs, are read unpaced), and a 429 or 503 holds every
 * thread for its Retry-After. A URL refused with 403 or 410 (signed URLs expire) is asked for
 * afresh through {@link FreshUrls}, once. A file that is no image, too large or missing (404) is
 * recorded as failed with its reason and the run goes on; a network failure or a 5xx is retried
 * later with a backoff that grows with the attempts, until {@link #MAX_ATTEMPTS}.
 *
 * <p>Nothing partial is ever served: the catalog names a digest only once its variants are whole on
 * disk, and a kill at any moment leaves the photo pending for the next run.
 */
public final class MediaMirror {
  /** Network failures in a row after which a host's other photos wait for the next run. */
  static final int UNREACHABLE_AFTER = 3;

  /** Photos handed out and recorded at once: one catalog transaction each. */
  private static final int BATCH = 64;

  /** Attempts at one photo before it is recorded as failed. */
  static final int MAX_ATTEMPTS = 8;

  private static final Logger LOG = Logger.getLogger(MediaMirror.class.getName());
  private static final Duration FIRST_BACKOFF = Duration.ofSeconds(30);
  private static final Duration MAX_BACKOFF = Duration.ofHours(6);

  /** A fresh URL for a photo whose URL was refused (the pull re-reads its listing's Media). */
  @FunctionalInterface
  public interface FreshUrls {
    Optional<String> urlFor(MirrorTask task) throws IOException, InterruptedException;

    /** For feeds with no way to ask again. */
    FreshUrls NONE = task -> Optional.empty();
  }

  /** Waits; the tests' pause records instead of sleeping. */
  @FunctionalInterface
  public interface Pause {
    void sleep(Duration duration) throws InterruptedException;
  }

  /**
   * What one run did.
   *
   * @param mirrored photos stored
   * @param failed photos given up on
   * @param later photos to try again later
   * @param bytes bytes downloaded
   * @param listings the listings (their keys in the catalog) whose shown photos changed: a photo
   *     mirrored, or a changed one given up on
   */
  public record Report(long mirrored, long failed, long later, long bytes, Set<String> listings) {
    public Report {
      listings = Set.copyOf(listings);
    }
  }

  /**
   * How the mirror runs.
   *
   * @param maxRps requests started per second, across threads
   * @param threads downloads at once
   * @param maxBytes the largest photo accepted
   * @param headers headers every request carries
   */
  public record Settings(double maxRps, int threads, long maxBytes, Map<String, String> headers) {
    public Settings {
      if (!(maxRps > 0)) {
        throw new IllegalArgumentException("maxRps must be above 0 (got: " + maxRps + ")");
      }
      if (threads < 1) {
        throw new IllegalArgumentException("threads must be >= 1 (got: " + threads + ")");
      }
      if (maxBytes < 1) {
        throw new IllegalArgumentException("maxBytes must be >= 1 (got: " + maxBytes + ")");
      }
      headers = Map.copyOf(headers);
    }
  }

  private final MediaCatalog catalog;
  private final MediaFiles files;
  private final MediaDownload download;
  private final PhotoVariants variants = new PhotoVariants();
  private final FreshUrls freshUrls;
  private final Settings settings;
  private final Clock clock;
  private final Pause pause;
  private final Duration interval;
  private Instant nextStart = Instant.MIN;
  // Per host, the downloads in a row that got no answer at all (the mirror's life: one run).
  private final Map<String, Integer> unreachable = new ConcurrentHashMap<>();

  public MediaMirror(
      MediaCatalog catalog,
      MediaFiles files,
      HttpClient client,
      FreshUrls freshUrls,
      Settings settings,
      Clock clock,
      Pause pause) {
    this.catalog = Objects.requireNonNull(catalog, "catalog");
    this.files = Objects.requireNonNull(files, "files");
    this.download = new MediaDownload(client, settings.headers(), settings.maxBytes(), clock);
    this.freshUrls = Objects.requireNonNull(freshUrls, "freshUrls");
    this.settings = settings;
    this.clock = clock;
    this.pause = pause;
    this.interval = Duration.ofNanos((long) (1e9 / settings.maxRps()));
  }

  /**
   * Mirrors due photos until none is due or {@code stop} says so (checked between batches).
   *
   * @throws IOException when the media folder cannot be written
   */
  public Report run(BooleanSupplier stop) throws IOException, InterruptedException {
    return run(stop, () -> {});
  }

  /**
   * As {@link #run(BooleanSupplier)}, calling {@code onPhoto} as each photo is done with (mirrored,
   * failed or put off): the progress line's tick.
   *
   * @throws IOException when the media folder cannot be written
   */
  public Report run(BooleanSupplier stop, Runnable onPhoto)
      throws IOException, InterruptedException {
    files.removeTemporaries();
    AtomicLong mirrored = new AtomicLong();
    AtomicLong failed = new AtomicLong();
    AtomicLong later = new AtomicLong();
    AtomicLong bytes = new AtomicLong();
    Set<String> listings = ConcurrentHashMap.newKeySet();
    ExecutorService pool = Executors.newFixedThreadPool(settings.threads());
    try {
      while (!stop.getAsBoolean()) {
        List<MirrorTask> batch = catalog.next(Math.max(settings.threads() * 4, BATCH));
        if (batch.isEmpty()) {
          break;
        }
        List<Callable<MirrorOutcome>> work = new ArrayList<>();
        for (MirrorTask task : batch) {
          work.add(
              () -> {
                MirrorOutcome outcome = mirror(task, bytes);
                onPhoto.run();
                return outcome;
              });
        }
        List<MirrorOutcome> outcomes = new ArrayList<>(batch.size());
        List<Future<MirrorOutcome>> done = pool.invokeAll(work);
        for (int i = 0; i < done.size(); i++) {
          MirrorOutcome outcome;
          try {
            outcome = done.get(i).get();
          } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException io) {
              throw io;
            }
            throw new IllegalStateException("mirroring a photo failed", e.getCause());
          }
          outcomes.add(outcome);
          MirrorTask task = batch.get(i);
          switch (outcome) {
            case MirrorOutcome.Mirrored m -> {
              mirrored.incrementAndGet();
              listings.add(task.listingKey());
            }
            case MirrorOutcome.Failed f -> {
              failed.incrementAndGet();
              LOG.fine(
                  () ->
                      "photo "
                          + f.mediaKey()
                          + " of listing "
                          + task.listingKey()
                          + ": "
                          + f.reason());
              if (task.digest().isPresent()) { // its old picture goes from the listing
                listings.add(task.listingKey());
              }
            }
            case MirrorOutcome.Retry r -> later.incrementAndGet();
          }
        }
        // One transaction for the batch; files are on disk before the catalog names them, so a
        // kill before this line only repeats the batch's work.
        catalog.record(outcomes);
      }
    } finally {
      pool.shutdownNow();
    }
    return new Report(mirrored.get(), failed.get(), later.get(), bytes.get(), listings);
  }

  private MirrorOutcome mirror(MirrorTask task, AtomicLong downloaded)
      throws IOException, InterruptedException {
    String url = task.sourceUrl();
    boolean refreshed = false;
    while (true) {
      String host = host(url);
      if (unreachable.getOrDefault(host, 0) >= UNREACHABLE_AFTER) {
        // No answer from this host several times in a row: its other photos wait for the next
        // run, without a request each (and without the rate cap's wait for each).
        return later(task, "host " + host + " unreachable", Optional.empty());
      }
      if (!MediaDownload.isFile(url)) { // the cap spares a provider's server, not a local disk
        pace();
      }
      MediaDownload.Outcome outcome = download.fetch(url);
      if (!(outcome instanceof MediaDownload.Later later && later.unreachable())) {
        unreachable.remove(host); // it answered
      }
      switch (outcome) {
        case MediaDownload.Fetched fetched -> {
          downloaded.addAndGet(fetched.bytes().length);
          return store(task, fetched.bytes());
        }
        case MediaDownload.Later wait -> {
          if (wait.unreachable()) {
            unreachable.merge(host, 1, Integer::sum);
          }
          wait.after().ifPresent(this::holdFor);
          return later(task, wait.reason(), wait.after());
        }
        case MediaDownload.Refused refused -> {
          Optional<String> fresh = refreshed ? Optional.empty() : freshUrls.urlFor(task);
          if (fresh.isEmpty() || fresh.get().equals(url)) {
            return fail(task, "HTTP " + refused.status() + " (no fresh URL)");
          }
          refreshed = true;
          url = fresh.get();
        }
        case MediaDownload.Failed failure -> {
          return fail(task, failure.reason());
        }
      }
    }
  }

  private MirrorOutcome store(MirrorTask task, byte[] source) throws IOException {
    String digest = MediaFiles.digest(source);
    if (files.has(digest)) {
      // The same picture for another listing (or again): its variants are there already.
      Optional<int[]> size = catalog.dimensions(digest);
      if (size.isPresent()) {
        // The variants' bytes, as for the photo first stored: the catalog sums what is on disk.
        return new MirrorOutcome.Mirrored(
            task.mediaKey(), digest, files.bytes(digest), size.get()[0], size.get()[1]);
      }
    }
    PhotoVariants.Variants made;
    try {
      made = variants.make(source);
    } catch (UnusableImageException e) {
      return fail(task, e.getMessage());
    }
    files.store(digest, made.jpegs());
    return new MirrorOutcome.Mirrored(
        task.mediaKey(), digest, made.bytes(), made.width(), made.height());
  }

  private MirrorOutcome later(MirrorTask task, String reason, Optional<Duration> after) {
    if (task.attempts() + 1 >= MAX_ATTEMPTS) {
      return fail(task, reason + " (" + MAX_ATTEMPTS + " attempts)");
    }
    Duration backoff = FIRST_BACKOFF.multipliedBy(1L << Math.min(task.attempts(), 20));
    Duration wait = after.orElse(backoff.compareTo(MAX_BACKOFF) > 0 ? MAX_BACKOFF : backoff);
    return new MirrorOutcome.Retry(task.mediaKey(), reason, clock.instant().plus(wait));
  }

  private static MirrorOutcome fail(MirrorTask task, String reason) {
    return new MirrorOutcome.Failed(task.mediaKey(), reason);
  }

  /** The host of {@code url} ("" for a file or a URL without one): what answers or does not. */
  private static String host(String url) {
    try {
      String host = java.net.URI.create(url).getHost();
      return host == null ? "" : host.toLowerCase(java.util.Locale.ROOT);
    } catch (IllegalArgumentException e) {
      return "";
    }
  }

  /** Waits for this thread's turn under the rate cap. */
  private void pace() throws InterruptedException {
    Duration wait;
    synchronized (this) {
      Instant now = clock.instant();
      Instant start = nextStart.isAfter(now) ? nextStart : now;
      nextStart = start.plus(interval);
      wait = Duration.between(now, start);
    }
    if (!wait.isZero() && !wait.isNegative()) {
      pause.sleep(wait);
    }
  }

  /** Holds every thread's next request for {@code wait} (the server asked for it). */
  private synchronized void holdFor(Duration wait) {
    Instant until = clock.instant().plus(wait);
    if (until.isAfter(nextStart)) {
      nextStart = until;
    }
  }
}

package io.keybox.server.mirror;

import io.keybox.state.StateStore;
import io.keybox.state.StateStoreException;
import io.keybox.state.media.MediaState;
import io.keybox.state.media.MediaSummary;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.LongSupplier;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Collectors;

/**
 * Each vendor's photo counts from the media catalog of a data directory, read at most once every
 * {@code maxAge} (or ten times as long as the last read took, if longer): health checks and scrapes
 * come often, and counting a large catalog reads every photo's row. The catalog is read only when
 * the state store's file exists (a server whose vendors mirror nothing creates none), and the store
 * is opened for each read and closed again, so the server holds no lock or file of the indexer's.
 *
 * <p>Thread-safe: one reader refreshes at a time; the others get the counts of that read.
 */
public final class MirrorStatus {
  /** How long the counts are reused by default. */
  public static final Duration MAX_AGE = Duration.ofSeconds(5);

  private static final Logger LOG = Logger.getLogger(MirrorStatus.class.getName());

  /**
   * A vendor's photos as health shows them.
   *
   * @param mirrored photos whose variants are served
   * @param pending photos still to download (new, changed, or waiting for a retry)
   * @param failed photos given up on (the media report says why)
   */
  public record Counts(long mirrored, long pending, long failed) {}

  private final Path dataDir;
  private final long maxAgeNanos;
  private final LongSupplier nanoTime;
  private List<MediaSummary.Vendor> vendors = List.of();
  private long readAt;
  private long reuseNanos;
  private boolean read;
  private String lastProblem;

  /**
   * @param dataDir the data directory, whose state store the indexer writes
   * @param maxAge how long counts are reused
   * @param nanoTime the clock the age is measured on ({@code System::nanoTime})
   */
  public MirrorStatus(Path dataDir, Duration maxAge, LongSupplier nanoTime) {
    this.dataDir = Objects.requireNonNull(dataDir, "dataDir");
    this.maxAgeNanos = maxAge.toNanos();
    this.nanoTime = nanoTime;
  }

  /** The status of {@code dataDir}, counted at most every {@link #MAX_AGE}. */
  public static MirrorStatus of(Path dataDir) {
    return new MirrorStatus(dataDir, MAX_AGE, System::nanoTime);
  }

  /** Every vendor with photos in the catalog, by name. */
  public synchronized List<MediaSummary.Vendor> vendors() {
    long now = nanoTime.getAsLong();
    if (!read || now - readAt >= reuseNanos) {
      vendors = readCatalog();
      long took = nanoTime.getAsLong() - now;
      readAt = now;
      // A catalog of millions of photos takes a while to count: reading it at most a tenth of
      // the time keeps frequent health checks from keeping a core busy.
      reuseNanos = Math.max(maxAgeNanos, took * 10);
      read = true;
    }
    return vendors;
  }

  /** {@code vendor}'s counts, when the catalog holds photos of it. */
  public Optional<Counts> of(String vendor) {
    return Optional.ofNullable(byVendor().get(vendor))
        .map(
            v ->
                new Counts(
                    v.count(MediaState.MIRRORED),
                    v.count(MediaState.PENDING),
                    v.count(MediaState.FAILED)));
  }

  private Map<String, MediaSummary.Vendor> byVendor() {
    return vendors().stream()
        .collect(Collectors.toMap(MediaSummary.Vendor::vendor, v -> v, (a, b) -> a));
  }

  /**
   * The catalog's counts, or none when there is no catalog or it cannot be read (logged once per
   * distinct problem: health and metrics go on without photo counts).
   */
  private List<MediaSummary.Vendor> readCatalog() {
    if (!Files.isRegularFile(dataDir.resolve(StateStore.FILE))) {
      return List.of();
    }
    try (StateStore store = StateStore.open(dataDir)) {
      List<MediaSummary.Vendor> counted = MediaSummary.read(store);
      lastProblem = null;
      return counted;
    } catch (StateStoreException e) {
      if (!e.getMessage().equals(lastProblem)) {
        lastProblem = e.getMessage();
        LOG.log(Level.WARNING, "photo counts unavailable: " + e.getMessage(), e);
      }
      return List.of();
    }
  }
}

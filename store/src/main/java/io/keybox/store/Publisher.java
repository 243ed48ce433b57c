package io.keybox.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexNotFoundException;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.Lock;
import org.apache.lucene.store.LockObtainFailedException;

/**
 * Publishes a vendor's current Lucene commit to a {@link Store} (the indexer side). Usage, after
 * the indexer's commit:
 *
 * <pre>{@code
 * try (Store store = StoreUrl.parse(url).open(endpoint)) {
 *   PublishResult result = new Publisher(store).publish("houston", vendorDir);
 *   out.println(result.uploaded() + " objects uploaded, " + result.skipped() + " already stored");
 * }
 * }</pre>
 *
 * <p>{@code vendorDir} is the vendor's folder under the data directory: the commit is read from
 * {@code vendorDir/index}, the side files ({@link Layout#SIDE_FILES}) from {@code vendorDir}.
 *
 * <p>Once at a time: the commit is held by the index's own write lock ({@code write.lock}) for the
 * whole publication, so no index run can commit or delete its files meanwhile (a run that starts
 * then fails on the lock; keep them apart as the operations guide says), and publishers of one
 * vendor on any machine take turns through a lock object in the store ({@code <vendor>/lock},
 * written with a conditional create, so that two can never both hold it). The new manifest is also
 * written with a conditional create: two publishers can never take the same sequence.
 *
 * <p>Guarantees, in this order: each index file the store lacks is checked whole against its Lucene
 * footer checksum and uploaded (several at once) under a key holding its checksum and length (files
 * already stored are not sent again); the side files likewise; the variants of the photos the
 * commit shows that the store lacks, when the caller names them ({@link PublishedMedia}); then the
 * new {@link Manifest}; then, LAST, the vendor's {@link Pointer}. A reader that sees the new
 * pointer therefore finds every object it names. A failure before the pointer is written leaves the
 * previous publication in force (the objects already sent are reused next time).
 *
 * <p>Retention, by time: after the pointer, a manifest older than {@code keepFor} that the pointer
 * does not name is deleted, and an object is deleted once it is older than {@code keepFor} and no
 * remaining manifest names it. So a replica that read a manifest within {@code keepFor} finds its
 * objects, and a backup of the store can be restored to any publication of that window. Photos are
 * not removed: a manifest does not list them (millions of keys), and a photo may be shown again by
 * a later commit. NOTE: so a store keeps every photo it was ever sent.
 */
public final class Publisher {
  /** How long publications are kept by default. */
  public static final Duration DEFAULT_KEEP_FOR = Duration.ofHours(24);

  /**
   * How long a lock object holds before another publisher may take it over: far longer than a
   * publication takes, so that only a publisher killed while holding it is taken over.
   */
  static final Duration LOCK_LEASE = Duration.ofHours(1);

  private final Store store;
  private final Duration keepFor;
  private final Clock clock;
  private final int parallel;

  /**
   * A publisher to {@code store} that keeps publications for {@code keepFor} (positive), tells time
   * by {@code clock} and uploads at most {@code parallel} (1..64) files at once.
   */
  public Publisher(Store store, Duration keepFor, Clock clock, int parallel) {
    if (keepFor.isNegative() || keepFor.isZero()) {
      throw new IllegalArgumentException("keepFor must be positive (got: " + keepFor + ")");
    }
    if (parallel < 1 || parallel > 64) {
      throw new IllegalArgumentException("parallel must be 1..64 (got: " + parallel + ")");
    }
    this.store = store;
    this.keepFor = keepFor;
    this.clock = clock;
    this.parallel = parallel;
  }

  /** A publisher with the defaults: {@link #DEFAULT_KEEP_FOR}, the system clock, 8 at once. */
  public Publisher(Store store) {
    this(store, DEFAULT_KEEP_FOR, Clock.systemUTC(), Transfers.DEFAULT_PARALLEL);
  }

  /**
   * Publishes {@code vendor}'s latest commit found under {@code vendorDir/index}.
   *
   * @throws IndexNotFoundException when the folder holds no commit
   * @throws LockObtainFailedException when an index run holds the index's write lock
   * @throws PublishConflictException when another publisher of the vendor holds the store's lock or
   *     took the sequence
   * @throws IOException when a file cannot be read or fails its checksum, or the store fails
   */
  public PublishResult publish(String vendor, Path vendorDir) throws IOException {
    return publish(vendor, vendorDir, PublishedMedia.NONE, counts -> {});
  }

  /**
   * Publishes {@code vendor}'s latest commit found under {@code vendorDir/index} with the photos it
   * shows: each variant the store lacks is uploaded under {@link Layout#mediaObject}, before the
   * manifest and the pointer, so a replica never serves a listing whose photo the store lacks.
   * Which photos the store holds is recorded under {@code vendorDir/media-uploads} ({@link
   * UploadedMedia}). {@code progress} hears the counts so far after each batch of photos.
   *
   * @throws IndexNotFoundException when the folder holds no commit
   * @throws LockObtainFailedException when an index run holds the index's write lock
   * @throws PublishConflictException when another publisher of the vendor holds the store's lock or
   *     took the sequence
   * @throws IOException when a file cannot be read or fails its checksum, or the store fails
   */
  public PublishResult publish(
      String vendor, Path vendorDir, PublishedMedia media, Consumer<MediaCounts> progress)
      throws IOException {
    Layout.checkVendor(vendor);
    Path indexDir = vendorDir.resolve("index");
    if (!Files.isDirectory(indexDir)) {
      throw new IndexNotFoundException("no index folder at " + indexDir);
    }
    try (Directory dir = FSDirectory.open(indexDir);
        Lock held = dir.obtainLock(IndexWriter.WRITE_LOCK_NAME);
        PublishLock locked = PublishLock.take(store, vendor, clock, LOCK_LEASE);
        Transfers transfers = new Transfers(parallel, "keybox-publish")) {
      return publishHeld(vendor, vendorDir, dir, transfers, media, progress);
    }
  }

  private PublishResult publishHeld(
      String vendor,
      Path vendorDir,
      Directory dir,
      Transfers transfers,
      PublishedMedia media,
      Consumer<MediaCounts> progress)
      throws IOException {
    SegmentInfos commit = SegmentInfos.readLatestCommit(dir);
    Set<String> present = new HashSet<>(store.list(Layout.indexObjects(vendor)));
    present.addAll(store.list(Layout.sideObjects(vendor)));
    Upload upload = new Upload(present);

    List<FileEntry> files = new ArrayList<>();
    for (String name : commit.files(true)) {
      FileEntry footer = Checksums.index(dir, name, false);
      files.add(footer);
      String key = Layout.indexObject(vendor, footer);
      upload.unlessPresent(
          key,
          () -> {
            // Never spread a corrupted file: replicas would refuse it and stay behind.
            Checksums.index(dir, name, true);
            store.put(key, vendorDir.resolve("index").resolve(name));
            upload.sent(footer.length());
          });
    }
    List<FileEntry> sideFiles = new ArrayList<>();
    for (String name : Layout.SIDE_FILES) {
      Path file = vendorDir.resolve(name);
      if (!Files.isRegularFile(file)) {
        continue;
      }
      FileEntry entry = Checksums.side(file, name);
      sideFiles.add(entry);
      String key = Layout.sideObject(vendor, entry);
      upload.unlessPresent(
          key,
          () -> {
            store.put(key, file);
            upload.sent(entry.length());
          });
    }
    transfers.all(upload.tasks);
    MediaCounts photos = MediaCounts.NONE;
    if (media != PublishedMedia.NONE) {
      // The write lock is held: the latest commit is still the one read above.
      try (DirectoryReader reader = DirectoryReader.open(dir)) {
        photos = new MediaUpload(store, vendor, transfers, progress).run(vendorDir, reader, media);
      }
    }

    long sequence =
        manifestSequences(vendor).stream().mapToLong(Long::longValue).max().orElse(0) + 1;
    Manifest manifest =
        new Manifest(
            Manifest.FORMAT,
            vendor,
            sequence,
            commit.getGeneration(),
            commit.getSegmentsFileName(),
            commit.getUserData(),
            files,
            sideFiles);
    String manifestKey = Layout.manifest(vendor, sequence);
    if (!store.create(manifestKey, Layout.write(manifest))) {
      throw new PublishConflictException(
          store.describe(manifestKey) + " was written by another publisher meanwhile");
    }
    store.put(Layout.pointer(vendor), Layout.write(Pointer.to(sequence)));

    int deleted = removeExpired(vendor, sequence);
    return new PublishResult(
        vendor,
        sequence,
        commit.getGeneration(),
        upload.uploaded.get(),
        upload.bytes.get(),
        upload.skipped.get(),
        deleted,
        photos);
  }

  /** What the uploads did; updated from the transfer threads. */
  private static final class Upload {
    final AtomicInteger uploaded = new AtomicInteger();
    final AtomicInteger skipped = new AtomicInteger();
    final AtomicLong bytes = new AtomicLong();
    final List<Transfers.Task> tasks = new ArrayList<>();
    private final Set<String> present;

    /** An upload to a store that holds the objects {@code present}. */
    Upload(Set<String> present) {
      this.present = present;
    }

    /** Counts {@code key} as skipped when the store holds it, else queues {@code send}. */
    void unlessPresent(String key, Transfers.Task send) {
      if (present.contains(key)) {
        skipped.incrementAndGet();
      } else {
        tasks.add(send);
      }
    }

    void sent(long length) {
      uploaded.incrementAndGet();
      bytes.addAndGet(length);
    }
  }

  private List<Long> manifestSequences(String vendor) throws IOException {
    List<Long> sequences = new ArrayList<>();
    for (String key : store.list(Layout.manifests(vendor))) {
      Layout.manifestSequence(vendor, key).ifPresent(sequences::add);
    }
    return sequences;
  }

  /**
   * Deletes the manifests older than {@code keepFor} but the current one, then the objects older
   * than {@code keepFor} that no remaining manifest names; returns how many objects went.
   */
  private int removeExpired(String vendor, long current) throws IOException {
    Instant horizon = clock.instant().minus(keepFor);
    Map<Long, Store.Listed> manifests = new TreeMap<>();
    for (Store.Listed listed : store.listWithTimes(Layout.manifests(vendor))) {
      Layout.manifestSequence(vendor, listed.key())
          .ifPresent(sequence -> manifests.put(sequence, listed));
    }
    int deleted = 0;
    Set<String> referenced = new HashSet<>();
    for (Map.Entry<Long, Store.Listed> manifest : manifests.entrySet()) {
      String key = manifest.getValue().key();
      if (manifest.getKey() != current && manifest.getValue().lastModified().isBefore(horizon)) {
        store.delete(key);
        deleted++;
      } else {
        referenced.addAll(
            Layout.read(store.get(key), Manifest.class, store.describe(key)).objectKeys());
      }
    }
    List<Store.Listed> objects = new ArrayList<>(store.listWithTimes(Layout.indexObjects(vendor)));
    objects.addAll(store.listWithTimes(Layout.sideObjects(vendor)));
    for (Store.Listed object : objects) {
      if (!referenced.contains(object.key()) && object.lastModified().isBefore(horizon)) {
        store.delete(object.key());
        deleted++;
      }
    }
    return deleted;
  }
}

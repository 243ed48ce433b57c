package io.keybox.indexer.build;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.indexer.feed.FeedFormat;
import io.keybox.indexer.feed.RawRecord;
import io.keybox.indexer.feed.RecordBatches;
import io.keybox.indexer.ids.IdConflictException;
import io.keybox.indexer.ids.IdMap;
import io.keybox.indexer.reso.ResoListingMapping;
import io.keybox.schema.CommitData;
import io.keybox.schema.listing.ListingDocuments;
import io.keybox.schema.listing.ListingQueries;
import io.keybox.schema.listing.ListingRecord;
import io.keybox.schema.listing.Status;
import io.keybox.schema.shape.InvalidRecordException;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.IndexWriterConfig.OpenMode;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;

/**
 * Builds a vendor's new state from a dump (listings, and optionally open houses and agents) and
 * publishes it with one commit.
 *
 * <p>Pipeline: a reader thread cuts the dump into batches; a pool parses and validates batches in
 * parallel; this thread takes the parsed batches in dump order and assigns stable ids (so ids are
 * deterministic), then hands the listings back to the pool to be rendered and added to the writer.
 * The commit is the single point of publication: a crash at any moment before it leaves the
 * previous commit serving, and the next run starts over cleanly. Open houses are read before the
 * listings and joined with them after ({@link OpenHouseStage}); agents are added last ({@link
 * AgentStage}).
 *
 * <p>A dump whose good records are fewer than half of what the vendor's current index holds is
 * refused without touching the index, unless forced: a truncated nightly file must never wipe a
 * site.
 */
public final class VendorIndexBuilder {
  private static final int BATCH = 512;

  private final ObjectMapper mapper;
  private final ListingDocuments documents;
  private final Clock clock;
  private final int threads;

  public VendorIndexBuilder(ObjectMapper mapper, Clock clock, int threads) {
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be >= 1 (got: " + threads + ")");
    }
    this.mapper = mapper;
    this.documents = new ListingDocuments(mapper);
    this.clock = clock;
    this.threads = threads;
  }

  /**
   * Indexes {@code listingsDump} as the complete new state of the vendor at {@code layout}.
   *
   * @param force publish even when the dump holds fewer than half the current listings
   * @throws IOException when the dump or the index cannot be read or written; nothing is published
   */
  public BuildReport rebuild(VendorLayout layout, Path listingsDump, boolean force)
      throws IOException {
    return rebuild(layout, FeedDumps.listingsOnly(listingsDump), FeedFormat.NATIVE, force);
  }

  /** As {@link #rebuild(VendorLayout, FeedDumps, FeedFormat, boolean)} for a native dump. */
  public BuildReport rebuild(VendorLayout layout, FeedDumps dumps, boolean force)
      throws IOException {
    return rebuild(layout, dumps, FeedFormat.NATIVE, force);
  }

  /**
   * Indexes {@code dumps}, in {@code format}, as the complete new state of the vendor.
   *
   * @param force publish even when the dump holds fewer than half the current listings
   * @throws IOException when the dump or the index cannot be read or written; nothing is published
   */
  public BuildReport rebuild(VendorLayout layout, FeedDumps dumps, FeedFormat format, boolean force)
      throws IOException {
    return run(layout, dumps, format, Mode.FULL, force);
  }

  /**
   * Applies {@code listingsDump} to the vendor's current state as upserts: listings in the dump
   * replace the ones with the same identity or are added; a listing whose status is {@code Delete}
   * is removed. Open houses and agents are left as they are. Published with one commit, like a
   * rebuild.
   *
   * @throws IOException when the dump or the index cannot be read or written; nothing is published
   */
  public BuildReport update(VendorLayout layout, Path listingsDump, FeedFormat format)
      throws IOException {
    return run(layout, FeedDumps.listingsOnly(listingsDump), format, Mode.INCREMENTAL, true);
  }

  /** A full rebuild replaces the vendor's state; an incremental run changes it. */
  private enum Mode {
    FULL,
    INCREMENTAL
  }

  private BuildReport run(
      VendorLayout layout, FeedDumps dumps, FeedFormat format, Mode mode, boolean force)
      throws IOException {
    Files.createDirectories(layout.vendorDir());
    IdMap ids = IdMap.load(layout.idMap());
    IdMap openHouseKeys = IdMap.load(layout.openHouseKeys(), "openHouseKey", "open house");
    long currentListings = currentListings(layout);
    List<Reject> rejects = new ArrayList<>();
    OpenHouseStage openHouses = new OpenHouseStage(mapper);
    if (dumps.openHouses().isPresent()) {
      openHouses.read(dumps.openHouses().get());
    }
    try (Directory dir = FSDirectory.open(layout.indexDir());
        IndexWriter writer = new IndexWriter(dir, writerConfig(mode))) {
      Counts counts = indexAll(dumps.listings(), format, mode, writer, ids, rejects, openHouses);
      if (!force && counts.upserted() * 2 < currentListings) {
        writer.rollback();
        return new BuildReport(
            counts.upserted(),
            0,
            rejects,
            null,
            false,
            "the dump holds "
                + counts.upserted()
                + " good listings, fewer than half of the "
                + currentListings
                + " the index holds now; refusing to publish (use --force if this is intended)",
            0,
            0);
      }
      long openHouseCount = openHouses.write(writer, openHouseKeys, ids);
      rejects.addAll(openHouses.rejects());
      long agents =
          dumps.agents().isEmpty()
              ? 0
              : new AgentStage(mapper).index(dumps.agents().get(), writer, rejects);
      long listingsAfter = mode == Mode.FULL ? counts.upserted() : countListings(writer);
      CommitData data =
          new CommitData(
              clock.instant(),
              dumps.listings().getFileName().toString(),
              listingsAfter,
              rejects.size());
      ids.save();
      openHouseKeys.save();
      writeRejects(layout.rejects(), rejects);
      writer.setLiveCommitData(data.toUserData().entrySet());
      writer.commit();
      return new BuildReport(
          counts.upserted(),
          counts.deleted(),
          rejects,
          data.refreshTime(),
          true,
          null,
          openHouseCount,
          agents);
    }
  }

  /** What a run changed: listings written, listings removed. */
  private record Counts(long upserted, long deleted) {}

  /** One change to apply: a listing to write, or the mlsId of a listing to remove. */
  private record Change(ListingRecord listing, long deleteMlsId) {}

  private static long countListings(IndexWriter writer) throws IOException {
    try (DirectoryReader reader = DirectoryReader.open(writer)) {
      return new IndexSearcher(reader).count(ListingQueries.allListings());
    }
  }

  private IndexWriterConfig writerConfig(Mode mode) {
    return new IndexWriterConfig()
        .setOpenMode(mode == Mode.FULL ? OpenMode.CREATE : OpenMode.CREATE_OR_APPEND)
        .setIndexSort(ListingDocuments.INDEX_SORT)
        .setRAMBufferSizeMB(128)
        .setCommitOnClose(false);
  }

  /** The listing count of the vendor's current commit, 0 when there is none. */
  private static long currentListings(VendorLayout layout) throws IOException {
    if (!Files.isDirectory(layout.indexDir())) {
      return 0;
    }
    try (Directory dir = FSDirectory.open(layout.indexDir())) {
      if (!DirectoryReader.indexExists(dir)) {
        return 0;
      }
      try (DirectoryReader reader = DirectoryReader.open(dir)) {
        return new IndexSearcher(reader).count(ListingQueries.allListings());
      }
    }
  }

  /**
   * A parsed record: a listing and the identity its id is kept by (listingId, or ListingKey for
   * RESO), or the reason it was rejected.
   */
  private record Parsed(long line, String identity, ListingRecord listing, String rejection) {
    static Parsed rejected(long line, String reason) {
      return new Parsed(line, null, null, reason);
    }
  }

  private Counts indexAll(
      Path dump,
      FeedFormat format,
      Mode mode,
      IndexWriter writer,
      IdMap ids,
      List<Reject> rejects,
      OpenHouseStage openHouses)
      throws IOException {
    ExecutorService pool = Executors.newFixedThreadPool(threads, daemon("keybox-index"));
    BlockingQueue<Future<List<Parsed>>> parsedInOrder = new ArrayBlockingQueue<>(threads * 4);
    Semaphore indexing = new Semaphore(threads * 4);
    AtomicReference<Throwable> failure = new AtomicReference<>();
    List<Future<?>> writes = new ArrayList<>();
    Thread reader =
        new Thread(() -> readBatches(dump, format, pool, parsedInOrder, failure), "keybox-read");
    reader.setDaemon(true);
    reader.start();
    Map<String, Long> firstLineOf = new HashMap<>();
    long upserted = 0;
    long deleted = 0;
    try {
      Future<List<Parsed>> next;
      while ((next = parsedInOrder.take()) != END) {
        List<Change> ready = new ArrayList<>(BATCH);
        for (Parsed parsed : next.get()) {
          Optional<String> problem = Optional.ofNullable(parsed.rejection());
          if (problem.isEmpty()) {
            problem = assignId(parsed, mode, ids, firstLineOf, ready);
          }
          problem.ifPresent(reason -> rejects.add(new Reject(parsed.line(), reason)));
        }
        for (Change change : ready) {
          if (change.listing() == null) {
            deleted++;
          } else {
            upserted++;
            openHouses.offer(change.listing());
          }
        }
        indexing.acquire();
        writes.add(
            pool.submit(
                () -> {
                  try {
                    for (Change change : ready) {
                      apply(change, mode, writer);
                    }
                  } finally {
                    indexing.release();
                  }
                  return null;
                }));
      }
      for (Future<?> write : writes) {
        write.get();
      }
      if (failure.get() != null) {
        throw new UnreadableDumpException(dump, failure.get());
      }
      return new Counts(upserted, deleted);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("indexing interrupted");
    } catch (ExecutionException e) {
      throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
    } finally {
      pool.shutdownNow();
      reader.interrupt();
    }
  }

  /**
   * Writes one change. NOTE: a delete-by-query applies only to documents indexed before it, so in
   * an incremental run the old version goes and the new one, added after, stays.
   */
  private void apply(Change change, Mode mode, IndexWriter writer) throws IOException {
    if (change.listing() == null) {
      writer.deleteDocuments(ListingQueries.byMlsId(change.deleteMlsId()));
      return;
    }
    if (mode == Mode.INCREMENTAL) {
      writer.deleteDocuments(ListingQueries.byMlsId(change.listing().mlsId().getAsLong()));
    }
    writer.addDocument(documents.toDocument(change.listing()));
  }

  private static Optional<String> assignId(
      Parsed parsed, Mode mode, IdMap ids, Map<String, Long> firstLineOf, List<Change> ready) {
    ListingRecord listing = parsed.listing();
    Long first = firstLineOf.putIfAbsent(parsed.identity(), parsed.line());
    if (first != null) {
      return Optional.of(
          "listingId: duplicate '" + parsed.identity() + "' (first at line " + first + ")");
    }
    if (mode == Mode.INCREMENTAL && listing.status() == Status.Delete) {
      // In an incremental run Delete removes the listing (OPERATIONS.md §4); an unknown one has
      // nothing to remove. A full dump is the vendor's state as is: Delete is searchable there.
      ids.idOf(parsed.identity()).ifPresent(id -> ready.add(new Change(null, id)));
      return Optional.empty();
    }
    try {
      ready.add(new Change(listing.withMlsId(ids.assign(parsed.identity(), listing.mlsId())), 0));
      return Optional.empty();
    } catch (IdConflictException e) {
      return Optional.of("mlsId: " + e.getMessage());
    }
  }

  /** Marks the end of the parsed batches. */
  private static final Future<List<Parsed>> END =
      java.util.concurrent.CompletableFuture.completedFuture(List.of());

  private void readBatches(
      Path dump,
      FeedFormat format,
      ExecutorService pool,
      BlockingQueue<Future<List<Parsed>>> parsedInOrder,
      AtomicReference<Throwable> failure) {
    try (RecordBatches records = format.open(dump, mapper)) {
      List<RawRecord> batch;
      while (!(batch = records.nextBatch(BATCH)).isEmpty()) {
        List<RawRecord> records0 = batch;
        parsedInOrder.put(pool.submit(() -> parse(records0, format)));
      }
    } catch (IOException | RuntimeException e) {
      failure.set(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      failure.set(e);
    } finally {
      try {
        parsedInOrder.put(END);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  private List<Parsed> parse(List<RawRecord> records, FeedFormat format) {
    List<Parsed> parsed = new ArrayList<>(records.size());
    for (RawRecord record : records) {
      parsed.add(parse(record, format));
    }
    return parsed;
  }

  private Parsed parse(RawRecord record, FeedFormat format) {
    JsonNode json = record.parsed();
    if (json == null) {
      try {
        json = mapper.readTree(record.text());
      } catch (IOException e) {
        return Parsed.rejected(record.line(), "not valid JSON");
      }
    }
    if (json == null || !json.isObject()) {
      return Parsed.rejected(record.line(), "expected a JSON object");
    }
    String identity = null;
    if (format == FeedFormat.RESO) {
      identity = ResoListingMapping.identity(json);
      json = ResoListingMapping.toListing(json);
    }
    try {
      ListingRecord listing = ListingRecord.parse(json);
      return new Parsed(
          record.line(), identity != null ? identity : listing.listingId(), listing, null);
    } catch (InvalidRecordException e) {
      return Parsed.rejected(record.line(), e.getMessage());
    }
  }

  private void writeRejects(Path file, List<Reject> rejects) throws IOException {
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    try (BufferedWriter out = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
      for (Reject reject : rejects) {
        out.write(
            mapper.writeValueAsString(
                mapper
                    .createObjectNode()
                    .put("dump", reject.dump())
                    .put("line", reject.line())
                    .put("reason", reject.reason())));
        out.write('\n');
      }
    }
    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  private static java.util.concurrent.ThreadFactory daemon(String name) {
    return runnable -> {
      Thread thread = new Thread(runnable, name);
      thread.setDaemon(true);
      return thread;
    };
  }
}

package io.keybox.indexer.build;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.indexer.feed.FeedInput;
import io.keybox.indexer.feed.FeedLine;
import io.keybox.indexer.feed.NdjsonLines;
import io.keybox.indexer.ids.IdConflictException;
import io.keybox.indexer.ids.IdMap;
import io.keybox.schema.CommitData;
import io.keybox.schema.listing.ListingDocuments;
import io.keybox.schema.listing.ListingQueries;
import io.keybox.schema.listing.ListingRecord;
import io.keybox.schema.shape.InvalidRecordException;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
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
 * Builds a vendor's complete new state from a native dump (listings, and optionally open houses and
 * agents) and publishes it with one commit.
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

  /** As {@link #rebuild(VendorLayout, FeedDumps, boolean)} with listings only. */
  public BuildReport rebuild(VendorLayout layout, Path listingsDump, boolean force)
      throws IOException {
    return rebuild(layout, FeedDumps.listingsOnly(listingsDump), force);
  }

  /**
   * Indexes {@code dumps} as the complete new state of the vendor at {@code layout}.
   *
   * @param force publish even when the dump holds fewer than half the current listings
   * @throws IOException when a dump or the index cannot be read or written; nothing is published
   */
  public BuildReport rebuild(VendorLayout layout, FeedDumps dumps, boolean force)
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
        IndexWriter writer = new IndexWriter(dir, writerConfig())) {
      long listings = indexAll(dumps.listings(), writer, ids, rejects, openHouses);
      if (!force && listings * 2 < currentListings) {
        writer.rollback();
        return new BuildReport(
            listings,
            rejects,
            null,
            false,
            "the dump holds "
                + listings
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
      CommitData data =
          new CommitData(
              clock.instant(), dumps.listings().getFileName().toString(), listings, rejects.size());
      ids.save();
      openHouseKeys.save();
      writeRejects(layout.rejects(), rejects);
      writer.setLiveCommitData(data.toUserData().entrySet());
      writer.commit();
      return new BuildReport(
          listings, rejects, data.refreshTime(), true, null, openHouseCount, agents);
    }
  }

  private IndexWriterConfig writerConfig() {
    return new IndexWriterConfig()
        .setOpenMode(OpenMode.CREATE)
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

  /** A parsed line: a listing or the reason it was rejected. */
  private record Parsed(long line, ListingRecord listing, String rejection) {}

  private long indexAll(
      Path dump, IndexWriter writer, IdMap ids, List<Reject> rejects, OpenHouseStage openHouses)
      throws IOException {
    ExecutorService pool = Executors.newFixedThreadPool(threads, daemon("keybox-index"));
    BlockingQueue<Future<List<Parsed>>> parsedInOrder = new ArrayBlockingQueue<>(threads * 4);
    Semaphore indexing = new Semaphore(threads * 4);
    AtomicReference<Throwable> failure = new AtomicReference<>();
    List<Future<?>> writes = new ArrayList<>();
    Thread reader =
        new Thread(() -> readBatches(dump, pool, parsedInOrder, failure), "keybox-read");
    reader.setDaemon(true);
    reader.start();
    Map<String, Long> firstLineOf = new HashMap<>();
    long listings = 0;
    try {
      Future<List<Parsed>> next;
      while ((next = parsedInOrder.take()) != END) {
        List<ListingRecord> ready = new ArrayList<>(BATCH);
        for (Parsed parsed : next.get()) {
          Optional<String> problem = Optional.ofNullable(parsed.rejection());
          if (problem.isEmpty()) {
            problem = assignId(parsed, ids, firstLineOf, ready);
          }
          problem.ifPresent(reason -> rejects.add(new Reject(parsed.line(), reason)));
        }
        ready.forEach(openHouses::offer);
        listings += ready.size();
        indexing.acquire();
        writes.add(
            pool.submit(
                () -> {
                  try {
                    for (ListingRecord listing : ready) {
                      writer.addDocument(documents.toDocument(listing));
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
      return listings;
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

  private static Optional<String> assignId(
      Parsed parsed, IdMap ids, Map<String, Long> firstLineOf, List<ListingRecord> ready) {
    ListingRecord listing = parsed.listing();
    Long first = firstLineOf.putIfAbsent(listing.listingId(), parsed.line());
    if (first != null) {
      return Optional.of(
          "listingId: duplicate '" + listing.listingId() + "' (first at line " + first + ")");
    }
    try {
      ready.add(listing.withMlsId(ids.assign(listing.listingId(), listing.mlsId())));
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
      ExecutorService pool,
      BlockingQueue<Future<List<Parsed>>> parsedInOrder,
      AtomicReference<Throwable> failure) {
    try (InputStream in = FeedInput.open(dump);
        NdjsonLines lines = new NdjsonLines(in)) {
      List<FeedLine> batch;
      while (!(batch = lines.nextBatch(BATCH)).isEmpty()) {
        List<FeedLine> lines0 = batch;
        parsedInOrder.put(pool.submit(() -> parse(lines0)));
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

  private List<Parsed> parse(List<FeedLine> lines) {
    List<Parsed> parsed = new ArrayList<>(lines.size());
    for (FeedLine line : lines) {
      JsonNode json;
      try {
        json = mapper.readTree(line.text());
      } catch (IOException e) {
        parsed.add(new Parsed(line.number(), null, "not valid JSON"));
        continue;
      }
      try {
        parsed.add(new Parsed(line.number(), ListingRecord.parse(json), null));
      } catch (InvalidRecordException e) {
        parsed.add(new Parsed(line.number(), null, e.getMessage()));
      }
    }
    return parsed;
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

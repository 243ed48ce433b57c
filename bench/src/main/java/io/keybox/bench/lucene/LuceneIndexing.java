package io.keybox.bench.lucene;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.indexer.build.VendorIndexBuilder;
import io.keybox.indexer.build.WriterThreads;
import io.keybox.schema.listing.ListingDocuments;
import io.keybox.schema.listing.ListingRecord;
import io.keybox.schema.openhouse.ListingLink;
import io.keybox.schema.openhouse.OpenHouseDocuments;
import io.keybox.schema.openhouse.OpenHouseRecord;
import io.keybox.schema.reso.ResoPropertyRecord;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.zip.GZIPInputStream;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;

/**
 * The indexing limit: what any indexer of this feed into this index cannot avoid. That is Lucene
 * writing the documents, with the indexer's writer settings ({@link
 * VendorIndexBuilder#writerConfig()}), as many writing threads as the indexer uses and its way of
 * writing and flushing ({@link WriterThreads}); and Jackson reading each record of the feed and
 * writing it back once, as the stored JSON must be written.
 *
 * <p>Two parts are timed, each on all threads, and only they: the codec (Jackson's {@code readTree}
 * of every record and {@code writeValueAsBytes} of what it read) and the writer (every {@link
 * IndexWriter#addDocument}, the final flush and the commit). Reading the gzip, validating and
 * normalising records, joining open houses with their listings and building the schema's documents
 * ({@link ListingDocuments}, {@link OpenHouseDocuments}) happen untimed in between: they are
 * Keybox's own work, which the limit leaves out. The documents are the indexer's: listings in feed
 * order with ids counting up from 1, then the open houses of the dump, if given, each with its
 * listing.
 */
public final class LuceneIndexing {
  private static final int CHUNK = 8192;
  private static final int BATCH = 512;

  /**
   * What writing cost.
   *
   * @param listings listing documents written
   * @param openHouses open house documents written
   * @param writerSeconds time spent in {@code addDocument}, the flush and the commit
   * @param codecSeconds time Jackson spent reading every record and writing it back
   */
  public record Result(long listings, long openHouses, double writerSeconds, double codecSeconds) {
    /** The limit's time: the writer's and the codec's. */
    public double seconds() {
      return writerSeconds + codecSeconds;
    }

    /** The limit: listings of the feed per second of {@link #seconds()}. */
    public double listingsPerSecond() {
      return listings / seconds();
    }

    /** Lucene's part alone: listings per second of the writer's time. */
    public double writerListingsPerSecond() {
      return listings / writerSeconds;
    }
  }

  private final ObjectMapper mapper = new ObjectMapper();
  private final ListingDocuments listingDocuments = ResoPropertyRecord.documents(mapper);
  private final OpenHouseDocuments openHouseDocuments = new OpenHouseDocuments(mapper);
  private final int threads;
  private long codecNanos;
  private long writerNanos;

  /** A peer writing with {@code threads} threads (the indexer's default: one per core). */
  public LuceneIndexing(int threads) {
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be >= 1 (got: " + threads + ")");
    }
    this.threads = threads;
  }

  /**
   * Writes the first {@code limit} listings of {@code listingsDump} (NDJSON, gzip), then the open
   * houses of {@code openHousesDump} whose listing is among them, into a new index at {@code
   * indexDir}.
   *
   * @throws IOException when a dump cannot be read, holds a bad record, or the index cannot be
   *     written
   */
  public Result index(Path listingsDump, Optional<Path> openHousesDump, long limit, Path indexDir)
      throws IOException {
    codecNanos = 0;
    writerNanos = 0;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try (Directory dir = FSDirectory.open(indexDir);
        IndexWriter writer = new IndexWriter(dir, VendorIndexBuilder.writerConfig());
        WriterThreads writing = new WriterThreads(threads)) {
      List<OpenHouseRecord> openHouses =
          openHousesDump.isPresent() ? readOpenHouses(openHousesDump.get(), pool) : List.of();
      Linked linked = new Linked(openHouses);
      long listings = writeListings(listingsDump, limit, linked, pool, writer, writing);
      List<Document> openHouseDocs = linked.documents(openHouses, listings, pool);
      write(openHouseDocs, writer, writing);
      long started = System.nanoTime();
      writing.flushBuffers(writer);
      writer.commit();
      writerNanos += System.nanoTime() - started;
      return new Result(listings, openHouseDocs.size(), writerNanos / 1e9, codecNanos / 1e9);
    } finally {
      pool.shutdownNow();
    }
  }

  private long writeListings(
      Path dump,
      long limit,
      Linked linked,
      ExecutorService pool,
      IndexWriter writer,
      WriterThreads writing)
      throws IOException {
    long written = 0;
    try (BufferedReader lines = open(dump)) {
      List<String> chunk;
      while (written < limit
          && !(chunk = read(lines, (int) Math.min(CHUNK, limit - written))).isEmpty()) {
        List<ListingRecord> parsed = inParallel(codec(chunk, pool), ListingRecord::parse, pool);
        List<ListingRecord> listings = new ArrayList<>(parsed.size());
        for (ListingRecord listing : parsed) {
          listings.add(listing.withMlsId(written + listings.size() + 1));
        }
        listings.forEach(linked::offer);
        write(inParallel(listings, listingDocuments::toDocument, pool), writer, writing);
        written += listings.size();
      }
    }
    return written;
  }

  private List<OpenHouseRecord> readOpenHouses(Path dump, ExecutorService pool) throws IOException {
    List<OpenHouseRecord> openHouses = new ArrayList<>();
    try (BufferedReader lines = open(dump)) {
      List<String> chunk;
      while (!(chunk = read(lines, CHUNK)).isEmpty()) {
        openHouses.addAll(inParallel(codec(chunk, pool), OpenHouseRecord::parse, pool));
      }
    }
    return openHouses;
  }

  /** Jackson's share, timed: reads every record and writes what it read back to bytes. */
  private List<JsonNode> codec(List<String> lines, ExecutorService pool) throws IOException {
    long started = System.nanoTime();
    List<JsonNode> trees =
        inParallel(
            lines,
            line -> {
              JsonNode tree = mapper.readTree(line);
              if (mapper.writeValueAsBytes(tree).length == 0) {
                throw new IOException("Jackson wrote nothing for a record"); // never: keeps it live
              }
              return tree;
            },
            pool);
    codecNanos += System.nanoTime() - started;
    return trees;
  }

  /** The writer's share, timed: adds the documents in batches, as the indexer does. */
  private void write(List<Document> docs, IndexWriter writer, WriterThreads writing)
      throws IOException {
    long started = System.nanoTime();
    writing.writeAll(docs, BATCH, writer::addDocument);
    writerNanos += System.nanoTime() - started;
  }

  /**
   * The listings open houses name, kept as the listings go by, and the open house documents once
   * they all have: the indexer's join, for a dump whose references all resolve.
   */
  private final class Linked {
    private final Map<String, ListingRecord> byListingId = new HashMap<>();
    private final Map<Long, ListingRecord> byMlsId = new HashMap<>();

    Linked(List<OpenHouseRecord> openHouses) {
      for (OpenHouseRecord openHouse : openHouses) {
        switch (openHouse.link()) {
          case ListingLink.Reference ref -> {
            ref.listingId().ifPresent(id -> byListingId.put(id, null));
            ref.mlsId().ifPresent(id -> byMlsId.put(id, null));
          }
          case ListingLink.Embedded full -> byListingId.put(full.listing().listingId(), null);
        }
      }
    }

    void offer(ListingRecord listing) {
      byListingId.replace(listing.listingId(), listing);
      byMlsId.replace(listing.mlsId().getAsLong(), listing);
    }

    /**
     * The documents of the open houses with their listings, keys counting up from 1; a full listing
     * the dump lacks takes the next mlsId after its {@code listings}, and an open house naming a
     * listing that was not written is left out (the indexer rejects it).
     */
    List<Document> documents(List<OpenHouseRecord> openHouses, long listings, ExecutorService pool)
        throws IOException {
      List<Joined> joined = new ArrayList<>(openHouses.size());
      long nextMlsId = listings + 1;
      for (OpenHouseRecord openHouse : openHouses) {
        ListingRecord listing =
            switch (openHouse.link()) {
              case ListingLink.Reference ref ->
                  ref.listingId().isPresent()
                      ? byListingId.get(ref.listingId().get())
                      : byMlsId.get(ref.mlsId().getAsLong());
              case ListingLink.Embedded full -> {
                ListingRecord inDump = byListingId.get(full.listing().listingId());
                yield inDump != null ? inDump : full.listing().withMlsId(nextMlsId++);
              }
            };
        if (listing == null) {
          continue; // the indexer rejects it: its listing is not among those written
        }
        joined.add(new Joined(openHouse.withKey(joined.size() + 1), listing));
      }
      return inParallel(
          joined, j -> openHouseDocuments.toDocument(j.openHouse(), j.listing()), pool);
    }
  }

  /** An open house with its key, and its listing. */
  private record Joined(OpenHouseRecord openHouse, ListingRecord listing) {}

  /** A step that may throw: a parse, a codec round or a document build. */
  @FunctionalInterface
  private interface Step<A, B> {
    B apply(A item) throws Exception;
  }

  /** {@code step} of every item, in order, computed in batches on the pool. */
  private static <A, B> List<B> inParallel(List<A> items, Step<A, B> step, ExecutorService pool)
      throws IOException {
    List<Future<List<B>>> parts = new ArrayList<>();
    for (int from = 0; from < items.size(); from += BATCH) {
      List<A> part = items.subList(from, Math.min(items.size(), from + BATCH));
      parts.add(
          pool.submit(
              () -> {
                List<B> out = new ArrayList<>(part.size());
                for (A item : part) {
                  out.add(step.apply(item));
                }
                return out;
              }));
    }
    List<B> all = new ArrayList<>(items.size());
    for (Future<List<B>> part : parts) {
      all.addAll(await(part));
    }
    return all;
  }

  private static <T> T await(Future<T> future) throws IOException {
    try {
      return future.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    } catch (ExecutionException e) {
      throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
    }
  }

  private static BufferedReader open(Path dump) throws IOException {
    return new BufferedReader(
        new InputStreamReader(
            new GZIPInputStream(Files.newInputStream(dump), 1 << 16), StandardCharsets.UTF_8),
        1 << 16);
  }

  private static List<String> read(BufferedReader lines, int max) throws IOException {
    List<String> chunk = new ArrayList<>(max);
    String line;
    while (chunk.size() < max && (line = lines.readLine()) != null) {
      if (!line.isBlank()) {
        chunk.add(line);
      }
    }
    return chunk;
  }
}

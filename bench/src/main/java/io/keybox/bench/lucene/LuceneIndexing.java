package io.keybox.bench.lucene;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.indexer.build.VendorIndexBuilder;
import io.keybox.indexer.build.WriterThreads;
import io.keybox.schema.listing.ListingDocuments;
import io.keybox.schema.listing.ListingRecord;
import io.keybox.schema.shape.InvalidRecordException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
 * The indexing limit: what Lucene itself takes to write the listings' documents, with the indexer's
 * writer settings ({@link VendorIndexBuilder#writerConfig()}), as many writing threads as the
 * indexer uses, and its way of writing and flushing ({@link WriterThreads}).
 *
 * <p>The documents are the schema's own ({@link ListingDocuments}), built from the feed in chunks
 * <em>outside</em> the timed part: the clock runs only while chunks are handed to {@link
 * IndexWriter#addDocument} and for the final flush and commit, so reading, parsing, normalising and
 * rendering the JSON (Keybox's share) are excluded. Each chunk is written in batches of {@value
 * #BATCH} in feed order, as the indexer does, with ids counting up from 1. Open houses and agents
 * are not written.
 */
public final class LuceneIndexing {
  private static final int CHUNK = 8192;
  private static final int BATCH = 512;

  /**
   * What writing cost.
   *
   * @param listings documents written
   * @param seconds time spent in {@code addDocument} and the commit
   */
  public record Result(long listings, double seconds) {
    public double listingsPerSecond() {
      return listings / seconds;
    }
  }

  private final ObjectMapper mapper = new ObjectMapper();
  private final ListingDocuments documents = new ListingDocuments(mapper);
  private final int threads;

  /** A peer writing with {@code threads} threads (the indexer's default: one per core). */
  public LuceneIndexing(int threads) {
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be >= 1 (got: " + threads + ")");
    }
    this.threads = threads;
  }

  /**
   * Writes the first {@code limit} listings of {@code listingsDump} (NDJSON, gzip) into a new index
   * at {@code indexDir}.
   *
   * @throws IOException when the dump cannot be read or the index written
   */
  public Result index(Path listingsDump, long limit, Path indexDir) throws IOException {
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    long nanos = 0;
    long written = 0;
    try (BufferedReader lines = open(listingsDump);
        Directory dir = FSDirectory.open(indexDir);
        IndexWriter writer = new IndexWriter(dir, VendorIndexBuilder.writerConfig());
        WriterThreads writing = new WriterThreads(threads)) {
      List<String> chunk;
      while (written < limit
          && !(chunk = read(lines, (int) Math.min(CHUNK, limit - written))).isEmpty()) {
        List<Document> docs = build(chunk, written + 1, pool);
        long started = System.nanoTime();
        writing.writeAll(docs, BATCH, writer::addDocument);
        nanos += System.nanoTime() - started;
        written += docs.size();
      }
      long started = System.nanoTime();
      writing.flushBuffers(writer);
      writer.commit();
      nanos += System.nanoTime() - started;
    } finally {
      pool.shutdownNow();
    }
    return new Result(written, nanos / 1e9);
  }

  private List<Document> build(List<String> chunk, long firstId, ExecutorService pool)
      throws IOException {
    List<Future<List<Document>>> parts = new ArrayList<>();
    for (int from = 0; from < chunk.size(); from += BATCH) {
      List<String> part = chunk.subList(from, Math.min(chunk.size(), from + BATCH));
      long partFirstId = firstId + from;
      parts.add(pool.submit(() -> build(part, partFirstId)));
    }
    List<Document> docs = new ArrayList<>(chunk.size());
    for (Future<List<Document>> part : parts) {
      docs.addAll(await(part));
    }
    return docs;
  }

  private List<Document> build(List<String> lines, long firstId)
      throws IOException, InvalidRecordException {
    List<Document> docs = new ArrayList<>(lines.size());
    for (int i = 0; i < lines.size(); i++) {
      ListingRecord listing = ListingRecord.parse(mapper.readTree(lines.get(i)));
      docs.add(documents.toDocument(listing.withMlsId(firstId + i)));
    }
    return docs;
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

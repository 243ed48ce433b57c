package io.keybox.indexer.build;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.indexer.feed.FeedFormat;
import io.keybox.indexer.feed.FeedPhoto;
import io.keybox.indexer.feed.RawRecord;
import io.keybox.indexer.feed.RecordBatches;
import io.keybox.indexer.ids.IdConflictException;
import io.keybox.indexer.ids.IdMap;
import io.keybox.indexer.media.ListingPhotos;
import io.keybox.indexer.progress.Progress;
import io.keybox.indexer.reso.ResoListingMapping;
import io.keybox.indexer.reso.ResoMedia;
import io.keybox.schema.listing.ListingDocuments;
import io.keybox.schema.listing.ListingRecord;
import io.keybox.schema.listing.Status;
import io.keybox.schema.shape.InvalidRecordException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.lucene.index.IndexWriter;

/**
 * The listings pipeline of a run: a reader thread cuts the dump into batches; a pool parses and
 * validates batches in parallel; the calling thread takes the parsed batches in dump order and
 * assigns stable ids (so ids are deterministic) and keeps the latest copy of a repeated listing
 * ({@link LatestCopies}), then hands the listings back to the pool to be rendered and written.
 */
final class ListingPipeline {
  private static final int BATCH = 512;

  private final ObjectMapper mapper;
  private final ListingDocuments documents;
  private final int threads;
  private final Progress progress;
  private final ListingPhotos photos;
  private final MediaJoin media;
  // The folder of the dump being read: a native dump's relative photo URLs name files beside it.
  private volatile URI dumpFolder = URI.create("file:///");

  ListingPipeline(ObjectMapper mapper, ListingDocuments documents, int threads) {
    this(mapper, documents, threads, Progress.off(), ListingPhotos.link(), MediaJoin.none());
  }

  /**
   * A pipeline whose listings show the photos {@code photos} gives them; a RESO listing without a
   * Media array takes the one {@code media} holds for it.
   */
  ListingPipeline(
      ObjectMapper mapper,
      ListingDocuments documents,
      int threads,
      Progress progress,
      ListingPhotos photos,
      MediaJoin media) {
    this.media = media;
    this.progress = progress;
    this.mapper = mapper;
    this.documents = documents;
    this.threads = threads;
    this.photos = photos;
  }

  /**
   * What a run read and changed: records read (rejects included), listings written, the mlsIds
   * written and removed, the mlsIds listings of an incremental run left for another one the dump
   * gave them, the records a copy of the same listing superseded, the listings written without a
   * property type, the records a full run skipped as hidden (RESO {@code MlgCanView: false}), and
   * the identities (ListingKey or listingId) of the listings written.
   */
  record Counts(
      long read,
      long upserted,
      long[] written,
      long[] removed,
      long[] moved,
      long superseded,
      long untyped,
      long hidden,
      Set<String> identities) {}

  /**
   * One change to apply: a listing to write (with the mlsId it had before, when the dump gave it
   * another; else 0), or the mlsId of a listing to remove; {@code replacesMlsId} is the mlsId an
   * earlier copy of the same listing in this dump was written under (else 0), whose document goes.
   */
  private record Change(
      ListingRecord listing,
      String identity,
      long previousMlsId,
      long deleteMlsId,
      long replacesMlsId,
      Optional<ListingPhotos.Named> photos) {}

  /**
   * A parsed record: a listing, the identity its id is kept by (listingId, or ListingKey for RESO)
   * its modification time (epoch ms, {@link LatestCopies#NO_TIME} when it has none) and whether the
   * feed withdraws it from display ({@code MlgCanView: false}), or the reason it was rejected.
   */
  private record Parsed(
      long line,
      String identity,
      ListingRecord listing,
      long modified,
      boolean hidden,
      String rejection,
      Optional<List<FeedPhoto>> photos) {
    static Parsed rejected(long line, String reason) {
      return new Parsed(line, null, null, LatestCopies.NO_TIME, false, reason, Optional.empty());
    }
  }

  /**
   * Reads {@code dump} and writes its listings to {@code writer}; rejected records go to {@code
   * rejects}, and every written listing is offered to {@code openHouses} for the join. In an
   * incremental run the open houses already in the index follow each changed listing ({@code
   * followers}).
   *
   * @throws UnreadableDumpException when the dump cannot be read to its end
   * @throws IOException when the index cannot be written
   */
  Counts run(
      Path dump,
      FeedFormat format,
      RunMode mode,
      IndexWriter writer,
      IdMap ids,
      List<Reject> rejects,
      OpenHouseStage openHouses,
      OpenHouseFollowers followers)
      throws IOException {
    dumpFolder = dump.toAbsolutePath().getParent().toUri();
    ExecutorService pool =
        Executors.newFixedThreadPool(
            threads, Thread.ofPlatform().name("keybox-index").daemon().factory());
    BlockingQueue<Future<List<Parsed>>> parsedInOrder = new ArrayBlockingQueue<>(threads * 4);
    Semaphore indexing = new Semaphore(threads * 4);
    AtomicReference<Throwable> failure = new AtomicReference<>();
    List<Future<?>> writes = new ArrayList<>();
    Thread reader =
        new Thread(() -> readBatches(dump, format, pool, parsedInOrder, failure), "keybox-read");
    reader.setDaemon(true);
    reader.start();
    LatestCopies copies = new LatestCopies();
    long read = 0;
    long upserted = 0;
    long untyped = 0;
    long hidden = 0;
    long[] written = new long[1024];
    List<Long> removed = new ArrayList<>();
    Set<Long> moved = new HashSet<>();
    Set<String> identities = new HashSet<>();
    try {
      Future<List<Parsed>> next;
      while ((next = parsedInOrder.take()) != END) {
        List<Change> ready = new ArrayList<>(BATCH);
        boolean replacing = false;
        for (Parsed parsed : next.get()) {
          read++;
          if (parsed.rejection() != null) {
            rejects.add(new Reject(parsed.line(), parsed.rejection()));
            continue;
          }
          LatestCopies.Verdict verdict = copies.offer(parsed.identity(), parsed.modified());
          if (verdict.skip()) {
            copies.dropped();
            continue;
          }
          replacing |= verdict.repeat();
          long replaces = verdict.replacesMlsId();
          if (parsed.hidden() && mode == RunMode.FULL) {
            // MLS Grid's delete signal: not part of the vendor's state. (Incremental: removes.)
            hidden++;
            if (replaces > 0) {
              ready.add(new Change(null, parsed.identity(), 0, replaces, 0, Optional.empty()));
            }
            copies.kept(parsed.identity(), parsed.modified(), null, verdict);
            continue;
          }
          int before = ready.size();
          Optional<String> problem = assignId(parsed, mode, ids, moved, ready, replaces);
          problem.ifPresent(reason -> rejects.add(new Reject(parsed.line(), reason)));
          if (problem.isEmpty()) { // a rejected copy is none: a later one is the first
            Change change = ready.size() > before ? ready.get(before) : null;
            copies.kept(
                parsed.identity(),
                parsed.modified(),
                change == null ? null : change.listing(),
                verdict);
          }
        }
        for (Change change : ready) {
          if (change.listing() == null) {
            removed.add(change.deleteMlsId());
          } else {
            if (upserted == written.length) {
              written = Arrays.copyOf(written, written.length * 2);
            }
            written[(int) upserted++] = change.listing().mlsId().getAsLong();
            untyped += LatestCopies.hasType(change.listing()) ? 0 : 1;
            openHouses.offer(change.listing(), change.identity());
            identities.add(change.identity());
          }
        }
        if (replacing) {
          // A copy replaces one an earlier batch wrote, maybe still on another thread: its
          // delete must land after that add. Repeated listings are rare; waiting is cheap.
          for (Future<?> write : writes) {
            write.get();
          }
        }
        indexing.acquire();
        writes.add(
            pool.submit(
                () -> {
                  try {
                    photos.register(ready.stream().flatMap(c -> c.photos().stream()).toList());
                    Set<String> gone = new HashSet<>();
                    for (Change change : ready) {
                      apply(change, mode, writer, followers);
                      if (change.listing() == null) {
                        gone.add(change.identity());
                      }
                    }
                    photos.removed(gone);
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
      return new Counts(
          read,
          upserted - copies.replacedWrites(),
          Arrays.copyOf(written, (int) upserted),
          removed.stream().mapToLong(Long::longValue).toArray(),
          moved.stream().mapToLong(Long::longValue).toArray(),
          copies.superseded(),
          untyped - copies.replacedUntyped(),
          hidden,
          identities);
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
   * Writes one change. In an incremental run a listing replaces the document of its mlsId by its
   * key term ({@code updateDocument}: the delete applies only to documents indexed before it, so
   * the old version goes and the new one stays).
   */
  private void apply(Change change, RunMode mode, IndexWriter writer, OpenHouseFollowers followers)
      throws IOException {
    if (change.replacesMlsId() > 0) {
      // An earlier copy of the listing in this dump was written; this one replaces it.
      writer.deleteDocuments(ListingDocuments.key(change.replacesMlsId()));
    }
    if (change.listing() == null) {
      writer.deleteDocuments(ListingDocuments.key(change.deleteMlsId()));
      followers.deleted(change.deleteMlsId(), writer);
      return;
    }
    long mlsId = change.listing().mlsId().getAsLong();
    ListingRecord listing = photos.shown(change.identity(), change.listing());
    if (mode == RunMode.FULL) {
      writer.addDocument(documents.toDocument(listing));
      return;
    }
    if (change.previousMlsId() > 0) {
      // The dump gave the listing another mlsId: its version under the old one goes too.
      writer.deleteDocuments(ListingDocuments.key(change.previousMlsId()));
    }
    followers.upserted(listing, change.previousMlsId(), writer);
    writer.updateDocument(ListingDocuments.key(mlsId), documents.toDocument(listing));
  }

  /**
   * Gives the parsed listing its mlsId and queues its change. In an incremental run an mlsId that a
   * listing of this run left for another is not taken again in the same run: the old version's
   * delete, on another thread, could land after the new owner's add.
   *
   * @param replaces the mlsId an earlier copy of the listing in this dump was written under, or 0
   */
  private static Optional<String> assignId(
      Parsed parsed, RunMode mode, IdMap ids, Set<Long> moved, List<Change> ready, long replaces) {
    ListingRecord listing = parsed.listing();
    String identity = parsed.identity();
    if (mode == RunMode.INCREMENTAL && (listing.status() == Status.Delete || parsed.hidden())) {
      // In an incremental run Delete (or MlgCanView: false) removes the listing (OPERATIONS.md
      // §4); an unknown one has nothing to remove. A full dump is the vendor's state as is:
      // Delete is searchable there.
      long id = ids.idOf(identity).orElse(replaces);
      if (id > 0) {
        ready.add(
            new Change(null, identity, 0, id, replaces == id ? 0 : replaces, Optional.empty()));
      }
      return Optional.empty();
    }
    if (mode == RunMode.INCREMENTAL
        && listing.mlsId().isPresent()
        && moved.contains(listing.mlsId().getAsLong())) {
      return Optional.of(
          "mlsId: "
              + listing.mlsId().getAsLong()
              + " was another listing's until this dump gave that one another id; carry it in a"
              + " later run");
    }
    try {
      long before = ids.idOf(parsed.identity()).orElse(0);
      long mlsId = ids.assign(parsed.identity(), listing.mlsId());
      if (before != 0 && before != mlsId && mode == RunMode.INCREMENTAL) {
        moved.add(before);
      }
      Optional<ListingPhotos.Named> photos =
          parsed
              .photos()
              .map(
                  list ->
                      new ListingPhotos.Named(
                          identity, Instant.ofEpochMilli(Math.max(0, parsed.modified())), list));
      ready.add(
          new Change(
              listing.withMlsId(mlsId),
              identity,
              before == mlsId ? 0 : before,
              0,
              replaces,
              photos));
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
    try (RecordBatches records = format.open(dump, mapper, progress::bytes)) {
      List<RawRecord> batch;
      while (!(batch = records.nextBatch(BATCH)).isEmpty()) {
        List<RawRecord> records0 = batch;
        progress.records(batch.size());
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
    boolean hidden = false;
    Optional<List<FeedPhoto>> photos = Optional.empty();
    if (format == FeedFormat.RESO) {
      identity = ResoListingMapping.identity(json);
      hidden = ResoListingMapping.hidden(json);
      media.join((com.fasterxml.jackson.databind.node.ObjectNode) json);
      if (json.path("Media").isArray()) {
        photos = Optional.of(ResoMedia.photos(json));
      }
      json = ResoListingMapping.toListing(json);
    } else if (json.path("photos").isArray()) {
      String listingId = json.path("listingId").asText("");
      List<FeedPhoto> urls = new ArrayList<>();
      for (JsonNode url : json.path("photos")) {
        if (url.isTextual()) {
          urls.add(FeedPhoto.ofUrl(listingId, besideTheDump(url.textValue())));
        }
      }
      photos = Optional.of(urls);
    }
    try {
      ListingRecord listing = ListingRecord.parse(json);
      return new Parsed(
          record.line(),
          identity != null ? identity : listing.listingId(),
          listing,
          LatestCopies.modified(listing),
          hidden,
          null,
          photos);
    } catch (InvalidRecordException e) {
      return Parsed.rejected(record.line(), e.getMessage());
    }
  }

  /** {@code url} as is when absolute; a relative one names a file beside the dump. */
  private String besideTheDump(String url) {
    try {
      URI uri = new URI(url);
      return uri.isAbsolute() ? url : dumpFolder.resolve(uri).toString();
    } catch (URISyntaxException e) {
      return url; // the mirror records it as a malformed URL
    }
  }
}

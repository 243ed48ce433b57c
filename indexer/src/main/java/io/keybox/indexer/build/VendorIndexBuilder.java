package io.keybox.indexer.build;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.indexer.feed.FeedFormat;
import io.keybox.indexer.ids.IdMap;
import io.keybox.indexer.media.ListingPhotos;
import io.keybox.indexer.progress.Progress;
import io.keybox.indexer.reso.ResoMemberMapping;
import io.keybox.indexer.reso.ResoOpenHouseMapping;
import io.keybox.schema.CommitData;
import io.keybox.schema.KeyboxCodec;
import io.keybox.schema.listing.ListingDocuments;
import io.keybox.schema.listing.ListingQueries;
import io.keybox.schema.reso.ResoPropertyRecord;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
 * <p>Listings go through the parallel {@link ListingPipeline}, which assigns stable ids in dump
 * order. The commit is the single point of publication: a crash at any moment before it leaves the
 * previous commit serving, and the next run starts over cleanly. Open houses are read before the
 * listings and joined with them after ({@link OpenHouseStage}); agents are added last ({@link
 * AgentStage}). RESO Media records, when the dump has them apart, are read first and joined to
 * their listings as the pipeline parses them ({@code MediaJoin}).
 *
 * <p>A dump that could not be read, or holds far fewer good records than the vendor's current index
 * ({@link PublicationGuard}), is refused without touching the index, unless forced: a truncated
 * nightly file must never wipe a site.
 */
public final class VendorIndexBuilder {
  private final ObjectMapper mapper;
  private final ListingDocuments documents;
  private final Clock clock;
  private final int threads;
  private final Progress progress;
  private final ListingPhotos photos;

  public VendorIndexBuilder(ObjectMapper mapper, Clock clock, int threads) {
    this(mapper, clock, threads, Progress.off());
  }

  /** A builder whose listings show their feed's photo URLs ({@code --media link}). */
  public VendorIndexBuilder(ObjectMapper mapper, Clock clock, int threads, Progress progress) {
    this(mapper, clock, threads, progress, ListingPhotos.link());
  }

  /**
   * A builder that reports the listings it reads, and the bytes of the listings dump, to {@code
   * progress} (which it does not finish), and gives its listings the photos {@code photos} names.
   */
  public VendorIndexBuilder(
      ObjectMapper mapper, Clock clock, int threads, Progress progress, ListingPhotos photos) {
    this.progress = progress;
    this.photos = photos;
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be >= 1 (got: " + threads + ")");
    }
    this.mapper = mapper;
    this.documents = ResoPropertyRecord.documents(mapper);
    this.clock = clock;
    this.threads = threads;
  }

  /**
   * Indexes {@code listingsDump} as the complete new state of the vendor at {@code layout}.
   *
   * @param force publish even when {@link PublicationGuard} would refuse
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
   * @param force publish even when {@link PublicationGuard} would refuse
   * @throws IOException when the dump or the index cannot be read or written; nothing is published
   */
  public BuildReport rebuild(VendorLayout layout, FeedDumps dumps, FeedFormat format, boolean force)
      throws IOException {
    return run(layout, dumps, format, RunMode.FULL, force);
  }

  /**
   * Applies {@code listingsDump} to the vendor's current state as upserts: listings in the dump
   * replace the ones with the same identity or are added; a listing whose status is {@code Delete}
   * is removed, with its open houses; the open houses of an upserted listing are written again with
   * it. Agents are left as they are. Published with one commit, like a rebuild.
   *
   * @throws IOException when the dump or the index cannot be read or written; nothing is published
   */
  public BuildReport update(VendorLayout layout, Path listingsDump, FeedFormat format)
      throws IOException {
    return update(layout, FeedDumps.listingsOnly(listingsDump), format);
  }

  /**
   * Applies {@code dumps} to the vendor's current state as upserts: listings as above; open houses
   * replace the ones with their openHouseId and may name a listing of the index; agents replace the
   * ones with their id. What the dumps do not name stays.
   *
   * @throws IOException when a dump or the index cannot be read or written; nothing is published
   */
  public BuildReport update(VendorLayout layout, FeedDumps dumps, FeedFormat format)
      throws IOException {
    return run(layout, dumps, format, RunMode.INCREMENTAL, false);
  }

  /**
   * Runs the build; whatever way it ends without publishing (refused, or a dump unreadable), the
   * rejects file is this run's, never the previous run's, so nothing points at stale rejects.
   */
  private BuildReport run(
      VendorLayout layout, FeedDumps dumps, FeedFormat format, RunMode mode, boolean force)
      throws IOException {
    Files.createDirectories(layout.vendorDir());
    List<Reject> rejects = new ArrayList<>();
    try {
      return run(layout, dumps, format, mode, force, rejects);
    } catch (UnreadableDumpException e) {
      RejectsFile.write(layout.rejects(), rejects, mapper);
      throw e;
    }
  }

  private BuildReport run(
      VendorLayout layout,
      FeedDumps dumps,
      FeedFormat format,
      RunMode mode,
      boolean force,
      List<Reject> rejects)
      throws IOException {
    IdMap ids = IdMap.load(layout.idMap());
    IdMap openHouseKeys = IdMap.load(layout.openHouseKeys(), "openHouseKey", "open house");
    try (Directory dir = FSDirectory.open(layout.indexDir());
        StartingCommit start = StartingCommit.of(dir)) {
      PublicationGuard guard =
          new PublicationGuard(PublicationGuard.Current.of(start), mode, force);
      Optional<String> refusal = guard.start();
      if (refusal.isPresent()) {
        RejectsFile.write(layout.rejects(), rejects, mapper);
        return new BuildReport(0, 0, List.of(), null, false, refusal.get(), 0, 0, 0, 0, 0, 0, 0);
      }
      MediaJoin media = MediaJoin.none();
      if (dumps.media().isPresent()) {
        if (format != FeedFormat.RESO) {
          throw new IllegalArgumentException(
              "a Media dump joins RESO listings (got: " + format + ")");
        }
        media = MediaJoin.read(dumps.media().get(), mapper, rejects);
      }
      OpenHouseStage openHouses = new OpenHouseStage(mapper);
      if (dumps.openHouses().isPresent()) {
        openHouses.read(dumps.openHouses().get(), openHouseReading(format));
      }
      // A full run's dumps are the whole state: nothing of the starting commit is joined.
      StartingCommit joined = mode == RunMode.INCREMENTAL ? start : StartingCommit.none();
      try (IndexWriter writer = new IndexWriter(dir, writerConfig(mode));
          WriterThreads writing = new WriterThreads(threads)) {
        OpenHouseFollowers followers = new OpenHouseFollowers(joined, mapper);
        IndexedListings indexed = new IndexedListings(joined, mapper);
        ListingPipeline.Counts counts =
            new ListingPipeline(mapper, documents, threads, progress, photos, media)
                .run(dumps.listings(), format, mode, writer, ids, rejects, openHouses, followers);
        // Superseded copies are no listings of their own; hidden ones, skipped, none of the state.
        long good =
            counts.read()
                - rejected(rejects, Reject.LISTINGS)
                - counts.superseded()
                - (mode == RunMode.FULL ? counts.hidden() : 0);
        refusal = guard.listings(good, rejected(rejects, Reject.LISTINGS));
        if (refusal.isPresent()) {
          return refused(layout, writer, counts, rejects, refusal.get());
        }
        indexed.removed(counts.removed(), counts.moved());
        if (mode == RunMode.FULL) {
          photos.keepOnly(counts.identities());
        }
        long openHouseCount = openHouses.write(writer, openHouseKeys, ids, writing, indexed, mode);
        rejects.addAll(openHouses.rejects());
        if (dumps.openHouses().isPresent()) {
          refusal = guard.openHouses(openHouseCount, rejected(rejects, Reject.OPEN_HOUSES));
          if (refusal.isPresent()) {
            return refused(layout, writer, counts, rejects, refusal.get());
          }
        }
        long agents = 0;
        if (dumps.agents().isPresent()) {
          agents =
              new AgentStage(mapper)
                  .index(dumps.agents().get(), agentReading(format), writer, rejects, mode);
          refusal = guard.agents(agents, rejected(rejects, Reject.AGENTS));
          if (refusal.isPresent()) {
            return refused(layout, writer, counts, rejects, refusal.get());
          }
        }
        long listingsAfter = mode == RunMode.FULL ? counts.upserted() : countListings(writer);
        long removed = mode == RunMode.FULL ? removedBy(start, counts.written()) : indexed.held();
        CommitData data =
            new CommitData(
                clock.instant(),
                dumps.listings().getFileName().toString(),
                listingsAfter,
                rejects.size());
        ids.save();
        openHouseKeys.save();
        RejectsFile.write(layout.rejects(), rejects, mapper);
        writing.flushBuffers(writer);
        Map<String, String> userData = new HashMap<>(data.toUserData());
        ChangedListings.of(start, mode, counts, openHouses.listingsWithOpenHouses(), writer)
            .ifPresent(changes -> userData.putAll(changes.toUserData()));
        writer.setLiveCommitData(userData.entrySet());
        writer.commit();
        return new BuildReport(
            counts.upserted(),
            removed,
            rejects,
            data.refreshTime(),
            true,
            null,
            openHouseCount + followers.rewrittenBesides(openHouses.writtenKeys()),
            followers.removedBesides(openHouses.writtenKeys()),
            agents,
            counts.read(),
            counts.superseded(),
            counts.untyped(),
            counts.hidden());
      }
    }
  }

  /**
   * How many listings of the starting commit a full run leaves out: those whose mlsId it did not
   * write.
   */
  private static long removedBy(StartingCommit start, long[] written) throws IOException {
    Optional<IndexSearcher> searcher = start.searcher();
    return searcher.isEmpty() ? 0 : searcher.get().count(ListingQueries.mlsIdNotIn(written));
  }

  private static long countListings(IndexWriter writer) throws IOException {
    try (DirectoryReader reader = DirectoryReader.open(writer)) {
      return new IndexSearcher(reader).count(ListingQueries.allListings());
    }
  }

  private static IndexWriterConfig writerConfig(RunMode mode) {
    return writerConfig()
        .setOpenMode(mode == RunMode.FULL ? OpenMode.CREATE : OpenMode.CREATE_OR_APPEND);
  }

  /**
   * The writer settings of every run (index sort, buffer, file layout); public so the benchmark's
   * raw Lucene indexing peer writes exactly what the indexer writes.
   */
  public static IndexWriterConfig writerConfig() {
    return new IndexWriterConfig()
        .setCodec(new KeyboxCodec()) // stored JSON compressed a document at a time
        .setIndexSort(ListingDocuments.INDEX_SORT)
        .setRAMBufferSizeMB(128)
        // A compound file is a second copy of each flushed segment (2 GB more written and read
        // at 1M listings); the server opens a few dozen files per segment either way.
        .setUseCompoundFile(false)
        .setCommitOnClose(false);
  }

  /**
   * Drops everything the run wrote and reports why it published nothing; the rejects file holds
   * this run's rejects, which often say why.
   */
  private BuildReport refused(
      VendorLayout layout,
      IndexWriter writer,
      ListingPipeline.Counts counts,
      List<Reject> rejects,
      String refusal)
      throws IOException {
    writer.rollback();
    RejectsFile.write(layout.rejects(), rejects, mapper);
    return new BuildReport(
        counts.upserted(),
        0,
        rejects,
        null,
        false,
        refusal,
        0,
        0,
        0,
        counts.read(),
        counts.superseded(),
        counts.untyped(),
        counts.hidden());
  }

  private static long rejected(List<Reject> rejects, String dump) {
    return rejects.stream().filter(r -> r.dump().equals(dump)).count();
  }

  private static JsonDump.Reading openHouseReading(FeedFormat format) {
    return format == FeedFormat.RESO
        ? new JsonDump.Reading(format, ResoOpenHouseMapping::toOpenHouse)
        : JsonDump.Reading.NATIVE;
  }

  private static JsonDump.Reading agentReading(FeedFormat format) {
    return format == FeedFormat.RESO
        ? new JsonDump.Reading(format, ResoMemberMapping::toAgent)
        : JsonDump.Reading.NATIVE;
  }
}

package io.keybox.generator;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamWriteFeature;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;

/**
 * Generates a vendor's native feed dump (API.md §5 shapes, OPERATIONS.md §3): listings, their open
 * houses and the agents, as NDJSON (one JSON object per line, UTF-8).
 *
 * <p>Usage:
 *
 * <pre>{@code
 * FeedGenerator generator = new FeedGenerator(new GeneratorConfig(10_000, 7, "houston"));
 * generator.writeDirectory(dir);  // listings.ndjson.gz, openhouses.ndjson.gz, agents.ndjson.gz
 * // or, to any streams (plain NDJSON; wrap with gzip(...) for gzip):
 * generator.generate(listingsOut, openHousesOut, agentsOut);
 * }</pre>
 *
 * <p>Deterministic: the output depends only on the config, never on the clock; all dates are
 * relative to {@link #ANCHOR}. Listings and open houses are streamed in one pass, so memory use
 * does not depend on the number of listings. NOTE: an instance is not thread-safe; each call of
 * {@code generate} writes the whole feed again.
 */
public final class FeedGenerator {
  /** "Now" of every generated feed: dates are before it, open houses in the 14 days after it. */
  public static final Instant ANCHOR = Instant.parse("2026-11-01T00:00:00Z");

  public static final String LISTINGS_FILE = "listings.ndjson.gz";
  public static final String OPEN_HOUSES_FILE = "openhouses.ndjson.gz";
  public static final String AGENTS_FILE = "agents.ndjson.gz";

  /** The folder of the listings' pictures in a written directory ({@link #writeDirectory}). */
  public static final String PHOTOS_DIR = "photos";

  /**
   * The deflate level of the files: 4 compresses feed JSON 1.6 times faster than zlib's default (6)
   * for files about 12% larger, which matters for dumps of tens of millions of listings.
   */
  static final int GZIP_LEVEL = 4;

  private static final JsonFactory JSON =
      JsonFactory.builder().disable(StreamWriteFeature.AUTO_CLOSE_TARGET).build();

  static {
    // NDJSON: each record ends with its own newline, nothing goes between records.
    JSON.setRootValueSeparator(null);
  }

  private final GeneratorConfig config;
  private final AgentPool pool;
  private final ListingPlanner planner;
  private final ListingWriter listingWriter;

  public FeedGenerator(GeneratorConfig config) {
    this.config = config;
    this.pool = new AgentPool(config.seed(), config.listings());
    this.planner = new ListingPlanner(config.seed(), pool);
    this.listingWriter = new ListingWriter(config.vendor());
  }

  public GeneratorConfig config() {
    return config;
  }

  /** Number of agents the feed has (about one per 25 listings, at least 8). */
  public int agentCount() {
    return pool.agentCount();
  }

  /** Number of offices the agents belong to (about one per 250 listings, at least 3). */
  public int officeCount() {
    return pool.officeCount();
  }

  /**
   * Writes the whole feed as plain NDJSON to the three streams, which are flushed but not closed.
   *
   * @throws IOException when a stream fails; what was written before stays written
   */
  public GenerationSummary generate(
      OutputStream listings, OutputStream openHouses, OutputStream agents) throws IOException {
    long openHouseCount = 0;
    try (JsonGenerator lg = JSON.createGenerator(listings);
        JsonGenerator og = JSON.createGenerator(openHouses)) {
      Json lj = new Json(lg);
      Json oj = new Json(og);
      for (long i = 0; i < config.listings(); i++) {
        Dice d = Dice.of(config.seed(), Dice.LISTINGS, i);
        ListingPlan plan = planner.plan(i, d);
        listingWriter.write(lj, plan, d);
        lg.writeRaw('\n');
        if (OpenHouseWriter.holds(plan, d)) {
          openHouseCount += OpenHouseWriter.write(oj, plan, d);
        }
      }
    }
    try (JsonGenerator ag = JSON.createGenerator(agents)) {
      Json aj = new Json(ag);
      for (int i = 0; i < pool.agentCount(); i++) {
        AgentJson.agentRecord(aj, pool.agent(i));
        ag.writeRaw('\n');
      }
    }
    listings.flush();
    openHouses.flush();
    agents.flush();
    return new GenerationSummary(
        config.listings(), openHouseCount, pool.agentCount(), pool.officeCount());
  }

  /**
   * Writes {@link #LISTINGS_FILE}, {@link #OPEN_HOUSES_FILE} and {@link #AGENTS_FILE} (gzip NDJSON)
   * into {@code dir}, creating it if needed and replacing existing files, with the listings'
   * pictures in {@link #PHOTOS_DIR}: the listings' {@code photos} are URLs of them relative to the
   * dump ({@code photos/front-03.jpg}), which the indexer resolves against the dump's folder, so
   * the directory can move and stays the same bytes wherever it is written.
   *
   * <p>Each file is written under a temporary name and renamed when complete, so a failed run never
   * leaves a truncated file that looks like a valid dump.
   */
  public GenerationSummary writeDirectory(Path dir) throws IOException {
    Files.createDirectories(dir);
    Path photos = dir.resolve(PHOTOS_DIR);
    PhotoPool.write(photos, config.seed());
    listingWriter.photosIn(PHOTOS_DIR + "/");
    Path listings = dir.resolve(LISTINGS_FILE);
    Path openHouses = dir.resolve(OPEN_HOUSES_FILE);
    Path agents = dir.resolve(AGENTS_FILE);
    Path listingsTmp = partial(listings);
    Path openHousesTmp = partial(openHouses);
    Path agentsTmp = partial(agents);
    try {
      GenerationSummary summary;
      try (OutputStream l = gzip(Files.newOutputStream(listingsTmp));
          OutputStream o = gzip(Files.newOutputStream(openHousesTmp));
          OutputStream a = gzip(Files.newOutputStream(agentsTmp))) {
        summary = generate(l, o, a);
      }
      Files.move(listingsTmp, listings, StandardCopyOption.REPLACE_EXISTING);
      Files.move(openHousesTmp, openHouses, StandardCopyOption.REPLACE_EXISTING);
      Files.move(agentsTmp, agents, StandardCopyOption.REPLACE_EXISTING);
      return summary;
    } finally {
      Files.deleteIfExists(listingsTmp);
      Files.deleteIfExists(openHousesTmp);
      Files.deleteIfExists(agentsTmp);
    }
  }

  /**
   * Wraps {@code out} in a gzip stream that compresses on all processors; closing the result
   * finishes the gzip data and closes {@code out}. The result is one standard gzip member without a
   * time stamp, identical for identical input whatever the number of processors.
   */
  public static OutputStream gzip(OutputStream out) throws IOException {
    int threads = Math.max(1, Runtime.getRuntime().availableProcessors());
    return new ParallelGzipOutputStream(
        new BufferedOutputStream(out, 1 << 16), GZIP_LEVEL, threads);
  }

  private static Path partial(Path file) {
    return file.resolveSibling("." + file.getFileName() + ".partial");
  }
}

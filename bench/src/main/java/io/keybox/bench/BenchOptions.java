package io.keybox.bench;

import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;

/**
 * What one bench run does, as {@link BenchCommand} reads it from the command line. {@code --quick}
 * changes the defaults (20,000 listings, keybox and lucene, 1 s per class after 1 s of warm-up);
 * options given explicitly still win.
 *
 * @param listings listings to generate and index
 * @param clients concurrent clients per system
 * @param durationSeconds measured seconds per class and system
 * @param warmupSeconds unmeasured seconds before each measurement
 * @param systems the systems to compare
 * @param out where to write the JSON report, if anywhere
 * @param quick whether this is the quick run of the test suite
 * @param seed the generator's seed; the query mix is drawn from it too
 * @param vendor the vendor name of the generated feed
 * @param workDir a directory to keep the feed, index and logs in (reused when the feed matches);
 *     empty: a temporary directory, deleted at the end
 * @param profile whether to record the indexer and server with JFR and print the hottest frames
 * @param serverHeap the server's {@code -Xmx}, or empty for the JVM's default
 * @param classes the query classes to run (empty: all)
 * @param gzip whether the HTTP clients accept gzip
 * @param rounds how many times each system runs each class, in turn with the others, sharing the
 *     duration
 * @param reuseIndex whether to reuse the index of an earlier run in the work directory (indexing is
 *     then not measured)
 * @param rate requests per second per class and system, sent at fixed times (open loop); 0: the
 *     clients send back to back (closed loop)
 * @param halfLoad {@code --rate half}: measure closed loop (rate 0), then, per class, every system
 *     open loop at half of Keybox's closed-loop throughput of that class in this run
 * @param repeat how many times each class is measured, every system in each repeat; verdicts use
 *     the median, and the spread of each ratio over the repeats is reported
 * @param pin whether each repeat is measured a second time with every server on one core and the
 *     load generator on another ({@code taskset})
 * @param alertsSearches the saved searches of the bench key the Keybox server holds, its alerts on
 *     ({@code serve --alerts}); 0: alerts off
 */
public record BenchOptions(
    long listings,
    int clients,
    int durationSeconds,
    int warmupSeconds,
    Set<SystemName> systems,
    Optional<Path> out,
    boolean quick,
    long seed,
    String vendor,
    Optional<Path> workDir,
    boolean profile,
    Optional<String> serverHeap,
    Set<String> classes,
    boolean gzip,
    int rounds,
    boolean reuseIndex,
    int rate,
    boolean halfLoad,
    int repeat,
    boolean pin,
    int alertsSearches) {

  public static final long DEFAULT_LISTINGS = 1_000_000;
  public static final long QUICK_LISTINGS = 20_000;
  public static final int DEFAULT_CLIENTS = 8;
  public static final int DEFAULT_DURATION = 20;
  public static final int QUICK_DURATION = 1;
  public static final String DEFAULT_SERVER_HEAP = "512m";
  public static final int DEFAULT_REPEAT = 3;
}

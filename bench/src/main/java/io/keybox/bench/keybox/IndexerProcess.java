package io.keybox.bench.keybox;

import io.keybox.generator.FeedGenerator;
import io.keybox.indexer.build.VendorLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Runs {@code keybox index} on a generated feed, as an operator would, and measures it. Open houses
 * are passed along ({@code --openhouses}) as soon as the indexer's help lists that option, so the
 * open house class runs without a change here once the indexer supports it.
 */
public final class IndexerProcess {
  private static final long TIMEOUT_SECONDS = 6 * 3600;

  /**
   * What indexing cost.
   *
   * @param listings listings in the feed
   * @param seconds wall time of the whole indexer process, JVM start included
   * @param indexBytes size of the vendor's index directory after the commit
   * @param openHouses whether the open houses were indexed too
   */
  public record Result(long listings, double seconds, long indexBytes, boolean openHouses) {
    public double listingsPerSecond() {
      return listings / seconds;
    }
  }

  private IndexerProcess() {}

  /**
   * Indexes {@code feedDir}'s listings (and open houses, when supported) into {@code layout}.
   *
   * @param profile where to write a JFR recording of the indexer, if anywhere
   * @throws IOException when the indexer fails; the message holds the end of its log
   */
  public static Result index(
      VendorLayout layout, Path feedDir, long listings, Path log, Optional<Path> profile)
      throws IOException {
    String help = indexHelp(log);
    boolean openHouses = help.contains("--openhouses");
    List<String> args = indexArgs(layout, feedDir);
    if (openHouses) {
      args.add("--openhouses");
      args.add(feedDir.resolve(FeedGenerator.OPEN_HOUSES_FILE).toString());
    }
    if (help.contains("--media")) {
      // The indexing rate is the listings'; mirroring photos is measured on its own.
      args.addAll(List.of("--media", "link"));
    }
    List<String> jvm = new ArrayList<>(List.of(ChildJvm.INDEXER_GC));
    profile.ifPresent(p -> jvm.addAll(ChildJvm.flightRecording(p)));
    long started = System.nanoTime();
    runIndexer(jvm, args, log);
    double seconds = (System.nanoTime() - started) / 1e9;
    return new Result(listings, seconds, ChildJvm.directorySize(layout.indexDir()), openHouses);
  }

  /**
   * Indexes {@code feedDir}'s listings into {@code layout} with their photos mirrored ({@code
   * --media mirror}, the operator's default), for the media bench's mirror rate.
   *
   * @return every line the indexer printed (its photo line among them)
   * @throws IOException when the indexer fails; the message holds the end of its log
   */
  public static List<String> indexMirroringPhotos(VendorLayout layout, Path feedDir, Path log)
      throws IOException {
    return indexMirroringPhotos(layout, feedDir, log, List.of());
  }

  /** The same, with {@code options} of the mirror's own ({@code --media-max-rps 1000}). */
  public static List<String> indexMirroringPhotos(
      VendorLayout layout, Path feedDir, Path log, List<String> options) throws IOException {
    List<String> args = indexArgs(layout, feedDir);
    args.addAll(List.of("--media", "mirror"));
    args.addAll(options);
    Files.deleteIfExists(log); // the lines returned are this run's only
    runIndexer(List.of(ChildJvm.INDEXER_GC), args, log);
    return Files.readAllLines(log);
  }

  /** Runs {@code keybox ARGS} to its end; a failure's message holds the end of its log. */
  private static void runIndexer(List<String> jvm, List<String> args, Path log) throws IOException {
    int code = ChildJvm.runToEnd(ChildJvm.keybox(jvm, args), log, TIMEOUT_SECONDS);
    if (code != 0) {
      throw new IOException(
          "the indexer failed (exit "
              + code
              + "); the end of "
              + log
              + ":\n"
              + ChildJvm.tail(log, 10));
    }
  }

  /** {@code index} of {@code feedDir}'s listings into {@code layout}, a rebuild: a new list. */
  private static List<String> indexArgs(VendorLayout layout, Path feedDir) {
    return new ArrayList<>(
        List.of(
            "index",
            "--data-dir",
            layout.dataDir().toString(),
            "--vendor",
            layout.vendor(),
            "--listings",
            feedDir.resolve(FeedGenerator.LISTINGS_FILE).toString(),
            "--force"));
  }

  /** What {@code keybox index --help} prints: the options the measured build has. */
  private static String indexHelp(Path log) throws IOException {
    Path help = Files.createTempFile(log.getParent(), "indexer-help", ".txt");
    try {
      ChildJvm.runToEnd(ChildJvm.keybox(List.of(), List.of("index", "--help")), help, 120);
      return Files.readString(help);
    } finally {
      Files.deleteIfExists(help);
    }
  }
}

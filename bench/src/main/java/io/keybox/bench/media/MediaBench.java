package io.keybox.bench.media;

import io.keybox.bench.keybox.HttpConnection;
import io.keybox.bench.keybox.IndexerProcess;
import io.keybox.bench.keybox.ServerProcess;
import io.keybox.bench.load.LoadResult;
import io.keybox.bench.load.Round;
import io.keybox.bench.os.Directories;
import io.keybox.bench.profile.JfrSummary;
import io.keybox.generator.FeedGenerator;
import io.keybox.generator.GeneratorConfig;
import io.keybox.indexer.build.VendorLayout;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The media measurement of issue 33 ("Speed"), run by {@code ./run.sh bench --media-only}:
 *
 * <ol>
 *   <li>generates N listings (their 44 generated pictures in the feed's {@code photos/} folder) and
 *       indexes them with {@code keybox index --media mirror} in a child JVM into an empty data
 *       directory: the <b>mirror rate</b> is the indexer's own photo line (photos mirrored, seconds
 *       of the photo phase), per core;
 *   <li>starts the server as the main bench does and reads the 800 px photo paths its search
 *       answers show ({@code GET /properties} pages), keeping only those the server answers with a
 *       200: the photos it would serve;
 *   <li>starts nginx on the same media folder with the same URL layout and checks that it sends the
 *       same bytes for every path;
 *   <li>measures both with the same client (C keep-alive connections, back to back), in rounds, the
 *       two taking turns: QPS and latencies, and Keybox's QPS over nginx's (target ≥ 0.8).
 * </ol>
 */
public final class MediaBench {
  /** The width the class requests: the variant a listing page shows. */
  static final int WIDTH = 800;

  /** The target: Keybox's media throughput over nginx's, at 8 clients (issue 33). */
  public static final double TARGET_RATIO = 0.8;

  /**
   * The {@code Host} the photo requests name by default: a site's or CDN's name, as a browser
   * loading an {@code <img>} sends it (a reserved example name; the requests go to loopback). An IP
   * literal costs Undertow a regular-expression match per request that a name does not.
   */
  public static final String DEFAULT_HOST = "media.example.com";

  private static final int PAGES = 40;
  private static final int PAGE_SIZE = 100;

  /**
   * What to run.
   *
   * @param workDir where to keep the feed, data and logs; empty: a temporary directory, deleted
   * @param profile whether to record the server with JFR ({@code server.jfr}) and write the hottest
   *     frames beside it ({@code server-profile.txt})
   * @param hostName what the photo requests name in their {@code Host} header
   */
  public record Settings(
      long listings,
      long seed,
      int clients,
      int seconds,
      int warmupSeconds,
      int rounds,
      Optional<Path> workDir,
      Optional<String> serverHeap,
      boolean profile,
      long distinctListings,
      String hostName) {}

  /**
   * What it measured.
   *
   * @param distinctPictures distinct pictures the mirror resized (digest folders on disk); the rest
   *     of the photos were the same pictures again, read and hashed but not resized
   * @param photos the 800 px paths measured
   * @param resize the mirror of the distinct photos of {@link Settings#distinctListings} listings
   *     from a loopback web server, each decoded and resized; empty when none was asked for
   * @param nginx nginx's result, or empty with {@code skipped} saying why
   */
  public record Result(
      Settings settings,
      MirrorLine mirror,
      long distinctPictures,
      Optional<MirrorLine> resize,
      int cores,
      int photos,
      long photoBytes,
      LoadResult keybox,
      Optional<LoadResult> nginx,
      Optional<String> skipped) {
    /** Keybox's QPS over nginx's. */
    public Optional<Double> ratio() {
      return nginx.map(n -> keybox.qps() / Math.max(1e-9, n.qps()));
    }
  }

  private final Settings settings;
  private final PrintStream progress;

  public MediaBench(Settings settings, PrintStream progress) {
    this.settings = settings;
    this.progress = progress;
  }

  /** Runs it; everything it started is stopped, and a temporary directory deleted. */
  public Result run() throws Exception {
    Path work =
        settings.workDir().isPresent()
            ? Files.createDirectories(settings.workDir().get())
            : Files.createTempDirectory("keybox-bench-media-");
    try {
      return run(work);
    } finally {
      if (settings.workDir().isEmpty()) {
        Directories.deleteTree(work);
      }
    }
  }

  private Result run(Path work) throws Exception {
    String vendor = GeneratorConfig.DEFAULT_VENDOR;
    Path feed = work.resolve("feed-" + settings.listings() + "-" + settings.seed());
    if (!Files.exists(feed.resolve(FeedGenerator.LISTINGS_FILE))) {
      say("generating %,d listings (seed %d) ...", settings.listings(), settings.seed());
      new FeedGenerator(new GeneratorConfig(settings.listings(), settings.seed(), vendor))
          .writeDirectory(feed);
    }
    Path data = work.resolve("media-data");
    Directories.deleteTree(data); // the mirror rate is of a first run: no photo mirrored yet
    Files.createDirectories(data);
    VendorLayout layout = new VendorLayout(data, vendor);
    say("indexing with --media mirror ...");
    List<String> printed =
        IndexerProcess.indexMirroringPhotos(layout, feed, work.resolve("indexer-media.log"));
    MirrorLine mirror =
        MirrorLine.find(printed)
            .orElseThrow(
                () ->
                    new IOException(
                        "the indexer printed no photo line; see "
                            + work.resolve("indexer-media.log")));
    long distinct = distinctPictures(layout.mediaDir());
    int cores = Runtime.getRuntime().availableProcessors();
    say("mirrored %s", mirror.describe(3, cores));
    Optional<MirrorLine> resize = resizeRate(work, feed, vendor);

    Path recording = work.resolve("server.jfr");
    Result result;
    try (ServerProcess server =
        ServerProcess.start(
            data,
            vendor,
            work,
            settings.serverHeap(),
            settings.profile() ? Optional.of(recording) : Optional.empty())) {
      List<String> paths = servedPhotos(server);
      long photoBytes = 0;
      for (String path : paths) {
        photoBytes += Files.size(layout.mediaDir().resolve(relative(path)));
      }
      say(
          "%,d photos of %d px the server serves, %,d bytes in all",
          paths.size(), WIDTH, photoBytes);
      Optional<String> skipped = NginxServer.ensureInstalled(work.resolve("apt.log"), progress);
      List<Round> keyboxRounds = new ArrayList<>();
      Optional<LoadResult> nginxResult = Optional.empty();
      if (skipped.isPresent()) {
        say("nginx skipped: %s", skipped.get());
        keyboxRounds.addAll(measure(server.port(), paths, settings.rounds()));
      } else {
        try (NginxServer nginx = NginxServer.start(data, cores)) {
          checkSameBytes(server.port(), nginx.port(), paths);
          say("nginx and Keybox send the same bytes for all %,d photos", paths.size());
          List<Round> nginxRounds = new ArrayList<>();
          for (int round = 0; round < settings.rounds(); round++) { // taking turns
            keyboxRounds.addAll(measure(server.port(), paths, 1));
            nginxRounds.addAll(measure(nginx.port(), paths, 1));
          }
          nginxResult = Optional.of(LoadResult.of(nginxRounds));
        }
      }
      result =
          new Result(
              settings,
              mirror,
              distinct,
              resize,
              cores,
              paths.size(),
              photoBytes,
              LoadResult.of(keyboxRounds),
              nginxResult,
              skipped);
    }
    if (settings.profile() && Files.exists(recording)) { // written as the server stopped
      Path summary = work.resolve("server-profile.txt");
      Files.writeString(
          summary, JfrSummary.summarize(recording, t -> true, 20), StandardCharsets.UTF_8);
      say("the server's profile: %s (recording %s)", summary, recording);
    }
    return result;
  }

  /**
   * The mirror's rate when every photo is new: the first {@link Settings#distinctListings} listings
   * of the feed, each photo at a URL of its own on a loopback web server ({@link
   * DistinctPhotoOrigin}), indexed with {@code --media mirror} into a data directory of their own.
   */
  private Optional<MirrorLine> resizeRate(Path work, Path feed, String vendor) throws IOException {
    if (settings.distinctListings() <= 0) {
      return Optional.empty();
    }
    Path data = work.resolve("resize-data");
    Directories.deleteTree(data);
    Files.createDirectories(data);
    Path log = work.resolve("indexer-resize.log");
    try (DistinctPhotoOrigin origin =
        DistinctPhotoOrigin.start(feed.resolve(FeedGenerator.PHOTOS_DIR))) {
      Path distinctFeed = work.resolve("feed-distinct");
      long photos =
          DistinctFeed.write(feed, settings.distinctListings(), distinctFeed, origin::url);
      say(
          "mirroring %,d distinct photos of %,d listings from a loopback web server ...",
          photos, settings.distinctListings());
      // The default pace (2 a second) is an MLS's; a loopback origin is paced by the mirror alone.
      List<String> printed =
          IndexerProcess.indexMirroringPhotos(
              new VendorLayout(data, vendor),
              distinctFeed,
              log,
              List.of("--media-max-rps", "1000"));
      MirrorLine resize =
          MirrorLine.find(printed)
              .orElseThrow(() -> new IOException("the indexer printed no photo line; see " + log));
      say("resized %s", resize.describe(3, Runtime.getRuntime().availableProcessors()));
      return Optional.of(resize);
    }
  }

  private List<Round> measure(int port, List<String> paths, int rounds)
      throws InterruptedException {
    Duration window = Duration.ofMillis(settings.seconds() * 1000L / settings.rounds());
    Duration warmup = Duration.ofSeconds(settings.warmupSeconds());
    List<Round> measured = new ArrayList<>();
    for (int i = 0; i < rounds; i++) {
      measured.add(
          MediaLoad.run(port, settings.hostName(), paths, settings.clients(), warmup, window));
    }
    return measured;
  }

  /**
   * The 800 px paths of the photos the server's search answers show, kept when the server answers
   * them with a 200 (without credentials, as a browser loads them).
   */
  private static List<String> servedPhotos(ServerProcess server) throws IOException {
    String auth =
        "Authorization: "
            + HttpConnection.basic(ServerProcess.KEY, server.secret())
            + "\r\nAccept: application/json\r\n";
    Set<String> shown = new LinkedHashSet<>();
    try (HttpConnection search = new HttpConnection("127.0.0.1", server.port(), auth)) {
      for (int page = 0; page < PAGES; page++) {
        HttpConnection.Response response =
            search.get("/properties?limit=" + PAGE_SIZE + "&offset=" + page * PAGE_SIZE);
        if (response.status() != 200) {
          break; // past the last listing
        }
        shown.addAll(PhotoPaths.in(response.bodyText(), WIDTH));
      }
    }
    List<String> served = new ArrayList<>();
    try (HttpConnection photos = new HttpConnection("127.0.0.1", server.port(), "")) {
      for (String path : shown) {
        if (photos.get(path).status() == 200) {
          served.add(path);
        }
      }
    }
    if (served.isEmpty()) {
      throw new IOException(
          "the server serves none of the " + shown.size() + " photos its search answers show");
    }
    return served;
  }

  private static void checkSameBytes(int keyboxPort, int nginxPort, List<String> paths)
      throws IOException {
    try (HttpConnection keybox = new HttpConnection("127.0.0.1", keyboxPort, "");
        HttpConnection nginx = new HttpConnection("127.0.0.1", nginxPort, "")) {
      for (String path : paths) {
        HttpConnection.Response a = keybox.get(path);
        byte[] expected = Arrays.copyOf(a.body(), a.bodyLength());
        HttpConnection.Response b = nginx.get(path);
        byte[] actual = Arrays.copyOf(b.body(), b.bodyLength());
        if (b.status() != 200 || !Arrays.equals(expected, actual)) {
          throw new IOException(
              "nginx answers "
                  + path
                  + " with HTTP "
                  + b.status()
                  + " and "
                  + actual.length
                  + " bytes, Keybox with "
                  + expected.length
                  + " bytes; see its config");
        }
      }
    }
  }

  /** {@code ab/<digest>/<width>.jpg} of {@code /media/<vendor>/<digest>/<width>.jpg}. */
  static String relative(String path) {
    String[] parts = path.split("/");
    String digest = parts[3];
    return digest.substring(0, 2) + "/" + digest + "/" + parts[4];
  }

  private static long distinctPictures(Path media) throws IOException {
    if (!Files.isDirectory(media)) {
      return 0;
    }
    try (Stream<Path> files = Files.walk(media, 2)) {
      return files.filter(p -> p.getNameCount() - media.getNameCount() == 2).count();
    }
  }

  /** Prints the result as the report's media section. */
  public static void print(Result result, PrintStream out) {
    Settings s = result.settings();
    out.printf(
        Locale.ROOT,
        "media: %,d listings (seed %d), %d clients, %d s measured per system in %d rounds"
            + " (warm-up %d s each), %d cores, Host: %s%n",
        s.listings(),
        s.seed(),
        s.clients(),
        s.seconds(),
        s.rounds(),
        s.warmupSeconds(),
        result.cores(),
        s.hostName());
    out.printf(
        Locale.ROOT,
        "mirror rate: %s; %,d distinct pictures resized, the other photos are the same pictures"
            + " again (read and hashed, not resized)%n",
        result.mirror().describe(3, result.cores()),
        result.distinctPictures());
    result
        .resize()
        .ifPresent(
            resize ->
                out.printf(
                    Locale.ROOT,
                    "resize rate: %s; every photo distinct (from a loopback web server), each"
                        + " decoded and its 3 variants resized and written%n",
                    resize.describe(3, result.cores())));
    out.printf(
        Locale.ROOT,
        "serving %,d photos of %d px (%,d bytes, mean %,d bytes):%n",
        result.photos(),
        WIDTH,
        result.photoBytes(),
        result.photoBytes() / Math.max(1, result.photos()));
    out.println("system        QPS   p50 ms   p99 ms   max ms  errors   MB/s");
    row(out, "keybox", result.keybox());
    result.nginx().ifPresent(n -> row(out, "nginx", n));
    result.skipped().ifPresent(why -> out.println("nginx skipped: " + why));
    result
        .ratio()
        .ifPresent(
            r ->
                out.printf(
                    Locale.ROOT,
                    "keybox/nginx QPS: %.2fx (target >= %.1fx: %s)%n",
                    r,
                    TARGET_RATIO,
                    r >= TARGET_RATIO ? "holds" : "FAILS"));
    if (result.keybox().firstError() != null) {
      out.println("keybox's first error: " + result.keybox().firstError());
    }
    result
        .nginx()
        .filter(n -> n.firstError() != null)
        .ifPresent(n -> out.println("nginx's first error: " + n.firstError()));
  }

  private static void row(PrintStream out, String name, LoadResult r) {
    out.printf(
        Locale.ROOT,
        "%-8s %8.0f %8.2f %8.2f %8.2f %7d %6.1f%n",
        name,
        r.qps(),
        r.p50Millis(),
        r.p99Millis(),
        r.maxMillis(),
        r.errors(),
        r.qps() * r.bytesPerAnswer() / 1e6);
  }

  private void say(String format, Object... args) {
    progress.println("bench: " + String.format(Locale.ROOT, format, args));
  }
}

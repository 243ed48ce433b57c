package io.keybox.indexer.media;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.keybox.state.StateStore;
import io.keybox.state.media.MediaCatalog;
import io.keybox.state.media.MediaRecord;
import io.keybox.state.media.MediaState;
import io.keybox.state.media.MirroredPhoto;
import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.threeten.extra.MutableClock;

/**
 * {@link MediaMirror} against a photo server on loopback serving real files: a JPEG, a CMYK JPEG, a
 * PNG, a WebP, a rotated-EXIF JPEG, a cut file, a non-image, a 404, a URL that expires after one
 * download (403, then a fresh URL) and one that answers 429 with Retry-After. The catalog is a real
 * SQLite file; the clock is set by hand and the pauses are recorded.
 */
final class MediaMirrorTest {
  private static final Instant T0 = Instant.parse("2026-11-28T00:00:00Z");

  @TempDir Path dir;
  private HttpServer server;
  private final Map<String, byte[]> files = new ConcurrentHashMap<>();
  private final Map<String, AtomicInteger> servedOnce = new ConcurrentHashMap<>();
  private final List<String> requests = new CopyOnWriteArrayList<>();
  private final AtomicInteger tooManyRequests = new AtomicInteger();
  private StateStore store;
  private MediaCatalog catalog;
  private MediaFiles mediaFiles;
  private final List<Duration> pauses = new ArrayList<>();
  private final MutableClock clock = MutableClock.of(T0, ZoneOffset.UTC);

  @BeforeEach
  void setUp() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/", this::serve);
    server.start();
    store = StateStore.open(dir.resolve("data"));
    catalog = new MediaCatalog(store, "v", clock);
    mediaFiles = new MediaFiles(dir.resolve("data").resolve("v").resolve("media"));
    byte[] jpeg =
        TestImages.encode(
            TestImages.halves(1200, 900, Color.RED, Color.BLUE, BufferedImage.TYPE_INT_RGB), "jpg");
    files.put("/front.jpg", jpeg);
    files.put("/cmyk.jpg", TestImages.resource("cmyk.jpg"));
    files.put(
        "/garden.png",
        TestImages.encode(
            TestImages.halves(900, 600, Color.GREEN, Color.WHITE, BufferedImage.TYPE_INT_RGB),
            "png"));
    files.put("/kitchen.webp", TestImages.resource("photo.webp"));
    files.put(
        "/rotated.jpg",
        TestImages.withExif(
            TestImages.encode(
                TestImages.halves(640, 480, Color.RED, Color.BLUE, BufferedImage.TYPE_INT_RGB),
                "jpg"),
            6));
    files.put("/cut.jpg", Arrays.copyOf(jpeg, jpeg.length / 2));
    files.put("/page.jpg", "<html>Sign in</html>".getBytes(StandardCharsets.UTF_8));
    files.put("/signed-old.jpg", jpeg); // expires after one download
    files.put("/signed-new.jpg", jpeg);
    files.put("/busy.jpg", jpeg); // answers 429 with Retry-After: 7 once
  }

  @AfterEach
  void tearDown() {
    server.stop(0);
    store.close();
  }

  private void serve(HttpExchange exchange) throws IOException {
    String path = exchange.getRequestURI().getPath();
    requests.add(path);
    byte[] body = files.get(path);
    int status = 200;
    if (body == null) {
      status = 404;
    } else if (path.equals("/signed-old.jpg")
        && servedOnce.computeIfAbsent(path, p -> new AtomicInteger()).getAndIncrement() > 0) {
      status = 403;
    } else if (path.equals("/busy.jpg") && tooManyRequests.getAndIncrement() == 0) {
      status = 429;
      exchange.getResponseHeaders().add("Retry-After", "7");
    }
    byte[] bytes = status == 200 ? body : new byte[0];
    exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }

  private String url(String path) {
    return "http://127.0.0.1:" + server.getAddress().getPort() + path;
  }

  private MediaRecord photo(String listing, int position, String path) {
    return new MediaRecord(
        listing + "-" + position,
        listing,
        position,
        url(path),
        Optional.empty(),
        Optional.empty(),
        OptionalInt.empty(),
        OptionalInt.empty(),
        T0);
  }

  private MediaMirror mirror(MediaMirror.FreshUrls fresh) {
    return new MediaMirror(
        catalog,
        mediaFiles,
        HttpClient.newHttpClient(),
        fresh,
        new MediaMirror.Settings(1000, 2, 5_000_000, Map.of("User-Agent", "keybox-test")),
        clock,
        d -> {
          pauses.add(d);
          clock.add(d);
        });
  }

  @Test
  void everyKindOfFileEndsMirroredOrFailedWithItsReason() throws Exception {
    catalog.replaceListing(
        "A",
        List.of(
            photo("A", 0, "/front.jpg"),
            photo("A", 1, "/cmyk.jpg"),
            photo("A", 2, "/garden.png"),
            photo("A", 3, "/kitchen.webp"),
            photo("A", 4, "/rotated.jpg")));
    catalog.replaceListing(
        "B",
        List.of(
            photo("B", 0, "/cut.jpg"), photo("B", 1, "/page.jpg"), photo("B", 2, "/missing.jpg")));

    MediaMirror.Report report = mirror(MediaMirror.FreshUrls.NONE).run(() -> false);

    assertEquals(5, report.mirrored());
    assertEquals(3, report.failed());
    List<MirroredPhoto> photos = catalog.photos("A");
    assertEquals(5, photos.size());
    for (MirroredPhoto photo : photos) {
      for (int width : PhotoVariants.WIDTHS) {
        assertTrue(
            Files.isRegularFile(mediaFiles.variant(photo.digest(), width)), photo + " " + width);
      }
    }
    MirroredPhoto rotated = photos.get(4);
    assertEquals(OptionalInt.of(480), rotated.width());
    assertEquals(OptionalInt.of(640), rotated.height());
    BufferedImage upright = ImageIO.read(mediaFiles.variant(rotated.digest(), 400).toFile());
    assertEquals(533, upright.getHeight());
    assertFalse(
        TestImages.contains(
            Files.readAllBytes(mediaFiles.variant(rotated.digest(), 1600)),
            TestImages.EXIF_MARKER));
    assertEquals(List.of(), catalog.photos("B"));
    assertEquals(
        Map.of(
            MediaState.PENDING,
            0L,
            MediaState.MIRRORED,
            5L,
            MediaState.FAILED,
            3L,
            MediaState.GONE,
            0L),
        catalog.counts());
    try (var walk = Files.walk(dir.resolve("data").resolve("v").resolve("media"))) {
      assertTrue(walk.noneMatch(p -> p.getFileName().toString().startsWith(".tmp-")));
    }
  }

  @Test
  void coversComeFirstAndTheSamePictureIsStoredOnce() throws Exception {
    catalog.replaceListing(
        "OLD", List.of(photo("OLD", 0, "/front.jpg"), photo("OLD", 1, "/cmyk.jpg")));
    catalog.replaceListing(
        "NEW",
        List.of(
            new MediaRecord(
                "NEW-0",
                "NEW",
                0,
                url("/garden.png"),
                Optional.empty(),
                Optional.empty(),
                OptionalInt.empty(),
                OptionalInt.empty(),
                T0.plusSeconds(60)),
            new MediaRecord(
                "NEW-1",
                "NEW",
                1,
                url("/front.jpg"),
                Optional.empty(),
                Optional.empty(),
                OptionalInt.empty(),
                OptionalInt.empty(),
                T0.plusSeconds(60))));

    new MediaMirror(
            catalog,
            mediaFiles,
            HttpClient.newHttpClient(),
            MediaMirror.FreshUrls.NONE,
            new MediaMirror.Settings(1000, 1, 5_000_000, Map.of()),
            clock,
            clock::add)
        .run(() -> false);

    assertEquals(List.of("/garden.png", "/front.jpg", "/front.jpg", "/cmyk.jpg"), requests);
    assertEquals(
        catalog.photos("OLD").get(0).digest(), catalog.photos("NEW").get(1).digest(), "one file");
  }

  @Test
  void anExpiredUrlIsAskedForAfreshOnceAndA429HoldsForItsRetryAfter() throws Exception {
    catalog.replaceListing("S", List.of(photo("S", 0, "/signed-old.jpg")));
    assertEquals(1, mirror(MediaMirror.FreshUrls.NONE).run(() -> false).mirrored());
    // The same URL again (its timestamp changed): now refused, and a fresh one is asked for.
    catalog.upsert(
        List.of(
            new MediaRecord(
                "S-0",
                "S",
                0,
                url("/signed-old.jpg"),
                Optional.of(T0),
                Optional.empty(),
                OptionalInt.empty(),
                OptionalInt.empty(),
                T0)));
    List<String> asked = new ArrayList<>();
    MediaMirror.Report again =
        mirror(
                task -> {
                  asked.add(task.mediaKey());
                  return Optional.of(url("/signed-new.jpg"));
                })
            .run(() -> false);
    assertEquals(1, again.mirrored());
    assertEquals(List.of("S-0"), asked);
    assertEquals(List.of("/signed-old.jpg", "/signed-old.jpg", "/signed-new.jpg"), requests);

    catalog.replaceListing("Z", List.of(photo("Z", 0, "/busy.jpg")));
    MediaMirror.Report busy = mirror(MediaMirror.FreshUrls.NONE).run(() -> false);
    assertEquals(1, busy.later());
    assertEquals(List.of(), catalog.next(10), "not due before its Retry-After");
    clock.add(Duration.ofSeconds(7));
    assertEquals(1, mirror(MediaMirror.FreshUrls.NONE).run(() -> false).mirrored());
    assertEquals(List.of("/busy.jpg", "/busy.jpg"), requests.subList(3, 5));
  }
}

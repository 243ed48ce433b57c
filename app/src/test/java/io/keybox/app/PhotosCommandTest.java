package io.keybox.app;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.keybox.indexer.pull.fixture.ResoRecords;
import io.keybox.indexer.pull.fixture.ResoWebApiServer;
import io.keybox.indexer.pull.fixture.ResoWebApiServer.PhotoBehaviour;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Photos end to end (issue 33): {@code keybox pull} asks the MLS for each listing's Media, mirrors
 * the photos (a 429 waited for, a non-image and a 404 skipped with their reasons, a floor plan left
 * out), and the server lists them in the feed's order as its own URLs and serves them resized,
 * cacheable and only while a displayable listing of the index shows them; a changed photo replaces
 * the old one, and a signed URL that expired is asked for again.
 */
final class PhotosCommandTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Instant T0 = PhotoMls.T0;
  private static final Pattern PHOTO_URL =
      Pattern.compile("http://127\\.0\\.0\\.1:\\d+/media/v/([0-9a-f]{40})/1600\\.jpg");

  @TempDir Path dir;
  private PhotoMls feed;
  private ResoWebApiServer mls;
  private Path data;

  @BeforeEach
  void setUp() throws IOException {
    data = dir.resolve("data");
    feed = new PhotoMls(dir, data);
    mls = feed.server();
  }

  @AfterEach
  void tearDown() {
    feed.close();
  }

  @Test
  void aPullMirrorsEachListingsPhotosAndTheServerServesThemResizedAndCacheable() throws Exception {
    String big =
        mls.photo("big.jpg", image(2000, 1000, "jpeg"), "image/jpeg", PhotoBehaviour.SERVED);
    String small =
        mls.photo("small.png", image(300, 200, "png"), "image/png", PhotoBehaviour.BUSY_FIRST);
    String text =
        mls.photo(
            "notes.txt",
            "no picture".getBytes(StandardCharsets.UTF_8),
            "image/jpeg",
            PhotoBehaviour.SERVED);
    String missing = mls.photo("gone.jpg", new byte[0], "image/jpeg", PhotoBehaviour.MISSING);
    mls.media(
        ResoRecords.listingKey(0),
        List.of(
            media("M-big", big, 2, "Photo"),
            media("M-small", small, 1, null),
            media("M-text", text, 3, "Photo"),
            media("M-missing", missing, 4, "Photo"),
            media("M-plan", big, 5, "FloorPlan")));

    Commands.Result result = pull("--full");

    assertEquals(0, result.code(), result.err());
    String[] lines = result.out().split("\n");
    assertEquals(3, lines.length, result.out());
    assertTrue(
        lines[2].startsWith(
            "keybox pull: vendor v: photos: 2 mirrored, 2 failed, 0 to retry later, "),
        lines[2]);
    assertTrue(lines[2].contains(" 1 listings updated in 1 commits, 0 deleted, "), lines[2]);
    assertEquals(2, mls.photoRequests("small.png"), "the 429 was waited for, then retried");
    // The media report: each photo given up on, with its reason, in the listing's order.
    List<String> report = Files.readAllLines(data.resolve("v").resolve("media-report.ndjson"));
    assertEquals(2, report.size(), report.toString());
    JsonNode notAnImage = JSON.readTree(report.get(0));
    assertEquals("M-text", notAnImage.get("mediaKey").asText());
    assertEquals(ResoRecords.listingKey(0), notAnImage.get("listingKey").asText());
    assertEquals(text, notAnImage.get("sourceUrl").asText());
    assertEquals("not an image (no reader knows its format)", notAnImage.get("reason").asText());
    JsonNode gone = JSON.readTree(report.get(1));
    assertEquals("M-missing", gone.get("mediaKey").asText());
    assertEquals("HTTP 404", gone.get("reason").asText());
    try (PhotoServer served = new PhotoServer(data)) {
      JsonNode listing = served.listing(0);
      List<String> digests = digests(listing);
      assertEquals(2, digests.size(), listing.toString());
      // Cover first: the feed's Order 1 is the PNG, 300 px wide, never upscaled.
      assertEquals(List.of(300, 200), served.size(digests.get(0), 1600));
      assertEquals(List.of(300, 200), served.size(digests.get(0), 400));
      assertEquals(List.of(1600, 800), served.size(digests.get(1), 1600));
      assertEquals(List.of(800, 400), served.size(digests.get(1), 800));
      assertEquals(List.of(400, 200), served.size(digests.get(1), 400));
      assertEquals(List.of(), digests(served.listing(1)), "a listing without photos has none");

      HttpResponse<byte[]> photo = served.media("/media/v/" + digests.get(1) + "/800.jpg", "GET");
      assertEquals(200, photo.statusCode());
      assertEquals("image/jpeg", photo.headers().firstValue("Content-Type").orElseThrow());
      assertEquals(
          "public, max-age=31536000, immutable",
          photo.headers().firstValue("Cache-Control").orElseThrow());
      String etag = photo.headers().firstValue("ETag").orElseThrow();
      assertEquals("\"" + digests.get(1) + "-800\"", etag);
      // Asked again, the photo is known to the snapshot and sent from the IO thread: the same
      // bytes and headers as the first answer, which read the index on a worker.
      HttpResponse<byte[]> known = served.media("/media/v/" + digests.get(1) + "/800.jpg", "GET");
      assertEquals(200, known.statusCode());
      assertArrayEquals(photo.body(), known.body());
      for (String header :
          List.of("Content-Type", "Content-Length", "Cache-Control", "ETag", "Last-Modified")) {
        assertEquals(
            photo.headers().firstValue(header), known.headers().firstValue(header), header);
      }
      HttpResponse<byte[]> range =
          served.media("/media/v/" + digests.get(1) + "/800.jpg", "GET", "Range", "bytes=0-9");
      assertEquals(206, range.statusCode());
      assertArrayEquals(Arrays.copyOf(photo.body(), 10), range.body());
      HttpResponse<byte[]> again =
          served.media("/media/v/" + digests.get(1) + "/800.jpg", "GET", "If-None-Match", etag);
      assertEquals(304, again.statusCode());
      HttpResponse<byte[]> head = served.media("/media/v/" + digests.get(1) + "/800.jpg", "HEAD");
      assertEquals(200, head.statusCode());
      assertEquals(
          String.valueOf(photo.body().length),
          head.headers().firstValue("Content-Length").orElseThrow());

      assertEquals(
          404, served.media("/media/v/" + digests.get(1) + "/500.jpg", "GET").statusCode());
      assertEquals(
          404, served.media("/media/v/" + "0".repeat(40) + "/400.jpg", "GET").statusCode());
      assertEquals(
          404, served.media("/media/w/" + digests.get(1) + "/400.jpg", "GET").statusCode());
      assertEquals(404, served.media("/media/v/../keys.json", "GET").statusCode());
      assertEquals(
          405, served.media("/media/v/" + digests.get(1) + "/400.jpg", "DELETE").statusCode());
      // The operator's view: the catalog's counts, read by the server from the indexer's file.
      JsonNode media = served.get("/-/health").at("/vendors/0/media");
      assertEquals(2, media.path("mirrored").asInt(-1), media.toString());
      assertEquals(0, media.path("pending").asInt(-1), media.toString());
      assertEquals(2, media.path("failed").asInt(-1), media.toString());
      String metrics = served.text("/-/metrics");
      for (String line :
          List.of(
              "keybox_media_photos{state=\"mirrored\",vendor=\"v\"} 2.0",
              "keybox_media_photos{state=\"failed\",vendor=\"v\"} 2.0",
              "keybox_media_failed_photos{reason=\"not_an_image\",vendor=\"v\"} 1.0",
              "keybox_media_failed_photos{reason=\"not_found\",vendor=\"v\"} 1.0")) {
        assertTrue(metrics.contains("\n" + line + "\n"), line);
      }
    }
  }

  @Test
  void photosOfAListingThatMayNotBeShownOrLeftTheIndexAreNotServed() throws Exception {
    String first = mls.photo("a.jpg", image(640, 480, "jpeg"), "image/jpeg", PhotoBehaviour.SERVED);
    String second =
        mls.photo("b.jpg", image(480, 640, "jpeg"), "image/jpeg", PhotoBehaviour.SERVED);
    mls.media(ResoRecords.listingKey(0), List.of(media("M-a", first, 1, "Photo")));
    mls.media(ResoRecords.listingKey(1), List.of(media("M-b", second, 1, "Photo")));
    ObjectNode withheld = mls.get("Property", ResoRecords.listingKey(1));
    withheld.put("InternetEntireListingDisplayYN", false);

    assertEquals(0, pull("--full").code());
    String shown;
    String hidden;
    try (PhotoServer served = new PhotoServer(data)) {
      shown = digests(served.listing(0)).get(0);
      hidden =
          digests(served.get("/properties/" + served.mlsId(1) + "?vendor=v&idx=ignore")).get(0);
      assertEquals(200, served.media("/media/v/" + shown + "/400.jpg", "GET").statusCode());
      assertEquals(404, served.media("/media/v/" + hidden + "/400.jpg", "GET").statusCode());
      // Known to this snapshot now (the next request of it takes the IO thread's lane).
      assertEquals(200, served.media("/media/v/" + shown + "/400.jpg", "GET").statusCode());

      ObjectNode deleted = ResoRecords.property(7, 0, T0.plus(Duration.ofHours(3)));
      deleted.put("StandardStatus", "Delete");
      mls.put("Property", deleted);
      assertEquals(0, pull("--incremental").code());
      // The running server swaps to the new commit; the old snapshot's answer goes with it.
      long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
      while (served.count("/properties?vendor=v&idx=ignore&q=" + ResoRecords.listingId(0)) != 0) {
        assertTrue(System.nanoTime() < deadline, "the server never swapped to the new commit");
        Thread.sleep(100);
      }
      assertEquals(404, served.media("/media/v/" + shown + "/400.jpg", "GET").statusCode());
      assertEquals(404, served.media("/media/v/" + shown + "/400.jpg", "HEAD").statusCode());
    }
    Path files = data.resolve("v").resolve("media").resolve(shown.substring(0, 2)).resolve(shown);
    try (PhotoServer served = new PhotoServer(data)) {
      assertEquals(404, served.media("/media/v/" + shown + "/400.jpg", "GET").statusCode());
      assertTrue(Files.isRegularFile(files.resolve("400.jpg")), "kept for --media-keep-days");
    }

    // The next run with no days to keep deletes the gone listing's files.
    mls.put("Property", ResoRecords.property(7, 2, T0.plus(Duration.ofHours(4))));
    Commands.Result purge = pull("--incremental", "--media-keep-days", "0");
    assertEquals(0, purge.code(), purge.err());
    assertTrue(purge.out().contains(" 0 listings updated in 0 commits, 1 deleted, "), purge.out());
    assertTrue(!Files.exists(files), "the gone listing's photo files are deleted");
    try (PhotoServer served = new PhotoServer(data)) {
      assertEquals(404, served.media("/media/v/" + shown + "/400.jpg", "GET").statusCode());
      assertEquals(
          404,
          served.media("/media/v/" + hidden + "/400.jpg", "GET").statusCode(),
          "still not displayable");
    }
  }

  @Test
  void aPhotoChangedUnderTheSameUrlOrMovedToANewUrlIsDownloadedAgain() throws Exception {
    String url = mls.photo("p.jpg", image(900, 600, "jpeg"), "image/jpeg", PhotoBehaviour.SERVED);
    String first = pulledCover(0, url);

    // A new picture at the same URL: only the newer MediaModificationTimestamp tells.
    mls.photo("p.jpg", image(1000, 250, "jpeg"), "image/jpeg", PhotoBehaviour.SERVED);
    Commands.Result sameUrl = changeCover(url, Duration.ofHours(5), Duration.ofHours(5));
    assertTrue(sameUrl.out().contains("photos: 1 mirrored, 0 failed"), sameUrl.out());
    String second = onlyPhotoOfListing0(List.of(1000, 250), first);

    // The same timestamp at a new URL (a CDN move, another picture): the URL tells.
    String moved = mls.photo("q.jpg", image(500, 500, "jpeg"), "image/jpeg", PhotoBehaviour.SERVED);
    changeCover(moved, Duration.ofHours(5), Duration.ofHours(6));
    onlyPhotoOfListing0(List.of(500, 500), second);
  }

  /**
   * Makes {@code url} listing {@code listing}'s one photo M-1, pulls in full and returns the digest
   * the listing then shows.
   */
  private String pulledCover(int listing, String url) throws Exception {
    mls.media(ResoRecords.listingKey(listing), List.of(media("M-1", url, 1, "Photo")));
    assertEquals(0, pull("--full").code());
    try (PhotoServer served = new PhotoServer(data)) {
      return digests(served.listing(listing)).get(0);
    }
  }

  /**
   * Makes {@code url} listing 0's one photo M-1, modified {@code photo} after T0, the listing
   * modified {@code listing} after T0, and pulls the change.
   */
  private Commands.Result changeCover(String url, Duration photo, Duration listing) {
    ObjectNode changed = media("M-1", url, 1, "Photo");
    changed.put("MediaModificationTimestamp", T0.plus(photo).toString());
    mls.media(ResoRecords.listingKey(0), List.of(changed));
    mls.put("Property", ResoRecords.property(7, 0, T0.plus(listing)));
    Commands.Result result = pull("--incremental");
    assertEquals(0, result.code(), result.err());
    return result;
  }

  /**
   * The digest of listing 0's one photo, which must be {@code size} (at 1600 px) and new: the
   * {@code old} one is served no more.
   */
  private String onlyPhotoOfListing0(List<Integer> size, String old) throws Exception {
    try (PhotoServer served = new PhotoServer(data)) {
      List<String> shown = digests(served.listing(0));
      assertEquals(1, shown.size());
      assertTrue(!shown.get(0).equals(old), "a new digest");
      assertEquals(size, served.size(shown.get(0), 1600));
      assertEquals(404, served.media("/media/v/" + old + "/400.jpg", "GET").statusCode());
      return shown.get(0);
    }
  }

  @Test
  void aChangedPhotoReplacesTheOldOneAndAnExpiredUrlIsAskedForAgain() throws Exception {
    String red = mls.photo("red.jpg", image(900, 600, "jpeg"), "image/jpeg", PhotoBehaviour.SERVED);
    String before = pulledCover(2, red);

    // The photo changes: a new picture under a signed URL that expires before the mirror reaches
    // it (the test spends its one use); the MLS then gives a fresh URL for the same MediaKey.
    byte[] picture = image(1200, 400, "jpeg");
    String expired = mls.photo("signed-1.jpg", picture, "image/jpeg", PhotoBehaviour.ONCE);
    HttpClient.newHttpClient()
        .send(
            HttpRequest.newBuilder(URI.create(expired)).build(),
            HttpResponse.BodyHandlers.discarding());
    ObjectNode changed = media("M-1", expired, 1, "Photo");
    changed.put("MediaModificationTimestamp", T0.plus(Duration.ofHours(5)).toString());
    mls.media(ResoRecords.listingKey(2), List.of(changed));
    mls.put("Property", ResoRecords.property(7, 2, T0.plus(Duration.ofHours(5))));
    String fresh = mls.photo("signed-2.jpg", picture, "image/jpeg", PhotoBehaviour.SERVED);
    mls.onPage(
        "Property",
        0,
        server -> {
          ObjectNode renewed = media("M-1", fresh, 1, "Photo");
          renewed.put("MediaModificationTimestamp", T0.plus(Duration.ofHours(5)).toString());
          server.media(ResoRecords.listingKey(2), List.of(renewed));
        });

    Commands.Result result = pull("--incremental");

    assertEquals(0, result.code(), result.err());
    assertTrue(result.out().contains("photos: 1 mirrored, 0 failed"), result.out());
    assertEquals(1, mls.photoRequests("signed-2.jpg"));
    try (PhotoServer served = new PhotoServer(data)) {
      List<String> after = digests(served.listing(2));
      assertEquals(1, after.size());
      assertTrue(!after.get(0).equals(before), "a new picture has a new URL");
      assertEquals(List.of(1200, 400), served.size(after.get(0), 1600));
      assertEquals(404, served.media("/media/v/" + before + "/400.jpg", "GET").statusCode());
    }
  }

  @Test
  void aServerThatCannotExpandMediaHasThePhotosReadFromItsMediaResourceIncrementallyToo()
      throws Exception {
    mls.advertiseMedia(false);
    for (int i = 0; i < 3; i++) {
      mls.get("Property", ResoRecords.listingKey(i)).remove("Media"); // no $expand: no Media
    }
    String wide =
        mls.photo("wide.jpg", image(1200, 600, "jpeg"), "image/jpeg", PhotoBehaviour.SERVED);
    String tall = mls.photo("tall.png", image(300, 600, "png"), "image/png", PhotoBehaviour.SERVED);
    String square =
        mls.photo("square.jpg", image(800, 800, "jpeg"), "image/jpeg", PhotoBehaviour.SERVED);
    mls.media(
        ResoRecords.listingKey(0),
        List.of(
            media("M-wide", wide, 2, "Photo"),
            media("M-tall", tall, 1, null),
            media("M-plan", wide, 3, "FloorPlan")));
    mls.media(ResoRecords.listingKey(1), List.of(media("M-square", square, 1, "Photo")));

    Commands.Result full = pull("--full");

    assertEquals(0, full.code(), full.err());
    assertTrue(
        full.err().contains("names no Media of Property: photos are read from the Media resource"),
        full.err());
    assertTrue(
        mls.requests().stream()
            .anyMatch(
                r ->
                    r.startsWith(
                        "GET /odata/Media {$count=true, $filter=ResourceName eq 'Property'}")),
        mls.requests().toString());
    assertTrue(
        mls.requests().stream().noneMatch(r -> r.contains("$expand")), mls.requests().toString());
    assertTrue(
        full.out().contains("pull of 3 Property, 0 OpenHouse, 4 Member, 4 Media"), full.out());
    String tallDigest;
    String squareDigest;
    String wideDigest;
    try (PhotoServer served = new PhotoServer(data)) {
      List<String> first = digests(served.listing(0));
      assertEquals(2, first.size(), "the floor plan is no photo");
      assertEquals(List.of(300, 600), served.size(first.get(0), 1600), "Order 1 is the cover");
      assertEquals(List.of(1200, 600), served.size(first.get(1), 1600));
      tallDigest = first.get(0);
      wideDigest = first.get(1);
      List<String> second = digests(served.listing(1));
      assertEquals(1, second.size());
      squareDigest = second.get(0);
      assertEquals(List.of(), digests(served.listing(2)));
    }
    JsonNode state = JSON.readTree(data.resolve("v").resolve("pull-state.json").toFile());
    assertEquals(T0.toString(), state.at("/highWater/Media").asText(), state.toString());

    // Listing 1's photo changes (a new picture, URL and timestamp) while its record does not;
    // listing 0 changes, and loses a photo, which no Media timestamp tells.
    String newer =
        mls.photo("square-2.jpg", image(640, 320, "jpeg"), "image/jpeg", PhotoBehaviour.SERVED);
    ObjectNode changed = media("M-square", newer, 1, "Photo");
    changed.put("MediaModificationTimestamp", T0.plus(Duration.ofHours(5)).toString());
    mls.media(ResoRecords.listingKey(1), List.of(changed));
    ObjectNode relisted = ResoRecords.property(7, 0, T0.plus(Duration.ofHours(4)));
    relisted.remove("Media");
    mls.put("Property", relisted);
    mls.media(ResoRecords.listingKey(0), List.of(media("M-tall", tall, 1, null)));
    mls.clearLog();

    Commands.Result incremental = pull("--incremental");

    assertEquals(0, incremental.code(), incremental.err());
    assertTrue(
        mls.requests().stream()
            .anyMatch(
                r ->
                    r.startsWith(
                        "GET /odata/Property {$count=true, $filter=(ListingKey eq 'LK100001')}")),
        "the listing whose photo alone changed is read again: " + mls.requests());
    assertTrue(
        mls.requests().stream()
            .anyMatch(
                r ->
                    r.startsWith(
                        "GET /odata/Media {$count=true, $filter=ResourceName eq 'Property' and"
                            + " (ResourceRecordKey eq 'LK100000' or ResourceRecordKey eq"
                            + " 'LK100001' or ResourceRecordKey eq 'LK100002')}")),
        "the whole Media lists of the listings pulled (0 and 2, in the overlap minute) and of"
            + " the listing whose photo changed (1) are read again: "
            + mls.requests());
    try (PhotoServer served = new PhotoServer(data)) {
      assertEquals(List.of(tallDigest), digests(served.listing(0)), "the removed photo left");
      List<String> second = digests(served.listing(1));
      assertEquals(1, second.size());
      assertTrue(!second.get(0).equals(squareDigest), "a changed photo has a new digest");
      assertEquals(List.of(640, 320), served.size(second.get(0), 1600));
      assertEquals(404, served.media("/media/v/" + squareDigest + "/400.jpg", "GET").statusCode());
      assertEquals(404, served.media("/media/v/" + wideDigest + "/400.jpg", "GET").statusCode());
    }
    state = JSON.readTree(data.resolve("v").resolve("pull-state.json").toFile());
    assertEquals(
        T0.plus(Duration.ofHours(5)).toString(),
        state.at("/highWater/Media").asText(),
        state.toString());
  }

  @Test
  void anIndexRunJoinsAMediaDumpToTheListingsWhoseRecordsCarryNoMedia() throws Exception {
    List<String> properties = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      ObjectNode property = ResoRecords.property(7, i, T0);
      if (i != 1) {
        property.remove("Media"); // listing 1 keeps its own: the dump's records do not replace it
      }
      properties.add(property.toString());
    }
    Path listings = Files.write(dir.resolve("Property.ndjson"), properties);
    Path mediaDump =
        Files.write(
            dir.resolve("Media.ndjson"),
            List.of(
                "{\"MediaKey\":\"D-2\",\"ResourceName\":\"Property\",\"ResourceRecordKey\":"
                    + "\"LK100000\",\"MediaURL\":\"https://photos.example/a2.jpg\",\"Order\":2}",
                "{\"MediaKey\":\"D-1\",\"ResourceRecordKey\":\"LK100000\",\"MediaURL\":"
                    + "\"https://photos.example/a1.jpg\",\"Order\":1,\"MediaCategory\":\"Photo\"}",
                "{\"MediaKey\":\"D-v\",\"ResourceName\":\"Property\",\"ResourceRecordKey\":"
                    + "\"LK100000\",\"MediaURL\":\"https://photos.example/tour.mp4\","
                    + "\"MediaCategory\":\"Video\",\"Order\":0}",
                "{\"MediaKey\":\"D-m\",\"ResourceName\":\"Member\",\"ResourceRecordKey\":"
                    + "\"AG100\",\"MediaURL\":\"https://photos.example/agent.jpg\"}",
                "{\"MediaKey\":\"D-x\",\"ResourceName\":\"Property\",\"MediaURL\":"
                    + "\"https://photos.example/x.jpg\"}",
                "{\"MediaKey\":\"D-b\",\"ResourceRecordKey\":\"LK100001\",\"MediaURL\":"
                    + "\"https://photos.example/b.jpg\"}"));

    Commands.Result wrongFormat =
        Commands.run(
            "index",
            "--data-dir",
            data.toString(),
            "--vendor",
            "v",
            "--listings",
            listings.toString(),
            "--media-dump",
            mediaDump.toString());
    assertEquals(1, wrongFormat.code());
    assertTrue(
        wrongFormat
            .err()
            .contains("--media-dump: RESO Media records join RESO listings; add --format reso"),
        wrongFormat.err());

    Commands.Result result =
        ResoReplicationTest.run(
            ResoReplicationTest.index(
                data, listings, "--media-dump", mediaDump.toString(), "--media", "link"));

    assertEquals(0, result.code(), result.err());
    assertTrue(result.out().contains("3 listings written"), result.out());
    try (PhotoServer served = new PhotoServer(data)) {
      assertEquals(
          List.of("https://photos.example/a1.jpg", "https://photos.example/a2.jpg"),
          urls(served.listing(0)),
          "ordered by Order; the video, the agent's picture and the keyless record left out");
      assertEquals(
          List.of("https://media.example/LK100001/1.jpg", "https://media.example/LK100001/2.jpg"),
          urls(served.listing(1)));
      assertEquals(List.of(), urls(served.listing(2)));
    }
    List<String> rejects = Files.readAllLines(data.resolve("v").resolve("rejects.ndjson"));
    assertEquals(1, rejects.size(), rejects.toString());
    JsonNode reject = JSON.readTree(rejects.get(0));
    assertEquals("media", reject.get("dump").asText());
    assertEquals(5, reject.get("line").asInt());
    assertEquals(
        "ResourceRecordKey: missing: the Media record names no listing",
        reject.get("reason").asText());
  }

  private static List<String> urls(JsonNode listing) {
    List<String> urls = new ArrayList<>();
    listing.path("photos").forEach(url -> urls.add(url.asText()));
    return urls;
  }

  private Commands.Result pull(String... more) {
    return feed.pull(more);
  }

  private static ObjectNode media(String key, String url, int order, String category) {
    return PhotoMls.media(key, url, order, category);
  }

  /** A picture of two colours, encoded as {@code format}. */
  static byte[] image(int width, int height, String format) throws IOException {
    BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = image.createGraphics();
    g.setColor(new Color(200, 40, 40));
    g.fillRect(0, 0, width / 2, height);
    g.setColor(new Color(40, 40, 200));
    g.fillRect(width / 2, 0, width - width / 2, height);
    g.dispose();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    assertTrue(ImageIO.write(image, format, out), format);
    return out.toByteArray();
  }

  /** The digests of a listing's photo URLs, in order; each URL must be the server's own. */
  static List<String> digests(JsonNode listing) {
    return Served.photoDigests(listing, PHOTO_URL);
  }

  /** The server over the data directory, with what these tests ask of it. */
  private static final class PhotoServer implements AutoCloseable {
    private final Served server;

    PhotoServer(Path data) throws Exception {
      server = new Served(data);
    }

    JsonNode get(String path) throws Exception {
      return server.json(path);
    }

    long count(String path) throws Exception {
      return server.count(path);
    }

    String text(String path) throws Exception {
      return server.get(path).body();
    }

    long mlsId(int listing) throws Exception {
      return server.mlsId(listing);
    }

    JsonNode listing(int listing) throws Exception {
      return get("/properties/" + mlsId(listing) + "?vendor=v");
    }

    HttpResponse<byte[]> media(String path, String method, String... headers) throws Exception {
      return server.anonymous(path, method, headers);
    }

    /** The width and height of a served variant. */
    List<Integer> size(String digest, int width) throws Exception {
      HttpResponse<byte[]> photo = media("/media/v/" + digest + "/" + width + ".jpg", "GET");
      assertEquals(200, photo.statusCode(), digest + " " + width);
      BufferedImage image = ImageIO.read(new ByteArrayInputStream(photo.body()));
      return List.of(image.getWidth(), image.getHeight());
    }

    @Override
    public void close() throws IOException {
      server.close();
    }
  }
}

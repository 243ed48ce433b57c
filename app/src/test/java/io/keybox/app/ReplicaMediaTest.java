package io.keybox.app;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.keybox.indexer.pull.fixture.ResoRecords;
import io.keybox.indexer.pull.fixture.ResoWebApiServer;
import io.keybox.indexer.pull.fixture.ResoWebApiServer.PhotoBehaviour;
import io.keybox.server.ServerOptions;
import io.keybox.store.LoopbackS3;
import io.keybox.store.StoreUrl;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.gaul.s3proxy.S3Proxy;
import org.gaul.s3proxy.nio2blob.TransientNio2BlobStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.ObjectCannedACL;

/**
 * Photos through a replica (issue 33, points 5 and 8): {@code keybox publish} puts the photos the
 * published commit shows in the store (S3Proxy on loopback) under the paths of their URLs, and a
 * second publication only the new photo's three files; a query node ({@code serve --replica-of
 * --media-cache}) serves {@code /media} with the publisher's bytes, fetched on the first request; a
 * withheld listing's photo stays a 404 there; a store that cannot be reached is a 503 for a photo
 * not yet fetched, never a 500; and with {@code --media-base-url} at the bucket, a listing's photo
 * URLs load straight from the store.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
final class ReplicaMediaTest {
  private static final Instant T0 = PhotoMls.T0;
  private static final String BUCKET = "listings";
  private static final Duration CATCH_UP = Duration.ofSeconds(60);

  @TempDir Path dir;
  private PhotoMls feed;
  private ResoWebApiServer mls;
  private S3Proxy proxy;
  private S3Client admin;
  private URI endpoint;
  private Path data;
  private final HttpClient http = HttpClient.newHttpClient();

  @BeforeEach
  void setUp() throws Exception {
    data = dir.resolve("indexer");
    feed = new PhotoMls(dir, data);
    mls = feed.server();
    LoopbackS3.useTestCredentials();
    proxy = LoopbackS3.start(new TransientNio2BlobStore(), 0);
    endpoint = URI.create("http://127.0.0.1:" + proxy.getPort());
    admin = LoopbackS3.client(endpoint);
    admin.createBucket(b -> b.bucket(BUCKET));
  }

  @AfterEach
  void tearDown() throws Exception {
    feed.close();
    admin.close();
    proxy.stop();
  }

  @Test
  void aReplicaServesThePublishersPhotosFromTheStore() throws Exception {
    mls.media(
        ResoRecords.listingKey(0),
        List.of(
            media("M-front", picture(900, 600, Color.RED), 1),
            media("M-room", picture(600, 900, Color.BLUE), 2)));
    mls.media(ResoRecords.listingKey(1), List.of(media("M-hidden", picture(700, 500, null), 1)));
    mls.get("Property", ResoRecords.listingKey(1)).put("InternetEntireListingDisplayYN", false);
    assertEquals(0, feed.pull("--full").code());
    List<String> shown;
    String hidden;
    try (Served source = new Served(data)) {
      shown = digests(source.json("/properties/" + source.mlsId(0) + "?vendor=v"));
      hidden =
          digests(source.json("/properties/" + source.mlsId(1) + "?vendor=v&idx=ignore")).get(0);
    }
    assertEquals(2, shown.size());

    Commands.Result published = publish();

    assertEquals(0, published.code(), published.err());
    assertTrue(published.out().contains("; photos: 2 uploaded (6 files, "), published.out());
    assertTrue(published.out().endsWith("0 already stored, 0 missing here\n"), published.out());
    Set<String> expected = new TreeSet<>();
    for (String digest : shown) {
      for (int width : List.of(400, 800, 1600)) {
        expected.add("keybox/media/v/" + digest + "/" + width + ".jpg");
      }
    }
    assertEquals(expected, mediaKeys(), "the shown photos' variants, not the withheld one's");

    Path replicaDir = Files.createDirectories(dir.resolve("replica"));
    String bucketUrl = endpoint + "/" + BUCKET + "/keybox";
    try (Served replica =
        new Served(
            replicaDir,
            options ->
                options
                    .replica(
                        new ServerOptions.Replica(
                            StoreUrl.parse("s3://" + BUCKET + "/keybox"),
                            Optional.of(endpoint),
                            Duration.ofMillis(200),
                            Duration.ofMinutes(1),
                            64L << 20))
                    .photos(
                        new io.keybox.server.http.PhotoServing(1600, Optional.of(bucketUrl))))) {
      awaitServed(replica, "/properties?vendor=v&limit=1");

      // /media on the replica: the publisher's bytes, fetched into the cache on this request.
      String path = "/media/v/" + shown.get(1) + "/800.jpg";
      Path cached =
          replicaDir.resolve(".media-cache/v/" + shown.get(1).substring(0, 2) + "/" + shown.get(1));
      assertTrue(!Files.exists(cached.resolve("800.jpg")));
      HttpResponse<byte[]> photo = replica.anonymous(path, "GET");
      assertEquals(200, photo.statusCode());
      assertArrayEquals(mirrored(shown.get(1), 800), photo.body());
      assertArrayEquals(mirrored(shown.get(1), 800), Files.readAllBytes(cached.resolve("800.jpg")));
      assertEquals(
          "public, max-age=31536000, immutable",
          photo.headers().firstValue("Cache-Control").orElseThrow());
      assertEquals(404, replica.anonymous("/media/v/" + hidden + "/800.jpg", "GET").statusCode());
      assertEquals(200, replica.anonymous(path, "GET").statusCode());
      String metrics = new String(replica.anonymous("/-/metrics", "GET").body());
      // One file fetched and held (whole numbers print as 1 or 1.0, by the client's version).
      assertTrue(
          Pattern.compile("(?m)^keybox_media_cache_files 1(\\.0)?$").matcher(metrics).find(),
          metrics);
      assertTrue(
          Pattern.compile("(?m)^keybox_media_cache_fetches_total\\{outcome=\"fetched\"} 1(\\.0)?$")
              .matcher(metrics)
              .find(),
          metrics);

      // The listing's photo URLs name the bucket: they load from the store itself (the test
      // grants public reads per object, as a bucket policy on media/ does; S3Proxy has none).
      for (String key : mediaKeys()) {
        admin.putObjectAcl(b -> b.bucket(BUCKET).key(key).acl(ObjectCannedACL.PUBLIC_READ));
      }
      JsonNode listing = replica.json("/properties/" + replica.mlsId(0) + "?vendor=v");
      String first = listing.path("photos").path(0).asText();
      assertEquals(bucketUrl + "/media/v/" + shown.get(0) + "/1600.jpg", first);
      HttpResponse<byte[]> fromBucket =
          http.send(
              HttpRequest.newBuilder(URI.create(first)).build(),
              HttpResponse.BodyHandlers.ofByteArray());
      assertEquals(200, fromBucket.statusCode());
      assertArrayEquals(mirrored(shown.get(0), 1600), fromBucket.body());
      assertEquals("image/jpeg", fromBucket.headers().firstValue("Content-Type").orElseThrow());

      // A new photo: the next publication sends its three files only, and the replica serves it.
      mls.media(ResoRecords.listingKey(2), List.of(media("M-new", picture(800, 800, null), 1)));
      mls.put("Property", ResoRecords.property(7, 2, T0.plus(Duration.ofHours(5))));
      assertEquals(0, feed.pull("--incremental").code());
      Commands.Result again = publish();
      assertEquals(0, again.code(), again.err());
      assertTrue(again.out().contains("; photos: 1 uploaded (3 files, "), again.out());
      assertTrue(again.out().endsWith(", 2 already stored, 0 missing here\n"), again.out());
      assertEquals(9, mediaKeys().size());
      String added = awaitPhoto(replica, 2);
      assertEquals(200, replica.anonymous("/media/v/" + added + "/400.jpg", "GET").statusCode());

      // The MLS removes the first listing: its photo, though in the replica's cache, is a 404.
      ObjectNode deleted = ResoRecords.property(7, 0, T0.plus(Duration.ofHours(6)));
      deleted.put("StandardStatus", "Delete");
      mls.put("Property", deleted);
      assertEquals(0, feed.pull("--incremental").code());
      Commands.Result third = publish();
      assertTrue(
          third
              .out()
              .endsWith(
                  "; photos: 0 uploaded (0 files, 0 bytes), 1 already stored,"
                      + " 0 missing here\n"),
          third.out());
      awaitGone(replica, 0);
      assertTrue(Files.exists(cached.resolve("800.jpg")));
      assertEquals(404, replica.anonymous(path, "GET").statusCode());

      // The store goes away: what was fetched still serves, what was not is a 503, never a 500.
      proxy.stop();
      assertEquals(200, replica.anonymous("/media/v/" + added + "/400.jpg", "GET").statusCode());
      HttpResponse<byte[]> unavailable = replica.anonymous("/media/v/" + added + "/800.jpg", "GET");
      assertEquals(503, unavailable.statusCode(), new String(unavailable.body()));
    }
  }

  /** Waits until the replica no longer has listing {@code listing} of the fixture. */
  private static void awaitGone(Served replica, int listing) throws Exception {
    long deadline = System.nanoTime() + CATCH_UP.toNanos();
    String question = "/properties?vendor=v&idx=ignore&q=" + ResoRecords.listingId(listing);
    while (!replica.json(question).isEmpty()) {
      assertTrue(System.nanoTime() < deadline, "the replica never dropped listing " + listing);
      Thread.sleep(50);
    }
  }

  private Commands.Result publish() {
    return Commands.run(
        "publish",
        "--data-dir",
        data.toString(),
        "--vendor",
        "v",
        "--to",
        "s3://" + BUCKET + "/keybox",
        "--s3-endpoint",
        endpoint.toString());
  }

  private Set<String> mediaKeys() {
    Set<String> keys = new TreeSet<>();
    admin
        .listObjectsV2Paginator(b -> b.bucket(BUCKET).prefix("keybox/media/"))
        .contents()
        .forEach(object -> keys.add(object.key()));
    return keys;
  }

  /** The publisher's own file of a variant. */
  private byte[] mirrored(String digest, int width) throws IOException {
    return Files.readAllBytes(
        data.resolve("v/media/" + digest.substring(0, 2) + "/" + digest + "/" + width + ".jpg"));
  }

  private static void awaitServed(Served replica, String path) throws Exception {
    long deadline = System.nanoTime() + CATCH_UP.toNanos();
    while (replica.status(path) != 200) {
      assertTrue(System.nanoTime() < deadline, "the replica never served " + path);
      Thread.sleep(50); // the replica polls every 200 ms: nothing to wait on from outside
    }
  }

  /** Waits until the replica's listing {@code listing} shows a photo; returns its digest. */
  private static String awaitPhoto(Served replica, int listing) throws Exception {
    long deadline = System.nanoTime() + CATCH_UP.toNanos();
    while (true) {
      List<String> digests =
          digests(replica.json("/properties/" + replica.mlsId(listing) + "?vendor=v"));
      if (!digests.isEmpty()) {
        return digests.get(0);
      }
      assertTrue(System.nanoTime() < deadline, "the replica never showed the new photo");
      Thread.sleep(50);
    }
  }

  private static final Pattern PHOTO_URL = Pattern.compile(".*/media/v/([0-9a-f]{40})/\\d+\\.jpg");

  private static List<String> digests(JsonNode listing) {
    return Served.photoDigests(listing, PHOTO_URL);
  }

  /** A RESO Media record of a listing's photo, served by the MLS as {@code key.jpg}. */
  private ObjectNode media(String key, byte[] jpeg, int order) {
    String url = mls.photo(key + ".jpg", jpeg, "image/jpeg", PhotoBehaviour.SERVED);
    return PhotoMls.media(key, url, order, "Photo");
  }

  /** A JPEG of one colour (grey when none), so each photo has a digest of its own. */
  private static byte[] picture(int width, int height, Color colour) throws IOException {
    BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = image.createGraphics();
    g.setColor(colour != null ? colour : new Color(width % 256, height % 256, 128));
    g.fillRect(0, 0, width, height);
    g.dispose();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    assertTrue(ImageIO.write(image, "jpeg", out));
    return out.toByteArray();
  }
}

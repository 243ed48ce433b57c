package io.keybox.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@code keybox index --media mirror} child JVM killed with SIGKILL while a photo's body is half
 * received (the photo server holds the rest until the kill): the site keeps serving what earlier
 * runs published, no partial photo is ever on disk where it could be served, and the next run
 * downloads the photo whole and publishes it (issue 33, point 8).
 */
class PhotoMirrorKillTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path BASIC = Path.of("..", "data", "fixtures", "basic", "listings.ndjson");

  /** Photos on loopback; one of them stops half-way through its body while {@link #stall}. */
  private static final class PhotoHost implements AutoCloseable {
    final HttpServer server;
    final Map<String, byte[]> photos = new ConcurrentHashMap<>();
    final CountDownLatch stalled = new CountDownLatch(1);
    final CountDownLatch released = new CountDownLatch(1);
    volatile String stall;

    PhotoHost() throws IOException {
      server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
      server.createContext("/photos/", this::serve);
      server.setExecutor(Executors.newCachedThreadPool());
      server.start();
    }

    String url(String name, byte[] bytes) {
      photos.put(name, bytes);
      return "http://127.0.0.1:" + server.getAddress().getPort() + "/photos/" + name;
    }

    private void serve(HttpExchange exchange) throws IOException {
      String name = exchange.getRequestURI().getPath().substring("/photos/".length());
      byte[] bytes = photos.get(name);
      exchange.getResponseHeaders().add("Content-Type", "image/jpeg");
      exchange.sendResponseHeaders(200, bytes.length);
      try (OutputStream body = exchange.getResponseBody()) {
        if (name.equals(stall)) {
          body.write(bytes, 0, bytes.length / 2);
          body.flush();
          stalled.countDown();
          try {
            released.await(5, TimeUnit.MINUTES); // the client is killed meanwhile
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          return; // the body stays short: the connection is cut
        }
        body.write(bytes);
      }
    }

    @Override
    public void close() {
      released.countDown();
      server.stop(0);
    }
  }

  @Test
  @Timeout(300)
  void aMirrorKilledMidPhotoServesNoPartialFileAndTheNextRunFinishes(@TempDir Path dir)
      throws Exception {
    Path data = dir.resolve("data");
    try (PhotoHost host = new PhotoHost()) {
      String cover = host.url("cover.jpg", PhotosCommandTest.image(1000, 500, "jpeg"));
      String other = host.url("other.jpg", PhotosCommandTest.image(600, 600, "jpeg"));
      String second = host.url("second.jpg", PhotosCommandTest.image(2000, 1200, "jpeg"));
      Path before = dump(dir.resolve("before.ndjson"), List.of(cover), List.of(other));
      Path after = dump(dir.resolve("after.ndjson"), List.of(cover, second), List.of(other));
      Commands.Result first = Commands.run("index", index(data, before).toArray(String[]::new));
      assertEquals(0, first.code(), first.err());

      host.stall = "second.jpg";
      Process child =
          new ProcessBuilder(Commands.inChildJvm("index", index(data, after)))
              .redirectErrorStream(true)
              .redirectOutput(dir.resolve("child.log").toFile())
              .start();
      try {
        // A bound, not a wait: a busy 2-core machine has taken over 30 s to start a JVM.
        assertTrue(
            host.stalled.await(240, TimeUnit.SECONDS),
            () -> "the child never asked for the photo: " + log(dir));
      } finally {
        child.destroyForcibly(); // SIGKILL: no shutdown hook, no clean-up
        assertTrue(child.waitFor(60, TimeUnit.SECONDS));
      }
      assertEquals(137, child.exitValue(), "killed by SIGKILL");
      host.stall = null;
      host.released.countDown();

      // What the site serves now: the first run's photos, each whole.
      try (Served served = new Served(data)) {
        assertEquals(1, photosOf(served, 101).size(), "the half-received photo is not listed");
        assertEquals(1, photosOf(served, 102).size());
        assertEverySizeDecodes(served, 101);
      }
      assertEveryFileIsAWholeJpeg(data.resolve("v").resolve("media"));

      Commands.Result rerun = Commands.run("index", index(data, after).toArray(String[]::new));

      assertEquals(0, rerun.code(), rerun.err());
      assertTrue(
          rerun.out().contains("photos: 1 mirrored, 0 failed, 0 to retry later"), rerun.out());
      try (Served served = new Served(data)) {
        List<String> photos = photosOf(served, 101);
        assertEquals(2, photos.size());
        assertEquals(List.of(1600, 960), size(served, photos.get(1), 1600));
        assertEverySizeDecodes(served, 101);
      }
      assertEveryFileIsAWholeJpeg(data.resolve("v").resolve("media"));
      try (Stream<Path> all = Files.walk(data.resolve("v").resolve("media"))) {
        assertEquals(
            List.of(),
            all.filter(p -> p.getFileName().toString().startsWith(".tmp-")).toList(),
            "no temporary folder is left");
      }
    }
  }

  /** Listings 101 and 102 of the basic fixture with these photos. */
  private static Path dump(Path file, List<String> first, List<String> second) throws IOException {
    List<String> lines = Files.readAllLines(BASIC).subList(0, 2);
    List<String> out = new ArrayList<>();
    for (int i = 0; i < 2; i++) {
      ObjectNode listing = (ObjectNode) JSON.readTree(lines.get(i));
      listing.set("photos", JSON.valueToTree(i == 0 ? first : second));
      out.add(listing.toString());
    }
    return Files.write(file, out);
  }

  private static List<String> index(Path data, Path dump) {
    return List.of(
        "--data-dir",
        data.toString(),
        "--vendor",
        "v",
        "--listings",
        dump.toString(),
        "--media",
        "mirror",
        "--media-threads",
        "1",
        "--media-max-rps",
        "1000",
        "--quiet");
  }

  private static List<String> photosOf(Served served, long mlsId) throws Exception {
    return PhotosCommandTest.digests(served.json("/properties/" + mlsId + "?vendor=v"));
  }

  private static void assertEverySizeDecodes(Served served, long mlsId) throws Exception {
    for (String digest : photosOf(served, mlsId)) {
      for (int width : List.of(400, 800, 1600)) {
        size(served, digest, width);
      }
    }
  }

  private static List<Integer> size(Served served, String digest, int width) throws Exception {
    HttpResponse<byte[]> photo =
        served.anonymous("/media/v/" + digest + "/" + width + ".jpg", "GET");
    assertEquals(200, photo.statusCode(), digest + " " + width);
    BufferedImage image = ImageIO.read(new ByteArrayInputStream(photo.body()));
    assertNotNull(image, digest + " " + width + " decodes");
    return List.of(image.getWidth(), image.getHeight());
  }

  /** Every variant outside a temporary folder decodes whole, to its JPEG end marker. */
  private static void assertEveryFileIsAWholeJpeg(Path media) throws IOException {
    try (Stream<Path> all = Files.walk(media)) {
      for (Path file : all.filter(Files::isRegularFile).toList()) {
        if (file.getParent().getFileName().toString().startsWith(".tmp-")) {
          continue; // never served: the next run removes it
        }
        byte[] bytes = Files.readAllBytes(file);
        assertTrue(
            bytes.length > 4
                && (bytes[bytes.length - 2] & 0xff) == 0xff
                && (bytes[bytes.length - 1] & 0xff) == 0xd9,
            file + " ends with the JPEG end marker");
        assertNotNull(ImageIO.read(file.toFile()), file + " decodes");
      }
    }
  }

  private static String log(Path dir) {
    try {
      return Files.readString(dir.resolve("child.log"));
    } catch (IOException e) {
      return e.toString();
    }
  }
}

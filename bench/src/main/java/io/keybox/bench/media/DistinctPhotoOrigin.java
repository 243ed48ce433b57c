package io.keybox.bench.media;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A loopback web server for the mirror's resize rate: {@code GET /p/{n}/{file}} answers the feed's
 * picture {@code file} with a JPEG comment naming {@code n/file} put right after its start marker,
 * so every URL has bytes of its own (its own digest) and the mirror decodes and resizes every photo
 * instead of finding most by their digest, as it does a generated feed's 44 shared pictures. The
 * comment is a standard segment (COM) that decoders skip and the mirror's variants drop with all
 * metadata, so the pixels are those of the picture.
 */
final class DistinctPhotoOrigin implements AutoCloseable {
  private static final int START_OF_IMAGE = 0xD8;
  private static final int COMMENT = 0xFE;

  private final Path pictures;
  private final HttpServer server;
  private final ExecutorService threads;

  private DistinctPhotoOrigin(Path pictures) throws IOException {
    this.pictures = pictures;
    this.threads = Executors.newFixedThreadPool(2);
    this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
  }

  /** Starts serving the JPEGs of {@code pictures} on a free loopback port. */
  static DistinctPhotoOrigin start(Path pictures) throws IOException {
    DistinctPhotoOrigin origin = new DistinctPhotoOrigin(pictures);
    origin.server.createContext("/p/", origin::answer);
    origin.server.setExecutor(origin.threads);
    origin.server.start();
    return origin;
  }

  /** The URL of photo {@code file} made distinct by {@code n}. */
  String url(long n, String file) {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/p/" + n + "/" + file;
  }

  private void answer(HttpExchange exchange) throws IOException {
    try (exchange) {
      String[] parts = exchange.getRequestURI().getPath().split("/"); // "", "p", n, file
      Path file = parts.length == 4 ? pictures.resolve(parts[3]).normalize() : null;
      if (file == null || !file.startsWith(pictures) || !Files.isRegularFile(file)) {
        exchange.sendResponseHeaders(404, -1);
        return;
      }
      byte[] body = distinct(Files.readAllBytes(file), parts[2] + "/" + parts[3]);
      exchange.getResponseHeaders().add("Content-Type", "image/jpeg");
      exchange.sendResponseHeaders(200, body.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
    }
  }

  /**
   * {@code jpeg} with a comment segment holding {@code text} after its start-of-image marker.
   *
   * @throws IOException when {@code jpeg} does not start as a JPEG does
   */
  static byte[] distinct(byte[] jpeg, String text) throws IOException {
    if (jpeg.length < 2 || (jpeg[0] & 0xFF) != 0xFF || (jpeg[1] & 0xFF) != START_OF_IMAGE) {
      throw new IOException("not a JPEG: no start-of-image marker");
    }
    byte[] comment = text.getBytes(StandardCharsets.US_ASCII);
    int length = comment.length + 2; // the segment's length counts its own two bytes
    byte[] out = new byte[jpeg.length + 2 + length];
    out[0] = (byte) 0xFF;
    out[1] = (byte) START_OF_IMAGE;
    out[2] = (byte) 0xFF;
    out[3] = (byte) COMMENT;
    out[4] = (byte) (length >>> 8);
    out[5] = (byte) length;
    System.arraycopy(comment, 0, out, 6, comment.length);
    System.arraycopy(jpeg, 2, out, 6 + comment.length, jpeg.length - 2);
    return out;
  }

  @Override
  public void close() {
    server.stop(0);
    threads.shutdownNow();
  }
}

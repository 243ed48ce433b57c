package io.keybox.server.http.edge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.server.http.Limits;
import io.keybox.server.http.ServerConfig;
import io.keybox.server.http.transport.Connector;
import io.undertow.server.HttpHandler;
import io.undertow.util.Headers;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The connector's limits with stand-in handlers: the concurrency cap with its short queue and 503,
 * slow clients (one that stops reading, one too slow to send its head, one that sends nothing), and
 * a handler that fails half-way through its body.
 */
class AdmissionHttpTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final CountDownLatch blocking = new CountDownLatch(1);
  private final CountDownLatch release = new CountDownLatch(1);
  private final HttpClient client = HttpClient.newHttpClient();
  private Connector connector;

  /** /block waits for {@link #release}; /big writes 16 MB; /half fails half-way; else []. */
  private final HttpHandler handlers =
      exchange -> {
        exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, MediaType.JSON.contentType());
        OutputStream out = exchange.getOutputStream();
        switch (exchange.getRelativePath()) {
          case "/block" -> {
            blocking.countDown();
            assertTrue(release.await(20, TimeUnit.SECONDS));
            out.write("[]".getBytes(StandardCharsets.UTF_8));
          }
          case "/big" -> {
            byte[] chunk = new byte[1 << 20];
            java.util.Arrays.fill(chunk, (byte) ' ');
            out.write('[');
            for (int i = 0; i < 16; i++) {
              out.write(chunk);
            }
            out.write(']');
          }
          case "/half" -> {
            out.write("[{\"mlsId\":1,".getBytes(StandardCharsets.UTF_8));
            throw new IllegalStateException("the index went away");
          }
          default -> out.write("[]".getBytes(StandardCharsets.UTF_8));
        }
      };

  private void start(Limits limits) throws Exception {
    AccessLog log = new AccessLog(new PrintStream(OutputStream.nullOutputStream()));
    connector =
        Connector.start(
            ServerConfig.loopback(0).withLimits(limits),
            new AdmissionHandler(limits, new EdgeHandler(handlers, log), log),
            log);
  }

  private static Limits limits(
      int concurrent, int queued, Duration queueTimeout, Duration idle, Duration request) {
    return new Limits(
        concurrent, queued, queueTimeout, idle, request, Limits.DEFAULT_MAX_URL_LENGTH, 100);
  }

  @AfterEach
  void stop() {
    release.countDown();
    if (connector != null) {
      connector.close();
    }
  }

  private HttpRequest request(String path) {
    return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + connector.port() + path))
        .timeout(Duration.ofSeconds(20))
        .build();
  }

  private CompletableFuture<HttpResponse<String>> sendAsync(String path) {
    return client.sendAsync(request(path), HttpResponse.BodyHandlers.ofString());
  }

  private HttpResponse<String> send(String path) throws Exception {
    return client.send(request(path), HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void beyondTheSlotsRequestsWaitAndBeyondTheQueueGet503AtOnce() throws Exception {
    start(limits(1, 1, Duration.ofSeconds(10), Duration.ofSeconds(30), Duration.ofSeconds(10)));
    CompletableFuture<HttpResponse<String>> running = sendAsync("/block");
    assertTrue(blocking.await(10, TimeUnit.SECONDS));
    CompletableFuture<HttpResponse<String>> waiting = sendAsync("/fast");
    Thread.sleep(300); // the second request is now queued
    long start = System.nanoTime();
    HttpResponse<String> refused = send("/fast");
    assertTrue(System.nanoTime() - start < 2_000_000_000L, "refused at once");
    assertEquals(503, refused.statusCode());
    assertEquals("1", refused.headers().firstValue("Retry-After").orElseThrow());
    JsonNode body = JSON.readTree(refused.body());
    assertEquals(503, body.get("error").asInt());
    assertEquals(
        "the server is busy: too many requests at once; retry shortly",
        body.get("message").asText());
    assertFalse(waiting.isDone());
    release.countDown();
    assertEquals(200, running.get(10, TimeUnit.SECONDS).statusCode());
    assertEquals(200, waiting.get(10, TimeUnit.SECONDS).statusCode());
    assertEquals(200, send("/fast").statusCode());
  }

  @Test
  void aQueuedRequestGivesUpAfterTheQueueTimeout() throws Exception {
    start(limits(1, 4, Duration.ofMillis(300), Duration.ofSeconds(30), Duration.ofSeconds(10)));
    CompletableFuture<HttpResponse<String>> running = sendAsync("/block");
    assertTrue(blocking.await(10, TimeUnit.SECONDS));
    long start = System.nanoTime();
    HttpResponse<String> late = send("/fast");
    long waited = System.nanoTime() - start;
    assertEquals(503, late.statusCode());
    assertTrue(waited >= 250_000_000L && waited < 5_000_000_000L, "waited " + waited + " ns");
    release.countDown();
    assertEquals(200, running.get(10, TimeUnit.SECONDS).statusCode());
  }

  @Test
  void aClientThatStopsReadingHoldsNoSlot() throws Exception {
    start(limits(1, 0, Duration.ofSeconds(1), Duration.ofSeconds(30), Duration.ofSeconds(10)));
    try (Socket stalled = new Socket("127.0.0.1", connector.port())) {
      stalled.setReceiveBufferSize(4096);
      stalled
          .getOutputStream()
          .write(
              "GET /big HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
      Thread.sleep(500); // 16 MB do not fit the socket buffers: the rest waits in memory
      // The only slot is free again, and there is no queue: anything else would be 503.
      for (int i = 0; i < 3; i++) {
        assertEquals(200, send("/fast").statusCode());
      }
    }
  }

  @Test
  void aHandlerThatFailsHalfWayAnswersACleanJsonError() throws Exception {
    start(Limits.defaults());
    HttpResponse<String> response = send("/half");
    assertEquals(500, response.statusCode());
    JsonNode body = JSON.readTree(response.body()); // nothing of the half-written body
    String id = response.headers().firstValue("X-Request-Id").orElseThrow();
    assertEquals("internal error; request id " + id, body.get("message").asText());
    assertFalse(response.body().contains("mlsId"));
    assertFalse(response.body().contains("went away"), "no internals leave the server");
  }

  @Test
  void aConnectionThatSendsNothingIsClosedAfterTheIdleTimeout() throws Exception {
    start(limits(4, 8, Duration.ofSeconds(2), Duration.ofMillis(500), Duration.ofSeconds(10)));
    try (Socket silent = new Socket("127.0.0.1", connector.port())) {
      assertClosedWithin(silent, 5);
    }
  }

  @Test
  void aClientTooSlowToSendItsHeadIsCutOff() throws Exception {
    start(limits(4, 8, Duration.ofSeconds(2), Duration.ofSeconds(60), Duration.ofMillis(500)));
    try (Socket slow = new Socket("127.0.0.1", connector.port())) {
      slow.getOutputStream()
          .write("GET /fast HTTP/1.1\r\nHost: 127".getBytes(StandardCharsets.ISO_8859_1));
      assertClosedWithin(slow, 5);
    }
  }

  private static void assertClosedWithin(Socket socket, int seconds) throws Exception {
    socket.setSoTimeout(seconds * 1000);
    InputStream in = socket.getInputStream();
    try {
      while (in.read() >= 0) {
        // whatever the server says before closing
      }
    } catch (SocketTimeoutException e) {
      throw new AssertionError("still open after " + seconds + " s");
    } catch (java.net.SocketException e) {
      // reset: closed too
    }
  }
}

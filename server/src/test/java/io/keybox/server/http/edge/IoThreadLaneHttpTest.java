package io.keybox.server.http.edge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.server.http.Limits;
import io.keybox.server.http.ServerConfig;
import io.keybox.server.http.transport.Connector;
import io.undertow.server.HttpHandler;
import io.undertow.util.Headers;
import io.undertow.util.HttpString;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Requests of the IO thread's lane with stand-in handlers: they run on the IO thread, answer whole
 * (a body larger than a socket buffer too), fail into a clean JSON error, end without a body, and
 * give their admission slot back.
 */
class IoThreadLaneHttpTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * The size of a big answer: more than loopback's socket buffers take at once, so its send is
   * still pending when the handler call returns.
   */
  private static final int BIG_MEGABYTES = 16;

  private final HttpClient client = HttpClient.newHttpClient();
  private Connector connector;

  /** Paths under /lane take the lane. Each answer says on which kind of thread it ran. */
  private final HttpHandler handlers =
      exchange -> {
        exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, MediaType.JSON.contentType());
        exchange
            .getResponseHeaders()
            .put(new HttpString("X-Io-Thread"), Boolean.toString(exchange.isInIoThread()));
        OutputStream out = exchange.getOutputStream();
        switch (exchange.getRelativePath()) {
          case "/lane/big", "/worker/big" -> {
            byte[] chunk = new byte[1 << 20];
            java.util.Arrays.fill(chunk, (byte) ' ');
            out.write('[');
            for (int i = 0; i < BIG_MEGABYTES; i++) {
              out.write(chunk);
            }
            out.write(']');
          }
          case "/lane/half" -> {
            out.write("[{\"mlsId\":1,".getBytes(StandardCharsets.UTF_8));
            throw new IllegalStateException("the index went away");
          }
          case "/lane/empty" -> {
            exchange.setStatusCode(204);
            exchange.endExchange();
          }
          default -> out.write("[]".getBytes(StandardCharsets.UTF_8));
        }
      };

  @BeforeEach
  void start() throws Exception {
    // One slot: a lane request that kept its slot would leave every later request queued.
    Limits limits =
        new Limits(
            1,
            64,
            Duration.ofSeconds(10),
            Duration.ofSeconds(30),
            Duration.ofSeconds(10),
            Limits.DEFAULT_MAX_URL_LENGTH,
            100);
    AccessLog log = new AccessLog(new PrintStream(OutputStream.nullOutputStream()));
    connector =
        Connector.start(
            ServerConfig.loopback(0).withLimits(limits),
            new AdmissionHandler(
                limits,
                new EdgeHandler(handlers, log),
                log,
                exchange -> exchange.getRelativePath().startsWith("/lane")),
            log);
  }

  @AfterEach
  void stop() {
    connector.close();
  }

  private HttpResponse<String> send(String path) throws Exception {
    return client.send(request(path), HttpResponse.BodyHandlers.ofString());
  }

  private HttpRequest request(String path) {
    return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + connector.port() + path))
        .timeout(Duration.ofSeconds(20))
        .build();
  }

  @Test
  void aLaneRequestRunsOnTheIoThreadAndOthersOnAWorker() throws Exception {
    HttpResponse<String> lane = send("/lane/small");
    assertEquals(200, lane.statusCode());
    assertEquals("[]", lane.body());
    assertEquals("true", lane.headers().firstValue("X-Io-Thread").orElseThrow());
    assertEquals("2", lane.headers().firstValue("Content-Length").orElseThrow());
    HttpResponse<String> worker = send("/worker/small");
    assertEquals("false", worker.headers().firstValue("X-Io-Thread").orElseThrow());
  }

  @Test
  void aLaneAnswerLargerThanTheSocketBufferArrivesWhole() throws Exception {
    HttpResponse<String> big = send("/lane/big");
    assertEquals(200, big.statusCode());
    assertEquals((BIG_MEGABYTES << 20) + 2, big.body().length());
    assertTrue(big.body().startsWith("[ ") && big.body().endsWith(" ]"));
    assertEquals("true", big.headers().firstValue("X-Io-Thread").orElseThrow());
  }

  @Test
  void aLaneRequestThatFailsHalfWayAnswersAJsonErrorOnly() throws Exception {
    HttpResponse<String> failed = send("/lane/half");
    assertEquals(500, failed.statusCode());
    JsonNode body = JSON.readTree(failed.body());
    assertEquals(500, body.get("error").asInt());
    assertTrue(body.get("message").asText().startsWith("internal error; request id "));
  }

  @Test
  void aLaneRequestMayEndWithoutABody() throws Exception {
    HttpResponse<String> empty = send("/lane/empty");
    assertEquals(204, empty.statusCode());
    assertEquals("", empty.body());
  }

  @Test
  void laneRequestsGiveTheirSlotBackUnderConcurrentLoad() throws Exception {
    List<CompletableFuture<HttpResponse<Void>>> all = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      String path =
          switch (i % 4) {
            case 0 -> "/lane/small";
            case 1 -> "/lane/big";
            case 2 -> "/worker/small";
            default -> "/worker/big";
          };
      all.add(client.sendAsync(request(path), HttpResponse.BodyHandlers.discarding()));
    }
    for (CompletableFuture<HttpResponse<Void>> response : all) {
      assertEquals(200, response.get(20, TimeUnit.SECONDS).statusCode());
    }
    assertEquals(200, send("/lane/small").statusCode());
    assertEquals(200, send("/worker/small").statusCode());
  }
}

package io.keybox.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.keybox.app.cli.CommandFailure;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The tour against a real HTTP server that sheds requests as an overloaded Keybox does. */
class DemoTourTest {
  private final List<String> asked = new CopyOnWriteArrayList<>();
  private HttpServer server;

  @AfterEach
  void stop() {
    if (server != null) {
      server.stop(0);
    }
  }

  /** How the server answers its {@code n}th request (from 1). */
  private interface Answer {
    void answer(int n, HttpExchange exchange) throws IOException;
  }

  private DemoTour tourOf(Answer answer) throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext(
        "/",
        exchange -> {
          asked.add(exchange.getRequestURI().toString());
          answer.answer(asked.size(), exchange);
          exchange.close();
        });
    server.start();
    return new DemoTour("http://127.0.0.1:" + server.getAddress().getPort());
  }

  private static void reply(HttpExchange exchange, int status, String retryAfter, String body)
      throws IOException {
    if (retryAfter != null) {
      exchange.getResponseHeaders().add("Retry-After", retryAfter);
    }
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
    exchange.getResponseBody().write(bytes);
  }

  @Test
  void aShedRequestIsTriedAgainAfterItsRetryAfter() throws IOException {
    DemoTour tour =
        tourOf(
            (n, exchange) -> {
              if (n == 1) {
                reply(exchange, 503, "0", "{\"message\":\"busy\"}");
              } else if (n == 2) {
                reply(exchange, 200, null, "[{\"mlsId\":7}]");
              } else {
                reply(exchange, 404, null, "{\"message\":\"no\"}");
              }
            });

    CommandFailure failure = assertThrows(CommandFailure.class, tour::run);

    // The first step passed on its second try; the tour failed on the next one, as told.
    assertEquals("the tour's GET /openhouses?limit=1 answered 404, not 200", failure.getMessage());
    assertEquals(
        List.of("/properties?limit=1", "/properties?limit=1", "/openhouses?limit=1"), asked);
  }

  @Test
  void aServerThatKeepsSheddingFailsTheTourAfterFiveTries() throws IOException {
    DemoTour tour = tourOf((n, exchange) -> reply(exchange, 503, "0", "{}"));

    CommandFailure failure = assertThrows(CommandFailure.class, tour::run);

    assertEquals("the tour's GET /properties?limit=1 answered 503, not 200", failure.getMessage());
    assertEquals(5, asked.size());
  }

  @Test
  void aFailureThatSaysNothingOfRetryingIsNotRetried() throws IOException {
    DemoTour tour = tourOf((n, exchange) -> reply(exchange, 503, null, "{}"));

    assertThrows(CommandFailure.class, tour::run);

    assertEquals(List.of("/properties?limit=1"), asked);
  }
}

package io.keybox.server.http.write;

import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import java.nio.ByteBuffer;

/**
 * The one place a {@link Reply} is sent: its status with the API's reason phrase, its headers, a
 * {@code Content-Length}, and its body. On an exchange a worker handles ({@link BufferedResponse}
 * installed by admission) the body goes out without blocking, after the handler returned; on the
 * admin listener's blocking exchanges it is written there and then.
 */
public final class ReplySender {
  private ReplySender() {}

  /** Sends {@code reply} as the response of {@code exchange}, which then ends. */
  public static void send(HttpServerExchange exchange, Reply reply) {
    exchange.setStatusCode(reply.status());
    exchange.setReasonPhrase(Responses.reasonPhrase(reply.status()));
    reply.headers().forEach((name, value) -> exchange.getResponseHeaders().put(name, value));
    if (reply.body().isEmpty()) {
      exchange.endExchange();
      return;
    }
    if (!BufferedResponse.send(exchange, reply.body())) {
      exchange.getResponseHeaders().put(Headers.CONTENT_LENGTH, reply.length());
      exchange.getResponseSender().send(reply.body().toArray(ByteBuffer[]::new));
    }
  }
}

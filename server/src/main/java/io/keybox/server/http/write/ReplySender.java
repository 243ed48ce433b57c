package io.keybox.server.http.write;

import io.undertow.io.AsyncSenderImpl;
import io.undertow.io.IoCallback;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import io.undertow.util.SameThreadExecutor;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * The one place a {@link Reply} is sent: its status with the API's reason phrase, its headers, a
 * {@code Content-Length}, and its body. Every API handler returns a reply and the router hands it
 * here; the edge's errors and CORS answers come here too.
 *
 * <p>On an exchange a worker handles ({@link BufferedResponse} installed by admission) the body
 * goes out without blocking, from the thread {@link SendThread} chooses; on the admin listener's
 * blocking exchanges it is written there and then.
 */
public final class ReplySender {
  private ReplySender() {}

  /**
   * Sends {@code reply} as the response of {@code exchange}, which then ends.
   *
   * @throws IllegalStateException when a response was sent already
   */
  public static void send(HttpServerExchange exchange, Reply reply) {
    exchange.setStatusCode(reply.status());
    exchange.setReasonPhrase(Responses.reasonPhrase(reply.status()));
    reply.headers().forEach((name, value) -> exchange.getResponseHeaders().put(name, value));
    if (reply.body().isEmpty()) {
      exchange.endExchange();
      return;
    }
    switch (BufferedResponse.claim(exchange)) {
      case SEND -> sendBody(exchange, reply.body(), reply.length());
      case ENDED -> {}
      case NONE -> {
        exchange.getResponseHeaders().put(Headers.CONTENT_LENGTH, reply.length());
        exchange.getResponseSender().send(reply.body().toArray(ByteBuffer[]::new));
      }
    }
  }

  /**
   * Sends {@code body} of {@code size} bytes as the whole response body, with its {@code
   * Content-Length}, without blocking, and ends the exchange, from the thread {@link SendThread}
   * chooses. For a buffered response only (its stream's commit calls it too).
   */
  static void sendBody(HttpServerExchange exchange, List<ByteBuffer> body, long size) {
    exchange.setResponseContentLength(size);
    ByteBuffer[] buffers = body.toArray(ByteBuffer[]::new);
    Runnable send = () -> new AsyncSenderImpl(exchange).send(buffers, IoCallback.END_EXCHANGE);
    boolean transformed =
        exchange.getRequestHeaders().contains(Headers.ACCEPT_ENCODING)
            || exchange.getConnection().getSslSessionInfo() != null;
    switch (SendThread.choose(
        exchange.isInIoThread(), exchange.isDispatched(), transformed, size)) {
      case THIS_IO_THREAD_AFTER_RETURN -> exchange.dispatch(SameThreadExecutor.INSTANCE, send);
      case THIS_WORKER -> send.run();
      case CONNECTION_IO_THREAD -> exchange.dispatch(exchange.getIoThread(), send);
    }
  }
}

package io.keybox.server.alerts;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * A real webhook receiver on a loopback port (the JDK's own HTTP server), recording every request
 * it gets and answering with the statuses a test queues (200 when none is queued). It verifies
 * signatures with its own implementation of the Standard Webhooks scheme, written from the spec and
 * not from the server's code.
 */
final class WebhookReceiver implements AutoCloseable {
  /** One request as received. */
  record Received(String id, String timestamp, String signature, byte[] body, String path) {
    String text() {
      return new String(body, StandardCharsets.UTF_8);
    }
  }

  private final HttpServer server;
  private final BlockingQueue<Received> received = new LinkedBlockingQueue<>();
  private final BlockingQueue<Integer> statuses = new LinkedBlockingQueue<>();
  private volatile CountDownLatch hold = new CountDownLatch(0);

  WebhookReceiver() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext(
        "/",
        exchange -> {
          byte[] body = exchange.getRequestBody().readAllBytes();
          Map<String, List<String>> headers = exchange.getRequestHeaders();
          received.add(
              new Received(
                  exchange.getRequestHeaders().getFirst("webhook-id"),
                  exchange.getRequestHeaders().getFirst("webhook-timestamp"),
                  exchange.getRequestHeaders().getFirst("webhook-signature"),
                  body,
                  exchange.getRequestURI().getPath()));
          try {
            hold.await(60, TimeUnit.SECONDS);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          Integer status = statuses.poll();
          int code = status == null ? 200 : status;
          if (code >= 300 && code < 400) {
            exchange.getResponseHeaders().add("Location", "http://127.0.0.1:1/elsewhere");
          }
          exchange.sendResponseHeaders(code, -1);
          exchange.close();
          if (headers.isEmpty()) {
            throw new IllegalStateException("no headers");
          }
        });
    server.setExecutor(java.util.concurrent.Executors.newCachedThreadPool());
    server.start();
  }

  /** The URL of {@code path} on this receiver. */
  String url(String path) {
    return "http://127.0.0.1:" + server.getAddress().getPort() + path;
  }

  /** Answers the next requests with {@code codes}, in order. */
  void answer(Integer... codes) {
    statuses.addAll(List.of(codes));
  }

  /** Holds every answer until {@link #release}: a receiver that is slow to answer. */
  void holdAnswers() {
    hold = new CountDownLatch(1);
  }

  void release() {
    hold.countDown();
  }

  /** The next request, waiting up to a minute; fails the test when none comes. */
  Received next() throws InterruptedException {
    Received next = received.poll(60, TimeUnit.SECONDS);
    if (next == null) {
      throw new AssertionError("the receiver got no request within a minute");
    }
    return next;
  }

  /** A request received within {@code millis}, or null. */
  Received poll(long millis) throws InterruptedException {
    return received.poll(millis, TimeUnit.MILLISECONDS);
  }

  /** Every request received and not yet taken. */
  List<Received> drain() {
    List<Received> all = new ArrayList<>();
    received.drainTo(all);
    return all;
  }

  /**
   * Whether {@code request} is signed with {@code secret}: the Standard Webhooks scheme, from its
   * specification: the secret is {@code whsec_} + Base64 of the key; the signed content is {@code
   * id + "." + timestamp + "." + body}; the header holds space-separated {@code v1,<Base64 of
   * HMAC-SHA256>} entries, one of which must match (compared in constant time).
   */
  static boolean verify(Received request, String secret) throws Exception {
    byte[] key = Base64.getDecoder().decode(secret.substring("whsec_".length()));
    Mac hmac = Mac.getInstance("HmacSHA256");
    hmac.init(new SecretKeySpec(key, "HmacSHA256"));
    byte[] prefix =
        (request.id() + "." + request.timestamp() + ".").getBytes(StandardCharsets.UTF_8);
    byte[] content = new byte[prefix.length + request.body().length];
    System.arraycopy(prefix, 0, content, 0, prefix.length);
    System.arraycopy(request.body(), 0, content, prefix.length, request.body().length);
    byte[] expected = hmac.doFinal(content);
    for (String entry : request.signature().split(" ")) {
      int comma = entry.indexOf(',');
      if (comma > 0 && entry.substring(0, comma).equals("v1")) {
        byte[] given = Base64.getDecoder().decode(entry.substring(comma + 1));
        if (MessageDigest.isEqual(expected, given)) {
          return true;
        }
      }
    }
    return false;
  }

  @Override
  public void close() {
    release();
    server.stop(0);
  }
}

package io.keybox.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.server.auth.Account;
import io.keybox.server.auth.Accounts;
import io.keybox.server.auth.Authenticator;
import io.keybox.server.auth.RateLimit;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Thousands of hostile requests ({@link HostileRequests}) against a running server on 127.0.0.1:
 * never a 5xx, every error a JSON body {@code {"error": status, "message": ...}} with a request id,
 * never a stack trace, no unexpected failure in the server log, and normal queries still answered
 * afterwards.
 *
 * <p>The seed is printed; replay a failure with
 *
 * <pre>
 * ./run.sh test -pl server -am -Dtest=HostileInputFuzzTest -Dsurefire.failIfNoSpecifiedTests=false \
 *     -Dkeybox.fuzz.seed=SEED [-Dkeybox.fuzz.requests=N]
 * </pre>
 */
class HostileInputFuzzTest {
  private static final String KEY = "tester";
  private static final String SECRET = "s3cret";

  /**
   * Two clients at once: within the default concurrency cap and within the few logins that may wait
   * for a slow hash, so that a 503 could only mean a bug (more at once would rightly get some).
   */
  private static final int THREADS = 2;

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dataDir;

  private record Failure(int index, String problem, byte[] request, String response) {}

  @Test
  @Timeout(value = 3, unit = TimeUnit.MINUTES)
  void hostileRequestsNeverGet5xxAndAlwaysAJsonError() throws Exception {
    long seed = Long.getLong("keybox.fuzz.seed", new SecureRandom().nextLong());
    int count = Integer.getInteger("keybox.fuzz.requests", 3000);
    System.out.printf(
        "HostileInputFuzzTest: seed %d, %d requests (replay: -Dkeybox.fuzz.seed=%d)%n",
        seed, count, seed);

    FixtureServer.index(dataDir, "fixture", "basic");
    Account tester =
        FixtureServer.account("fixture", KEY, SECRET, new RateLimit(RateLimit.MAX, RateLimit.MAX));
    HostileRequests generator = new HostileRequests(seed, KEY, SECRET);
    List<byte[]> requests = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      requests.add(generator.next());
    }

    List<String> serverErrors = new CopyOnWriteArrayList<>();
    Logger edgeLogger = Logger.getLogger("keybox.server");
    Handler errors =
        new Handler() {
          @Override
          public void publish(LogRecord record) {
            if (record.getLevel().intValue() >= Level.SEVERE.intValue()) {
              serverErrors.add(record.getMessage() + ": " + record.getThrown());
            }
          }

          @Override
          public void flush() {}

          @Override
          public void close() {}
        };
    edgeLogger.addHandler(errors);
    List<Failure> failures = new CopyOnWriteArrayList<>();
    Map<Integer, AtomicInteger> statuses = new ConcurrentHashMap<>();
    long started = System.nanoTime();
    try (FixtureServer server =
        new FixtureServer(
            dataDir,
            new Authenticator(Accounts.of(List.of(tester))),
            ServerConfig.loopback(0),
            new PrintStream(OutputStream.nullOutputStream()))) {
      AtomicInteger next = new AtomicInteger();
      ExecutorService pool = Executors.newFixedThreadPool(THREADS);
      List<Future<?>> workers = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        workers.add(
            pool.submit(
                () -> {
                  for (int i = next.getAndIncrement(); i < count; i = next.getAndIncrement()) {
                    byte[] request = requests.get(i);
                    byte[] response = exchange(server.port(), request);
                    String problem = check(request, response, statuses);
                    if (problem != null) {
                      failures.add(new Failure(i, problem, request, text(response, 600)));
                      save(seed, i, request);
                    }
                  }
                  return null;
                }));
      }
      for (Future<?> worker : workers) {
        worker.get();
      }
      pool.shutdown();
      double seconds = (System.nanoTime() - started) / 1e9;
      System.out.printf(
          "HostileInputFuzzTest: %d requests in %.1f s (%.0f/s), statuses %s%n",
          count, seconds, count / seconds, new TreeMap<>(statuses));

      // The server still answers normal queries, correctly.
      FixtureServer.RawResponse normal = server.rawGet("/properties", KEY, SECRET);
      assertEquals(200, normal.status(), normal.head());
      assertEquals(6, JSON.readTree(normal.body()).size());
      assertEquals(200, server.get("/properties/101", KEY, SECRET).statusCode());
    } finally {
      edgeLogger.removeHandler(errors);
    }

    StringBuilder report = new StringBuilder();
    for (Failure failure :
        failures.stream().sorted((a, b) -> a.index() - b.index()).limit(10).toList()) {
      report
          .append("\n#")
          .append(failure.index())
          .append(": ")
          .append(failure.problem())
          .append("\n  request: ")
          .append(text(failure.request(), 400))
          .append("\n  response: ")
          .append(failure.response());
    }
    assertTrue(
        failures.isEmpty(),
        failures.size()
            + " of "
            + count
            + " requests failed (seed "
            + seed
            + "; replay with -Dkeybox.fuzz.seed="
            + seed
            + "; the requests are in target/fuzz-failures/):"
            + report);
    assertTrue(serverErrors.isEmpty(), "unexpected failures in the server log: " + serverErrors);
  }

  /** Keeps a failing request byte for byte, to replay it with any client. */
  private static void save(long seed, int index, byte[] request) throws IOException {
    Path dir = Path.of("target", "fuzz-failures");
    java.nio.file.Files.createDirectories(dir);
    java.nio.file.Files.write(dir.resolve(seed + "-" + index + ".http"), request);
  }

  /** Sends one request over its own connection and reads until the server closes it. */
  private static byte[] exchange(int port, byte[] request) throws IOException {
    try (Socket socket = new Socket("127.0.0.1", port)) {
      socket.setSoTimeout(20_000);
      try {
        socket.getOutputStream().write(request);
      } catch (IOException e) {
        // refused part-way; the answer is still there to read
      }
      ByteArrayOutputStream response = new ByteArrayOutputStream();
      try {
        socket.getInputStream().transferTo(response);
      } catch (java.net.SocketException e) {
        // a reset after the answer
      }
      return response.toByteArray();
    }
  }

  /** What is wrong with this answer to this request, or null. */
  private static String check(byte[] request, byte[] response, Map<Integer, AtomicInteger> statuses)
      throws IOException {
    String text = new String(response, StandardCharsets.ISO_8859_1);
    if (text.isEmpty()) {
      return "no answer";
    }
    if (!text.matches("(?s)HTTP/[0-9]\\.[0-9] [1-5][0-9][0-9] .*")) {
      return "no status line"; // (Undertow answers "HTTP/0.9" in the version a request gave)
    }
    int headEnd = text.indexOf("\r\n\r\n");
    if (headEnd < 0) {
      return "no end of head";
    }
    String head = text.substring(0, headEnd);
    int status = Integer.parseInt(head.substring(9, 12));
    statuses.computeIfAbsent(status, s -> new AtomicInteger()).incrementAndGet();
    if (status >= 500) {
      return "status " + status;
    }
    Map<String, String> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    for (String line : head.split("\r\n")) {
      int colon = line.indexOf(':');
      if (colon > 0) {
        headers.put(line.substring(0, colon), line.substring(colon + 1).strip());
      }
    }
    if (!headers.containsKey("X-Request-Id")) {
      return "no X-Request-Id";
    }
    boolean head_ =
        new String(request, 0, Math.min(5, request.length), StandardCharsets.ISO_8859_1)
            .equals("HEAD ");
    byte[] body = java.util.Arrays.copyOfRange(response, headEnd + 4, response.length);
    if (head_ || status == 204 || status == 304) {
      return body.length == 0 ? null : "a body on a " + status + " answer to HEAD or 204";
    }
    if ("gzip".equalsIgnoreCase(headers.get("Content-Encoding"))) {
      try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(body))) {
        body = in.readAllBytes();
      }
    }
    String contentType = headers.getOrDefault("Content-Type", "");
    if (status == 200 && contentType.startsWith("text/plain; version=0.0.4")) {
      // /-/metrics answers loopback clients (this test is one) in Prometheus text, not JSON.
      String target = new String(request, StandardCharsets.ISO_8859_1).split(" ", 3)[1];
      return target.startsWith("/-/metrics") ? null : "Prometheus text off /-/metrics: " + target;
    }
    if (!contentType.endsWith("json; charset=utf-8")) {
      return "Content-Type '" + contentType + "'";
    }
    String bodyText = new String(body, StandardCharsets.UTF_8);
    if (bodyText.contains("Exception") || bodyText.contains("\tat ")) {
      return "a stack trace in the body";
    }
    JsonNode json;
    try {
      json = JSON.readTree(body);
    } catch (IOException e) {
      return "the body is not JSON: " + e.getMessage().lines().findFirst().orElse("");
    }
    if (json == null) {
      return "an empty body";
    }
    if (status >= 400) {
      if (!json.isObject()
          || json.path("error").asInt() != status
          || !json.path("message").isTextual()) {
        return "not an error body for " + status;
      }
      if (json.size() != 2) {
        return "extra members in the error body";
      }
    }
    return null;
  }

  /** Bytes as text with everything unprintable escaped, cut at {@code max} characters. */
  private static String text(byte[] bytes, int max) {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < bytes.length && text.length() < max; i++) {
      int b = bytes[i] & 0xFF;
      if (b == '\r') {
        text.append("\\r");
      } else if (b == '\n') {
        text.append("\\n");
      } else if (b < 0x20 || b >= 0x7F) {
        text.append(String.format(Locale.ROOT, "\\x%02X", b));
      } else {
        text.append((char) b);
      }
    }
    return text.length() >= max ? text + "..." : text.toString();
  }
}

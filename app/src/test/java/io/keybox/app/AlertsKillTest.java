package io.keybox.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.keybox.app.Commands.Result;
import io.keybox.server.auth.SecretHash;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code keybox serve --alerts} (a child JVM) killed with SIGKILL while its webhook deliveries are
 * in flight (the receiver has them and has not answered), then started again on the same data
 * directory: every event arrives at least once, each {@code webhook-id} always with the same body,
 * no event under two ids, none missing (issue 35, points 3 and 6). The expected events are written
 * by hand from the index runs' dumps below.
 */
class AlertsKillTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern MATCHED =
      Pattern.compile("(?m)^keybox_alert_commits_matched_total (\\S+)$");

  /** One request as the receiver got it. */
  private record Received(String id, String timestamp, String signature, byte[] body, String path) {
    /** Its events, as {@code path mlsId event}. */
    List<String> events() throws IOException {
      List<String> events = new ArrayList<>();
      for (JsonNode listing : JSON.readTree(body).at("/data/listings")) {
        for (JsonNode event : listing.get("events")) {
          events.add(path + " " + listing.get("mlsId").asLong() + " " + event.asText());
        }
      }
      return events;
    }
  }

  /**
   * A webhook receiver on loopback (the JDK's HTTP server) that answers its first request at once
   * and holds every later one, unanswered, until {@link #answerAll}: deliveries in flight.
   */
  private static final class Receiver implements AutoCloseable {
    final HttpServer server;
    final BlockingQueue<Received> received = new LinkedBlockingQueue<>();
    final AtomicInteger count = new AtomicInteger();
    final CountDownLatch answering = new CountDownLatch(1);

    Receiver() throws IOException {
      server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
      server.createContext("/", this::receive);
      server.setExecutor(Executors.newCachedThreadPool());
      server.start();
    }

    private void receive(HttpExchange exchange) throws IOException {
      byte[] body = exchange.getRequestBody().readAllBytes();
      received.add(
          new Received(
              exchange.getRequestHeaders().getFirst("webhook-id"),
              exchange.getRequestHeaders().getFirst("webhook-timestamp"),
              exchange.getRequestHeaders().getFirst("webhook-signature"),
              body,
              exchange.getRequestURI().getPath()));
      if (count.incrementAndGet() > 1) {
        try {
          answering.await(5, TimeUnit.MINUTES); // the sender is killed meanwhile
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      exchange.sendResponseHeaders(200, -1);
      exchange.close();
    }

    String url(String path) {
      return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    void answerAll() {
      answering.countDown();
    }

    @Override
    public void close() {
      answerAll();
      server.stop(0);
    }
  }

  @Test
  @Timeout(600)
  void aServerKilledMidDeliveryDeliversEveryEventOnceItIsBackUnderTheSameIds(@TempDir Path dir)
      throws Exception {
    Path data = Files.createDirectories(dir.resolve("data"));
    Path keys =
        Files.writeString(
            dir.resolve("keys.json"),
            "{\"keys\": [{\"key\": \"k\", \"secretHash\": \""
                + SecretHash.create("s", 1000).encoded()
                + "\", \"vendors\": [\"v\"], \"addons\": [\"alerts\"]}]}");
    index(
        data,
        dir.resolve("1.ndjson"),
        false,
        listing(1, "Katy", 3, 300_000, "Active"),
        listing(2, "Katy", 3, 500_000, "Active"),
        listing(3, "Houston", 4, 200_000, "Active"),
        listing(4, "Houston", 2, 250_000, "Active"),
        listing(5, "Cypress", 3, 350_000, "Active"));
    List<String> serve =
        List.of(
            "--data-dir",
            data.toString(),
            "--keys",
            keys.toString(),
            "--port",
            "0",
            "--alerts",
            "--alerts-allow-private");
    List<Received> all = new ArrayList<>(); // every request received
    List<Received> answered = new ArrayList<>(); // those answered 200
    Map<String, String> secrets = new HashMap<>(); // by webhook path
    try (Receiver receiver = new Receiver()) {
      ServeChild first = ServeChild.start(serve);
      Set<String> held = new HashSet<>();
      try {
        secrets.put("/katy", save(first, "cities=Katy&maxprice=400000", receiver.url("/katy")));
        secrets.put("/houston", save(first, "cities=Houston", receiver.url("/houston")));
        secrets.put("/beds4", save(first, "minbeds=4", receiver.url("/beds4")));
        // The first commit is the baseline (it changed nothing); the next one must follow it.
        awaitMatched(first, 1);

        index(
            data,
            dir.resolve("2.ndjson"),
            true,
            listing(1, "Katy", 3, 280_000, "Active"), // katy: new (its first change)
            listing(2, "Katy", 3, 390_000, "Active"), // katy: new (under the maximum now)
            listing(3, "Houston", 4, 200_000, "Pending"), // matched by none now, told to none
            listing(6, "Houston", 4, 300_000, "Active"), // houston, beds4: new
            listing(7, "Katy", 5, 350_000, "Active"), // katy, beds4: new
            listing(5, "Cypress", 3, 340_000, "Active")); // matched by none
        // One delivery per search: the first answered, the two others held unanswered.
        for (int i = 0; i < 3; i++) {
          Received request = next(receiver, first);
          all.add(request);
          if (i == 0) {
            answered.add(request);
          } else {
            held.add(request.id());
          }
        }
      } finally {
        first.kill();
      }
      assertEquals(137, first.process().exitValue(), "killed by SIGKILL (128 + 9)");
      receiver.answerAll();

      ServeChild second = ServeChild.start(serve);
      try {
        List<String> afterCommit2 =
            List.of(
                "/beds4 6 new",
                "/beds4 7 new",
                "/houston 6 new",
                "/katy 1 new",
                "/katy 2 new",
                "/katy 7 new");
        while (!events(answered).containsAll(afterCommit2)) {
          Received request = next(receiver, second);
          all.add(request);
          answered.add(request);
        }
        Set<String> ids = new HashSet<>();
        answered.forEach(request -> ids.add(request.id()));
        assertTrue(ids.containsAll(held), "the deliveries held at the kill came again, same ids");

        index(
            data,
            dir.resolve("3.ndjson"),
            true,
            listing(7, "Katy", 5, 320_000, "Active"), // katy, beds4: price
            listing(6, "Houston", 4, 300_000, "Pending"), // houston, beds4: status (leaves)
            listing(1, "Katy", 3, 280_000, "Delete")); // katy: status (deleted)
        List<String> expected = new ArrayList<>(afterCommit2);
        expected.addAll(
            List.of(
                "/beds4 6 status",
                "/beds4 7 price",
                "/houston 6 status",
                "/katy 1 status",
                "/katy 7 price"));
        while (!events(answered).containsAll(expected)) {
          Received request = next(receiver, second);
          all.add(request);
          answered.add(request);
        }
        assertEquals(new TreeSet<>(expected), events(all), "every event, and no other");
      } finally {
        second.kill();
      }
    }

    Map<String, byte[]> bodies = new HashMap<>();
    Map<String, Set<String>> idsOfEvent = new HashMap<>();
    for (Received request : all) {
      assertTrue(verify(request, secrets.get(request.path())), request.id() + " is signed");
      byte[] body = bodies.putIfAbsent(request.id(), request.body());
      assertTrue(
          body == null || Arrays.equals(body, request.body()),
          request.id() + " came again with another body");
      for (String event : request.events()) {
        idsOfEvent.computeIfAbsent(event, e -> new TreeSet<>()).add(request.id());
      }
    }
    idsOfEvent.forEach(
        (event, ids) -> assertEquals(1, ids.size(), event + " was sent under two ids: " + ids));
  }

  /** Saves a search of key {@code k} posting every event to {@code webhook}; returns its secret. */
  private static String save(ServeChild server, String query, String webhook) throws Exception {
    JsonNode created =
        server.send(
            HttpRequest.newBuilder(server.uri("/searches"))
                .header(
                    "Authorization",
                    "Basic "
                        + Base64.getEncoder()
                            .encodeToString("k:s".getBytes(StandardCharsets.UTF_8)))
                .POST(
                    HttpRequest.BodyPublishers.ofString(
                        JSON.createObjectNode()
                            .put("name", query)
                            .put("query", query)
                            .put("webhook", webhook)
                            .set(
                                "events",
                                JSON.valueToTree(List.of("new", "price", "status", "openhouse")))
                            .toString()))
                .build());
    assertEquals(201, created.get("httpStatus").asInt(), created.toString());
    return created.get("secret").asText();
  }

  /** Waits until {@code server} has matched {@code commits} commits (its metric says so). */
  private static void awaitMatched(ServeChild server, int commits) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (true) {
      Matcher m = MATCHED.matcher(server.metrics());
      if (m.find() && Double.parseDouble(m.group(1)) >= commits) {
        return;
      }
      assertTrue(
          System.nanoTime() < deadline, "no commit matched within 120 s: " + server.output());
      Thread.sleep(100);
    }
  }

  /** The receiver's next request, waiting for it generously (a busy machine is slow). */
  private static Received next(Receiver receiver, ServeChild server) throws Exception {
    Received request = receiver.received.poll(180, TimeUnit.SECONDS);
    if (request == null) {
      throw new AssertionError("no delivery within 180 s; the server said:\n" + server.output());
    }
    return request;
  }

  private static Set<String> events(List<Received> requests) throws IOException {
    Set<String> events = new TreeSet<>();
    for (Received request : requests) {
      events.addAll(request.events());
    }
    return events;
  }

  /** Indexes {@code listings} into vendor v, as a full run or incrementally. */
  private static void index(Path data, Path dump, boolean incremental, String... listings)
      throws IOException {
    Files.write(dump, List.of(listings));
    List<String> args =
        new ArrayList<>(
            List.of(
                "--data-dir",
                data.toString(),
                "--vendor",
                "v",
                "--listings",
                dump.toString(),
                "--quiet"));
    if (incremental) {
      args.add("--incremental");
    }
    Result run = Commands.run("index", args.toArray(String[]::new));
    assertEquals(0, run.code(), run.err());
  }

  /** A listing line of the native feed. */
  private static String listing(long mlsId, String city, int beds, long price, String status) {
    return JSON.createObjectNode()
        .put("mlsId", mlsId)
        .put("listingId", "L-" + mlsId)
        .put("listPrice", price)
        .put("modified", "2026-11-01T10:00:00Z")
        .put("listDate", "2026-10-01T12:00:00Z")
        .<ObjectNode>set(
            "property",
            JSON.createObjectNode()
                .put("type", "RES")
                .put("bedrooms", beds)
                .put("bathsFull", 2)
                .put("area", 2000))
        .<ObjectNode>set(
            "address",
            JSON.createObjectNode()
                .put("streetNumber", mlsId)
                .put("streetName", "Kill St")
                .put("city", city)
                .put("state", "TX")
                .put("postalCode", "77494"))
        .<ObjectNode>set("geo", JSON.createObjectNode().put("lat", 29.78).put("lng", -95.82))
        .set("mls", JSON.createObjectNode().put("status", status).put("area", "Katy"))
        .toString();
  }

  /**
   * Whether {@code request} is signed with {@code secret}, checked from the Standard Webhooks
   * specification, not from the server's code: the key is the Base64 after {@code whsec_}; the
   * signed content is {@code id.timestamp.body}; one of the header's space-separated {@code
   * v1,<Base64 HMAC-SHA256>} entries must match (compared in constant time).
   */
  private static boolean verify(Received request, String secret) throws Exception {
    Mac hmac = Mac.getInstance("HmacSHA256");
    hmac.init(
        new SecretKeySpec(
            Base64.getDecoder().decode(secret.substring("whsec_".length())), "HmacSHA256"));
    hmac.update((request.id() + "." + request.timestamp() + ".").getBytes(StandardCharsets.UTF_8));
    byte[] expected = hmac.doFinal(request.body());
    for (String entry : request.signature().split(" ")) {
      if (entry.startsWith("v1,")
          && MessageDigest.isEqual(expected, Base64.getDecoder().decode(entry.substring(3)))) {
        return true;
      }
    }
    return false;
  }
}

package io.keybox.server.http;

import static io.keybox.server.http.FixtureServer.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.keybox.server.replica.Replica;
import io.keybox.store.ForwardingStore;
import io.keybox.store.LoopbackS3;
import io.keybox.store.PublishResult;
import io.keybox.store.Publisher;
import io.keybox.store.Store;
import io.keybox.store.StoreUrl;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.apache.lucene.util.IOUtils;
import org.gaul.s3proxy.S3Proxy;
import org.gaul.s3proxy.nio2blob.TransientNio2BlobStore;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * Query nodes following a store ({@code serve --replica-of}, issue 28): one publisher and three
 * replica servers in this JVM over S3Proxy on loopback (and a folder store), with 200 ms polls.
 * Every wait is bounded; a replica must serve each publication within poll + download + refresh.
 */
class ReplicaHttpTest {
  private static final String SECRET = "s3cret";
  private static final String VENDOR = "fixture";
  private static final Duration POLL = Duration.ofMillis(200);

  /** Poll, then download a few small files, then the 200 ms snapshot refresh: well within. */
  private static final Duration CATCH_UP = Duration.ofSeconds(10);

  private static final TransientNio2BlobStore BLOBS = new TransientNio2BlobStore();
  private static S3Proxy proxy;
  private static int port;
  private static S3Client admin;
  private static final AtomicInteger BUCKETS = new AtomicInteger();

  @BeforeAll
  static void startStore() throws Exception {
    LoopbackS3.useTestCredentials();
    proxy = LoopbackS3.start(BLOBS, 0);
    port = proxy.getPort();
    admin = LoopbackS3.client(endpoint());
  }

  @AfterAll
  static void stopStore() throws Exception {
    admin.close();
    proxy.stop();
  }

  private static URI endpoint() {
    return URI.create("http://127.0.0.1:" + port);
  }

  private static StoreUrl newBucket() {
    String bucket = "replica-" + BUCKETS.incrementAndGet();
    admin.createBucket(b -> b.bucket(bucket));
    return StoreUrl.parse("s3://" + bucket + "/keybox");
  }

  /** A replica server: a fixture server over {@code dataDir} that follows {@code store}. */
  private record Node(FixtureServer server, Replica replica) implements AutoCloseable {
    static Node follow(Path dataDir, StoreUrl store, Optional<URI> endpoint) throws IOException {
      // The server starts first (the replica feeds its indexes), and shows the replica's status.
      AtomicReference<Replica> following = new AtomicReference<>();
      FixtureServer server =
          FixtureServer.following(
              dataDir,
              VENDOR,
              "plain",
              SECRET,
              vendor -> Optional.ofNullable(following.get()).flatMap(r -> r.replication(vendor)));
      Replica replica =
          new Replica(
              store.open(endpoint),
              dataDir,
              server.indexes(),
              Duration.ofSeconds(1),
              Clock.systemUTC());
      following.set(replica);
      replica.start(POLL);
      server.server().metrics().registry().register(replica.metrics());
      return new Node(server, replica);
    }

    JsonNode health() throws Exception {
      return json(server.get("/-/health", null, null));
    }

    long generation() throws Exception {
      JsonNode generation = health().at("/vendors/0/generation");
      return generation.isNumber() ? generation.asLong() : -1;
    }

    HttpResponse<String> page() throws Exception {
      return server.get("/properties?limit=50", "plain", SECRET);
    }

    @Override
    public void close() throws IOException {
      try (replica) {
        server.close();
      }
    }
  }

  private static PublishResult publish(StoreUrl store, Optional<URI> endpoint, Path dataDir)
      throws IOException {
    try (Store opened = store.open(endpoint)) {
      return new Publisher(opened).publish(VENDOR, dataDir.resolve(VENDOR));
    }
  }

  private static void await(String what, Duration within, Check check) throws Exception {
    long deadline = System.nanoTime() + within.toNanos();
    while (!check.holds()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("not within " + within + ": " + what);
      }
      Thread.sleep(20);
    }
  }

  @FunctionalInterface
  private interface Check {
    boolean holds() throws Exception;
  }

  @Test
  @Timeout(90)
  void threeReplicasFollowFiveBackToBackPublicationsWithoutAMixedPage(
      @TempDir Path indexer, @TempDir Path temp) throws Exception {
    StoreUrl store = newBucket();
    Optional<URI> endpoint = Optional.of(endpoint());
    // The two states published in turn, and the page each serves (read off the indexer's folder).
    Set<String> pages = ConcurrentHashMap.newKeySet();
    for (String fixture : List.of("basic", "search")) {
      Path alone = temp.resolve("alone-" + fixture);
      FixtureServer.index(alone, VENDOR, fixture);
      try (FixtureServer reference = FixtureServer.withOneKey(alone, VENDOR, "plain", SECRET)) {
        pages.add(reference.get("/properties?limit=50", "plain", SECRET).body());
      }
    }
    assertEquals(2, pages.size());

    FixtureServer.index(indexer, VENDOR, "basic");
    long first = publish(store, endpoint, indexer).generation();
    List<Node> nodes = new ArrayList<>();
    try {
      for (int i = 0; i < 3; i++) {
        // Each node starts with an empty data directory: it serves from the store alone.
        nodes.add(Node.follow(Files.createDirectories(temp.resolve("node-" + i)), store, endpoint));
      }
      for (Node node : nodes) {
        await("a new node serves the store's commit", CATCH_UP, () -> node.generation() == first);
        assertTrue(pages.contains(node.page().body()));
        assertTrue(
            Files.exists(node.server().dataDir().resolve(VENDOR).resolve("current/ids.tsv")));
      }

      AtomicBoolean running = new AtomicBoolean(true);
      AtomicInteger served = new AtomicInteger();
      List<String> problems = new ArrayList<>();
      List<Thread> clients = new ArrayList<>();
      for (Node node : nodes) {
        Thread client =
            Thread.ofPlatform()
                .start(
                    () -> {
                      while (running.get() && served.get() < 100_000) {
                        try {
                          HttpResponse<String> page = node.page();
                          if (page.statusCode() != 200) {
                            synchronized (problems) {
                              problems.add(page.statusCode() + " " + page.body());
                            }
                          } else if (!pages.contains(page.body())) {
                            synchronized (problems) {
                              problems.add("a page of no single commit: " + page.body());
                            }
                          }
                          served.incrementAndGet();
                        } catch (Exception e) {
                          synchronized (problems) {
                            problems.add(e.toString());
                          }
                        }
                      }
                    });
        clients.add(client);
      }
      try {
        for (int run = 0; run < 5; run++) {
          FixtureServer.index(indexer, VENDOR, run % 2 == 0 ? "search" : "basic");
          long generation = publish(store, endpoint, indexer).generation();
          for (Node node : nodes) {
            await(
                "each replica serves generation " + generation,
                CATCH_UP,
                () -> node.generation() == generation);
          }
        }
      } finally {
        running.set(false);
        for (Thread client : clients) {
          client.join(10_000);
        }
      }
      assertEquals(List.of(), problems);
      assertTrue(served.get() > 0);
      for (Node node : nodes) {
        String metrics = node.server().get("/-/metrics", null, null).body();
        assertTrue(metrics.contains("keybox_replica_stale{vendor=\"fixture\"} 0.0"), metrics);
        assertTrue(metrics.contains("keybox_replica_downloaded_bytes_total{vendor=\"fixture\"}"));
      }
    } finally {
      for (Node node : nodes) {
        node.close();
      }
    }
  }

  @Test
  @Timeout(60)
  void whenTheStoreIsDownReplicasServeTheirCommitStaleAndCatchUpWhenItIsBack(
      @TempDir Path indexer, @TempDir Path node) throws Exception {
    StoreUrl store = newBucket();
    Optional<URI> endpoint = Optional.of(endpoint());
    FixtureServer.index(indexer, VENDOR, "basic");
    long first = publish(store, endpoint, indexer).generation();
    try (Node replica = Node.follow(node, store, endpoint)) {
      await("serving", CATCH_UP, () -> replica.generation() == first);
      assertFalse(replica.health().at("/vendors/0/replica/stale").asBoolean());
      String page = replica.page().body();

      proxy.stop();
      try {
        // Stale after 1 s without a successful poll; health stays 200 while a commit serves. The
        // poll that fails says why once the client's retries are spent.
        await(
            "stale in health, with the poll's failure",
            CATCH_UP,
            () -> {
              JsonNode state = replica.health().at("/vendors/0/replica");
              return state.at("/stale").asBoolean() && state.at("/lastError").isTextual();
            });
        HttpResponse<String> health = replica.server().get("/-/health", null, null);
        assertEquals(200, health.statusCode());
        JsonNode vendor = json(health).at("/vendors/0");
        assertEquals(first, vendor.at("/generation").asLong());
        assertTrue(
            vendor.at("/replica/lastError").asText().startsWith("STORE_UNAVAILABLE"),
            vendor.toString());
        assertTrue(vendor.at("/replica/lastSuccessfulPoll").isTextual());
        assertEquals(page, replica.page().body());
        assertTrue(
            replica
                .server()
                .get("/-/metrics", null, null)
                .body()
                .contains("keybox_replica_stale{vendor=\"fixture\"} 1.0"));
      } finally {
        proxy = LoopbackS3.start(BLOBS, port);
      }

      FixtureServer.index(indexer, VENDOR, "search");
      long second = publish(store, endpoint, indexer).generation();
      await("caught up", CATCH_UP, () -> replica.generation() == second);
      JsonNode vendor = replica.health().at("/vendors/0");
      assertFalse(vendor.at("/replica/stale").asBoolean());
      assertTrue(vendor.at("/replica/lastError").isNull());
    }
  }

  @Test
  @Timeout(60)
  void aCorruptedObjectIsRejectedAndTheOldCommitServes(
      @TempDir Path indexer, @TempDir Path node, @TempDir Path storeDir) throws Exception {
    StoreUrl store = StoreUrl.parse(storeDir.toUri().toString());
    FixtureServer.index(indexer, VENDOR, "basic");
    long first = publish(store, Optional.empty(), indexer).generation();
    try (Node replica = Node.follow(node, store, Optional.empty())) {
      await("serving", CATCH_UP, () -> replica.generation() == first);
      String page = replica.page().body();

      FixtureServer.index(indexer, VENDOR, "search");
      // The store damages one new index object as it is written: the replica must refuse it.
      String damaged;
      try (Store opened = store.open(Optional.empty())) {
        CorruptingStore corrupting = new CorruptingStore(opened);
        long second =
            new Publisher(corrupting).publish(VENDOR, indexer.resolve(VENDOR)).generation();
        damaged = corrupting.damaged;
        assertTrue(damaged != null && second > first);
      }
      await(
          "the damage is reported",
          CATCH_UP,
          () ->
              replica
                  .health()
                  .at("/vendors/0/replica/lastError")
                  .asText()
                  .startsWith("CORRUPT_OBJECT"));
      assertEquals(first, replica.generation(), "the old commit serves");
      assertEquals(page, replica.page().body());
      try (Stream<Path> left = Files.list(node.resolve(VENDOR).resolve("pool"))) {
        assertTrue(left.noneMatch(f -> f.getFileName().toString().endsWith(".part")));
      }

      // Repaired (the object removed, published again): the replica catches up.
      try (Store opened = store.open(Optional.empty())) {
        opened.delete(damaged);
      }
      long third = publish(store, Optional.empty(), indexer).generation();
      await("caught up", CATCH_UP, () -> replica.generation() == third);
      assertTrue(replica.health().at("/vendors/0/replica/lastError").isNull());
    }
  }

  @Test
  @Timeout(60)
  void aVendorRebuiltFromScratchIsPickedUp(@TempDir Path indexer, @TempDir Path node)
      throws Exception {
    StoreUrl store = newBucket();
    Optional<URI> endpoint = Optional.of(endpoint());
    FixtureServer.index(indexer, VENDOR, "basic");
    publish(store, endpoint, indexer);
    FixtureServer.index(indexer, VENDOR, "basic");
    long second = publish(store, endpoint, indexer).generation();
    try (Node replica = Node.follow(node, store, endpoint)) {
      await("serving", CATCH_UP, () -> replica.generation() == second);
      assertTrue(second > 1);

      // The vendor's folder removed and rebuilt: file names restart at _0, generation at 1.
      deleteTree(indexer.resolve(VENDOR));
      FixtureServer.index(indexer, VENDOR, "search");
      long rebuilt = publish(store, endpoint, indexer).generation();
      assertTrue(rebuilt < second, "a lower generation: " + rebuilt);
      await("the rebuilt commit serves", CATCH_UP, () -> replica.generation() == rebuilt);
      Path alone = node.resolveSibling(node.getFileName() + "-alone");
      FixtureServer.index(alone, VENDOR, "search");
      try (FixtureServer reference = FixtureServer.withOneKey(alone, VENDOR, "plain", SECRET)) {
        assertEquals(
            reference.get("/properties?limit=50", "plain", SECRET).body(), replica.page().body());
      } finally {
        deleteTree(alone);
      }
    }
  }

  /**
   * A store that writes the first large index object it is given with one byte flipped (the
   * publisher uploads several at once: one is chosen, under the lock).
   */
  private static final class CorruptingStore extends ForwardingStore {
    String damaged;

    CorruptingStore(Store store) {
      super(store);
    }

    @Override
    public synchronized void put(String key, Path source) throws IOException {
      if (damaged == null
          && key.contains("/files/")
          && !key.contains("segments")
          && Files.size(source) > 100) {
        byte[] bytes = Files.readAllBytes(source);
        bytes[bytes.length / 2] ^= 0x5a;
        super.put(key, bytes);
        damaged = key;
      } else {
        super.put(key, source);
      }
    }
  }

  private static void deleteTree(Path dir) throws IOException {
    IOUtils.rm(dir);
  }
}

package io.keybox.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.keybox.store.FetchException.Reason;
import io.keybox.store.FetchResult.Outcome;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.apache.lucene.index.CorruptIndexException;
import org.apache.lucene.index.IndexNotFoundException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Publishes small real indexes and fetches them, against S3Proxy and a {@code file://} store. A
 * flushed segment here is three files ({@code _N.cfe}, {@code _N.cfs}, {@code _N.si}); a commit
 * adds its {@code segments_N}; each commit also rewrites {@code ids.tsv}. The expected counts below
 * are worked out from that by hand.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PublishFetchTest {
  private static final String VENDOR = "houston";
  @RegisterExtension static final StoreKinds kinds = new StoreKinds();
  private static Transfers transfers;

  @TempDir Path temp;

  /** The indexer's vendor folder and the replica's vendor folder, under {@link #temp}. */
  private Path indexer;

  private Path replica;

  @BeforeEach
  void vendorFolders() {
    indexer = temp.resolve("indexer");
    replica = temp.resolve("replica");
  }

  @BeforeAll
  static void startTransfers() {
    transfers = new Transfers(4, "test-transfer");
  }

  private static List<String> names(Path dir) throws java.io.IOException {
    try (var files = Files.list(dir)) {
      return files.map(file -> file.getFileName().toString()).sorted().toList();
    }
  }

  /** The current publication of a replica's vendor folder. */
  static Path current(Path replica) {
    return replica.resolve(ReplicaFolder.CURRENT);
  }

  /** A replica one publication behind the store, and what that publication moved. */
  private record OneBehind(Fetcher fetcher, PublishResult published) {}

  /**
   * Commits ids 0-4 in the indexer's folder, publishes them to {@code store} and fetches them into
   * the replica's, then commits ids 5-7 and publishes them too, not yet fetched.
   */
  private OneBehind secondPublishedFirstFetched(Store store) throws IOException {
    Publisher publisher = new Publisher(store);
    TestIndexes.commit(indexer, true, 0, 5, "first");
    publisher.publish(VENDOR, indexer);
    Fetcher fetcher = new Fetcher(store, VENDOR, replica, transfers);
    fetcher.fetch();
    TestIndexes.commit(indexer, false, 5, 8, "second");
    return new OneBehind(fetcher, publisher.publish(VENDOR, indexer));
  }

  @AfterAll
  static void stopTransfers() {
    transfers.close();
  }

  @ParameterizedTest
  @ValueSource(strings = {"s3", "file"})
  void aDownloadThatCannotWriteNamesTheObjectAndTheFile(String kind) throws Exception {
    try (Store store = kinds.open(kind, temp)) {
      Path source = Files.writeString(temp.resolve("source-" + kind), "abc");
      store.put("houston/files/_0.cfs.1a2b", Files.readAllBytes(source));
      Path target = temp.resolve("no-such-folder-" + kind).resolve("_0.cfs.part");
      IOException e =
          assertThrows(
              IOException.class, () -> store.download("houston/files/_0.cfs.1a2b", target));
      assertTrue(e.getMessage().startsWith("cannot download "), e.getMessage());
      assertTrue(e.getMessage().contains("houston/files/_0.cfs.1a2b"), e.getMessage());
      assertTrue(e.getMessage().contains(" to " + target + ": "), e.getMessage());
      assertTrue(e.getMessage().contains("NoSuchFileException"), e.getMessage());
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"s3", "file"})
  void publishThenFetchIntoAnEmptyFolder(String kind) throws Exception {
    TestIndexes.commit(indexer, true, 0, 5, "first");
    try (Store store = kinds.open(kind, temp)) {
      PublishResult published = new Publisher(store).publish(VENDOR, indexer);
      // _0.cfe, _0.cfs, _0.si, segments_1 and ids.tsv.
      assertEquals(
          new PublishResult(VENDOR, 1, 1, 5, published.uploadedBytes(), 0, 0, MediaCounts.NONE),
          published);
      assertEquals(List.of(VENDOR), Layout.vendors(store));
      assertEquals(List.of("current", "files", "manifests", "side"), store.folders(VENDOR + "/"));
      new Publisher(store).publish("dallas", indexer);
      assertEquals(List.of("dallas", VENDOR), Layout.vendors(store));

      FetchResult fetched = new Fetcher(store, VENDOR, replica, transfers).fetch();
      assertEquals(Outcome.UPDATED, fetched.outcome());
      assertEquals(1, fetched.sequence());
      assertEquals(1, fetched.generation());
      assertEquals(5, fetched.downloaded());
      assertEquals(published.uploadedBytes(), fetched.downloadedBytes());
      assertEquals(0, fetched.reused());

      assertEquals(TestIndexes.range(0, 5), TestIndexes.ids(current(replica)));
      assertEquals(Map.of("label", "first"), TestIndexes.userData(current(replica)));
      assertEquals("ids of first\n", Files.readString(current(replica).resolve("ids.tsv")));
      assertEquals(
          List.of("_0.cfe", "_0.cfs", "_0.si", "segments_1"), TestIndexes.files(current(replica)));
      assertEquals(List.of("current", "incoming", "pool", "publications"), names(replica));
      assertEquals(List.of(), names(replica.resolve("incoming")));
      assertEquals(List.of("000000000001"), names(replica.resolve("publications")));
      assertEquals(
          Path.of("publications", "000000000001"), Files.readSymbolicLink(current(replica)));
      assertEquals(List.of("ids.tsv", "index", "manifest.json"), names(current(replica)));
      // Each published file is one inode: its pool file and its link in the publication.
      assertEquals(
          2, Files.getAttribute(current(replica).resolve("index").resolve("_0.cfs"), "unix:nlink"));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"s3", "file"})
  void anIncrementalPublicationMovesOnlyTheNewFiles(String kind) throws Exception {
    try (Store store = kinds.open(kind, temp)) {
      OneBehind replicated = secondPublishedFirstFetched(store);
      PublishResult published = replicated.published();
      // New: _1.cfe, _1.cfs, _1.si, segments_2, ids.tsv; already stored: the three _0 files.
      assertEquals(2, published.sequence());
      assertEquals(2, published.generation());
      assertEquals(5, published.uploaded());
      assertEquals(3, published.skipped());
      assertEquals(0, published.deleted());

      FetchResult fetched = replicated.fetcher().fetch();
      assertEquals(Outcome.UPDATED, fetched.outcome());
      assertEquals(5, fetched.downloaded());
      assertEquals(published.uploadedBytes(), fetched.downloadedBytes());
      assertEquals(3, fetched.reused());
      assertEquals(TestIndexes.range(0, 8), TestIndexes.ids(current(replica)));
      assertEquals(
          List.of("_0.cfe", "_0.cfs", "_0.si", "_1.cfe", "_1.cfs", "_1.si", "segments_2"),
          TestIndexes.files(current(replica)));
      assertEquals("ids of second\n", Files.readString(current(replica).resolve("ids.tsv")));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"s3", "file"})
  void aCorruptedObjectIsRejectedAndTheOldCommitStays(String kind) throws Exception {
    try (Store store = kinds.open(kind, temp)) {
      Fetcher fetcher = secondPublishedFirstFetched(store).fetcher();
      Manifest second = Layout.read(store.get(Layout.manifest(VENDOR, 2)), Manifest.class, "m2");
      FileEntry cfs =
          second.files().stream().filter(f -> f.name().equals("_1.cfs")).findFirst().orElseThrow();
      String key = Layout.indexObject(VENDOR, cfs);
      byte[] good = Files.readAllBytes(indexer.resolve("index").resolve("_1.cfs"));
      byte[] bad = good.clone();
      bad[bad.length / 2] ^= 0x5a; // same length, same footer, wrong CRC32
      store.put(key, bad);

      FetchException rejected = assertThrows(FetchException.class, fetcher::fetch);
      assertEquals(Reason.CORRUPT_OBJECT, rejected.reason());
      assertTrue(rejected.getMessage().contains("_1.cfs"), rejected.getMessage());
      assertEquals(TestIndexes.range(0, 5), TestIndexes.ids(current(replica)));
      assertFalse(TestIndexes.files(current(replica)).contains("_1.cfs"));
      assertFalse(TestIndexes.files(current(replica)).contains("segments_2"));

      // Repaired in the store: the next poll completes.
      store.put(key, good);
      FetchResult fetched = fetcher.fetch();
      assertEquals(Outcome.UPDATED, fetched.outcome());
      assertEquals(TestIndexes.range(0, 8), TestIndexes.ids(current(replica)));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"s3", "file"})
  void aRebuildFromScratchIsAnotherDirectoryAndTheOldOnesFilesGoWithIt(String kind)
      throws Exception {
    Path rebuilt = temp.resolve("rebuilt");
    TestIndexes.commit(indexer, true, 0, 5, "first");
    TestIndexes.commit(indexer, false, 5, 10, "second");
    TestIndexes.commit(indexer, false, 10, 15, "third");
    try (Store store = kinds.open(kind, temp)) {
      Publisher publisher = new Publisher(store);
      assertEquals(3, publisher.publish(VENDOR, indexer).generation());
      Fetcher fetcher = new Fetcher(store, VENDOR, replica, transfers);
      fetcher.fetch();
      Path first = replica.resolve("publications").resolve("000000000001");
      assertEquals(TestIndexes.range(0, 15), TestIndexes.ids(first));

      // Names restart at _0 and the generation at 1; _0.cfs differs from the replica's.
      TestIndexes.commit(rebuilt, true, 100, 102, "rebuilt");
      PublishResult published = publisher.publish(VENDOR, rebuilt);
      assertEquals(2, published.sequence());
      assertEquals(1, published.generation());

      FetchResult fetched = fetcher.fetch();
      assertEquals(Outcome.UPDATED, fetched.outcome());
      assertEquals(1, fetched.generation());
      // _0.cfe, _0.cfs, _0.si, segments_1, ids.tsv: all differ from the replica's.
      assertEquals(5, fetched.downloaded());
      // Publication 1 is untouched (a reader may hold it): it still links its 11 pool files.
      assertEquals(0, fetched.removed());
      assertEquals(TestIndexes.range(0, 15), TestIndexes.ids(first));
      assertEquals(List.of("100", "101"), TestIndexes.ids(current(replica)));
      assertEquals(Map.of("label", "rebuilt"), TestIndexes.userData(current(replica)));
      assertArrayEquals(
          Files.readAllBytes(rebuilt.resolve("index").resolve("_0.cfs")),
          Files.readAllBytes(current(replica).resolve("index").resolve("_0.cfs")));
      assertEquals(
          List.of("_0.cfe", "_0.cfs", "_0.si", "segments_1"), TestIndexes.files(current(replica)));

      // Its last reader closed, the index side deletes it; the next poll drops its pool files:
      // _0, _1, _2 (three files each), segments_3 and ids.tsv.
      ReplicaFolder.deleteTree(first);
      assertEquals(11, fetcher.fetch().removed());
      assertEquals(5, names(replica.resolve("pool")).size());
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"s3", "file"})
  void anInterruptedFetchResumesWithoutDownloadingAgain(String kind) throws Exception {
    TestIndexes.commit(indexer, true, 0, 5, "first");
    TestIndexes.commit(indexer, false, 5, 10, "second");
    TestIndexes.commit(indexer, false, 10, 15, "third");
    try (Store store = kinds.open(kind, temp)) {
      new Publisher(store).publish(VENDOR, indexer);

      // One transfer at a time, so that exactly the first four are verified.
      CountingStore failing = new CountingStore(store, 4);
      FetchException failed;
      try (Transfers serial = new Transfers(1, "test-serial")) {
        failed =
            assertThrows(
                FetchException.class, () -> new Fetcher(failing, VENDOR, replica, serial).fetch());
      }
      assertEquals(Reason.STORE_UNAVAILABLE, failed.reason());
      assertEquals(4, failing.downloads.get());
      assertFalse(Files.exists(current(replica)));
      // The four verified files wait in the pool; a kill mid-download would also leave a partial
      // file, as here for the commit point.
      assertEquals(4, names(replica.resolve("pool")).size());
      Manifest manifest = Layout.read(store.get(Layout.manifest(VENDOR, 1)), Manifest.class, "m");
      Files.write(
          replica.resolve("pool").resolve(manifest.segments().objectName() + ".part"),
          new byte[] {1, 2, 3});

      // A new fetcher, as after a restart: 9 segment files + segments_3 + ids.tsv = 11, 4 had.
      CountingStore counting = new CountingStore(store);
      FetchResult fetched = new Fetcher(counting, VENDOR, replica, transfers).fetch();
      assertEquals(Outcome.UPDATED, fetched.outcome());
      assertEquals(7, fetched.downloaded());
      assertEquals(7, counting.downloads.get());
      assertEquals(4, fetched.reused());
      assertEquals(TestIndexes.range(0, 15), TestIndexes.ids(current(replica)));
      assertTrue(names(replica.resolve("pool")).stream().noneMatch(name -> name.endsWith(".part")));
      assertEquals(11, names(replica.resolve("pool")).size());
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"s3", "file"})
  void anUnchangedPointerDownloadsNothing(String kind) throws Exception {
    try (Store store = kinds.open(kind, temp)) {
      CountingStore counting = new CountingStore(store);
      Fetcher fetcher = new Fetcher(counting, VENDOR, replica, transfers);
      assertEquals(Outcome.NOT_PUBLISHED, fetcher.fetch().outcome());

      TestIndexes.commit(indexer, true, 0, 5, "first");
      new Publisher(store).publish(VENDOR, indexer);
      assertEquals(Outcome.UPDATED, fetcher.fetch().outcome());
      int gets = counting.gets.get();
      int downloads = counting.downloads.get();

      FetchResult again = fetcher.fetch();
      assertEquals(new FetchResult(VENDOR, Outcome.UNCHANGED, 1, 1, 0, 0, 0, 0), again);
      assertEquals(1, counting.notModified.get());
      assertEquals(gets, counting.gets.get());
      assertEquals(downloads, counting.downloads.get());

      // After a restart the ETag is unknown: the manifest is read, nothing is downloaded.
      FetchResult restarted = new Fetcher(counting, VENDOR, replica, transfers).fetch();
      assertEquals(Outcome.UNCHANGED, restarted.outcome());
      assertEquals(0, restarted.downloaded());
      assertEquals(5, restarted.reused());
      assertEquals(downloads, counting.downloads.get());
    }
  }

  @Test
  void theEndpointComesFromTheEnvironmentAndAnUnreachableStoreLeavesTheLastGoodCommit()
      throws Exception {
    TestIndexes.commit(indexer, true, 0, 5, "first");
    StoreUrl url = StoreUrl.parse("s3://" + kinds.newBucket() + "/keybox");
    Map<String, String> environment =
        Map.of(StoreUrl.ENDPOINT_VARIABLE, kinds.endpoint().toString());
    try (Store store = url.open(Optional.empty(), environment)) {
      new Publisher(store).publish(VENDOR, indexer);
      assertEquals(
          Outcome.UPDATED, new Fetcher(store, VENDOR, replica, transfers).fetch().outcome());
    }
    // Nothing listens on port 1 of loopback: the connection is refused at once.
    try (Store down = url.open(Optional.of(URI.create("http://127.0.0.1:1")), environment)) {
      FetchException failed =
          assertThrows(FetchException.class, new Fetcher(down, VENDOR, replica, transfers)::fetch);
      assertEquals(Reason.STORE_UNAVAILABLE, failed.reason());
      assertTrue(failed.getMessage().contains("s3://"), failed.getMessage());
    }
    assertEquals(TestIndexes.range(0, 5), TestIndexes.ids(current(replica)));
  }

  @Test
  void aFolderWithoutACommitIsNotPublished() throws Exception {
    try (Store store = kinds.open("file", temp)) {
      Files.createDirectories(temp.resolve("empty").resolve("index"));
      assertThrows(
          IndexNotFoundException.class,
          () -> new Publisher(store).publish(VENDOR, temp.resolve("empty")));
      assertEquals(List.of(), store.list(""));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"s3", "file"})
  void aLocallyCorruptedFileIsNeverPublished(String kind) throws Exception {
    TestIndexes.commit(indexer, true, 0, 5, "first");
    Path cfs = indexer.resolve("index").resolve("_0.cfs");
    byte[] bytes = Files.readAllBytes(cfs);
    bytes[bytes.length / 2] ^= 0x5a;
    Files.write(cfs, bytes);
    try (Store store = kinds.open(kind, temp)) {
      assertThrows(
          CorruptIndexException.class, () -> new Publisher(store).publish(VENDOR, indexer));
      assertFalse(store.exists(Layout.pointer(VENDOR)));
      assertEquals(List.of(), store.list(Layout.manifests(VENDOR)));
    }
  }
}

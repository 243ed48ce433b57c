package io.keybox.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.keybox.store.FetchException.Reason;
import io.keybox.store.s3.S3Store;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.NoMergePolicy;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Transfers as a store client should make them (issue 38, point 3): a file over the part size goes
 * up as an S3 multipart upload (a file over 5 GiB simulated with S3's smallest part, 5 MiB), and a
 * stop reaches a download under way.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class TransferTest {
  private static final long PART = 5L << 20;
  @RegisterExtension static final StoreKinds kinds = new StoreKinds();

  @TempDir Path temp;

  @Test
  void aFileOverThePartSizeIsUploadedInPartsAndComesBackWhole() throws Exception {
    byte[] bytes = new byte[(int) (2 * PART + 3)];
    new Random(38).nextBytes(bytes);
    Path file = Files.write(temp.resolve("big"), bytes);
    try (S3Store store = kinds.openS3(PART)) {
      store.put("houston/files/big", file);
      // A multipart object's entity tag ends with its number of parts: 5 MiB, 5 MiB, 3 bytes.
      assertTrue(kinds.etag(kinds.lastBucket(), "houston/files/big").endsWith("-3\""));
      store.download("houston/files/big", temp.resolve("back"));
      assertArrayEquals(bytes, Files.readAllBytes(temp.resolve("back")));
    }
  }

  @Test
  void aLuceneFileOverThePartSizeIsPublishedAndFetched() throws Exception {
    Path indexer = temp.resolve("indexer");
    // One document with 6 MiB of incompressible stored bytes: its compound file is over 5 MiB.
    byte[] payload = new byte[6 << 20];
    new Random(5).nextBytes(payload);
    IndexWriterConfig config =
        new IndexWriterConfig().setMergePolicy(NoMergePolicy.INSTANCE).setUseCompoundFile(true);
    try (FSDirectory dir = FSDirectory.open(indexer.resolve("index"));
        IndexWriter writer = new IndexWriter(dir, config)) {
      Document doc = new Document();
      doc.add(new StringField("id", "big", Field.Store.YES));
      doc.add(new StoredField("payload", payload));
      writer.addDocument(doc);
      writer.commit();
    }
    long cfs = Files.size(indexer.resolve("index").resolve("_0.cfs"));
    assertTrue(cfs > PART && cfs <= 2 * PART, "a compound file of two parts: " + cfs);
    try (S3Store store = kinds.openS3(PART);
        Transfers transfers = new Transfers(4, "test-transfer")) {
      PublishResult published = new Publisher(store).publish("houston", indexer);
      Manifest manifest =
          Layout.read(store.get(Layout.manifest("houston", 1)), Manifest.class, "m1");
      FileEntry big =
          manifest.files().stream()
              .filter(f -> f.name().equals("_0.cfs"))
              .findFirst()
              .orElseThrow();
      assertTrue(
          kinds.etag(kinds.lastBucket(), Layout.indexObject("houston", big)).endsWith("-2\""));

      Path replica = temp.resolve("replica");
      FetchResult fetched = new Fetcher(store, "houston", replica, transfers).fetch();
      assertEquals(published.uploaded(), fetched.downloaded());
      assertEquals(List.of("big"), TestIndexes.ids(replica.resolve(ReplicaFolder.CURRENT)));
      assertArrayEquals(
          Files.readAllBytes(indexer.resolve("index").resolve("_0.cfs")),
          Files.readAllBytes(replica.resolve("current/index/_0.cfs")));
    }
  }

  @Test
  void aStopReachesADownloadUnderWayAndLeavesNoPartialFile() throws Exception {
    Path indexer = temp.resolve("indexer");
    TestIndexes.commit(indexer, true, 0, 5, "first");
    try (Store real = kinds.open("file", temp);
        Transfers transfers = new Transfers(4, "test-transfer")) {
      new Publisher(real).publish("houston", indexer);
      CountDownLatch downloading = new CountDownLatch(1);
      CountDownLatch interrupted = new CountDownLatch(1);
      // A store whose downloads never end on their own: bytes keep coming until the thread is
      // interrupted, which the file channel reports.
      Store endless =
          new CountingStore(real) {
            @Override
            public void download(String key, Path target) throws IOException {
              try (FileChannel out =
                  FileChannel.open(target, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
                downloading.countDown();
                while (true) {
                  out.write(ByteBuffer.allocate(1024));
                }
              } catch (java.nio.channels.ClosedByInterruptException e) {
                interrupted.countDown();
                throw e;
              }
            }
          };
      Path replica = temp.resolve("replica");
      AtomicReference<Thread> poller = new AtomicReference<>();
      CompletableFuture<FetchException> stopped =
          CompletableFuture.supplyAsync(
              () -> {
                poller.set(Thread.currentThread());
                try {
                  new Fetcher(endless, "houston", replica, transfers).fetch();
                  return null;
                } catch (FetchException e) {
                  return e;
                }
              });
      assertTrue(downloading.await(30, TimeUnit.SECONDS));
      poller.get().interrupt(); // as Replica.close() interrupts its poll thread
      assertTrue(interrupted.await(30, TimeUnit.SECONDS), "the download saw the stop");
      FetchException failure = stopped.get(30, TimeUnit.SECONDS);
      assertEquals(Reason.STOPPED, failure.reason(), failure.getMessage());
      assertFalse(Files.exists(replica.resolve(ReplicaFolder.CURRENT)));
      try (var pool = Files.list(replica.resolve("pool"))) {
        assertTrue(pool.noneMatch(f -> f.getFileName().toString().endsWith(".part")));
      }
    }
  }
}

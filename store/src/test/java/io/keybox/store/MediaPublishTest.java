package io.keybox.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.util.IOUtils;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A publication uploads the photos its commit shows (issue 33, point 5), against S3Proxy and a
 * folder: every variant under {@code media/<vendor>/<digest>/<width>.jpg}, the key that is the path
 * of the photo's URL; only what the store lacks; before the pointer; and a new machine finds what
 * the store holds by one listing instead of sending it again.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class MediaPublishTest {
  private static final String VENDOR = "houston";
  private static final String A = "a".repeat(40);
  private static final String B = "b0".repeat(20);
  private static final String C = "c1".repeat(20);

  @RegisterExtension static final StoreKinds kinds = new StoreKinds();

  @TempDir Path temp;
  private Path vendorDir;
  private Path files;

  @BeforeEach
  void setUp() {
    vendorDir = temp.resolve("data").resolve(VENDOR);
    files = temp.resolve("files");
  }

  /** A photo whose three variants are small files of distinct bytes in {@code folder}. */
  private static PublishedMedia.Photo photo(Path folder, String digest) throws IOException {
    Map<Integer, Path> variants = new TreeMap<>();
    for (int width : List.of(400, 800, 1600)) {
      Path file = folder.resolve(digest).resolve(width + ".jpg");
      Files.createDirectories(file.getParent());
      Files.writeString(file, digest + " at " + width); // 40 + 4 + 3 or 4 bytes
      variants.put(width, file);
    }
    return new PublishedMedia.Photo(digest, variants);
  }

  /** Media that shows {@code photos}, whatever the commit. */
  private static PublishedMedia showing(List<PublishedMedia.Photo> photos) {
    return (commit, sink) -> {
      for (PublishedMedia.Photo photo : photos) {
        sink.photo(photo);
      }
    };
  }

  private static Set<String> keys(Store store, String prefix) throws IOException {
    return new TreeSet<>(store.list(prefix));
  }

  @ParameterizedTest
  @ValueSource(strings = {"s3", "file"})
  void exactlyTheVariantsShownAreUploadedAndThenOnlyANewPhotosThree(String kind) throws Exception {
    TestIndexes.commit(vendorDir, true, 0, 3, "one");
    List<PublishedMedia.Photo> shown = new ArrayList<>(List.of(photo(files, A), photo(files, B)));
    try (Store store = kinds.open(kind, temp)) {
      PublishResult first =
          new Publisher(store).publish(VENDOR, vendorDir, showing(shown), counts -> {});

      assertEquals(
          Set.of(
              "media/houston/" + A + "/400.jpg",
              "media/houston/" + A + "/800.jpg",
              "media/houston/" + A + "/1600.jpg",
              "media/houston/" + B + "/400.jpg",
              "media/houston/" + B + "/800.jpg",
              "media/houston/" + B + "/1600.jpg"),
          keys(store, "media/"));
      // 6 files of 40 + " at " + the width: 47, 47, 48 bytes per photo.
      assertEquals(new MediaCounts(2, 6, 2 * 142, 0, 0), first.media());
      assertArrayEquals(
          Files.readAllBytes(files.resolve(B).resolve("800.jpg")),
          store.get("media/houston/" + B + "/800.jpg"));

      TestIndexes.commit(vendorDir, false, 3, 4, "two");
      shown.add(photo(files, C));
      List<MediaCounts> reports = new ArrayList<>();
      PublishResult second =
          new Publisher(store).publish(VENDOR, vendorDir, showing(shown), reports::add);

      assertEquals(new MediaCounts(1, 3, 142, 2, 0), second.media());
      assertEquals(List.of(new MediaCounts(1, 3, 142, 2, 0)), reports, "one batch, one report");
      assertEquals(9, keys(store, "media/").size());
      assertTrue(keys(store, "media/").contains("media/houston/" + C + "/1600.jpg"));
    }
  }

  @Test
  void everyPhotoIsInTheStoreBeforeThePointerMoves() throws Exception {
    TestIndexes.commit(vendorDir, true, 0, 2, "one");
    List<String> written = Collections.synchronizedList(new ArrayList<>());
    try (Store store =
        new ForwardingStore(kinds.open("s3", temp)) {
          @Override
          public void put(String key, byte[] bytes) throws IOException {
            written.add(key);
            super.put(key, bytes);
          }

          @Override
          public void putImmutable(String key, Path source, String contentType) throws IOException {
            written.add(key);
            super.putImmutable(key, source, contentType);
          }
        }) {
      List<PublishedMedia.Photo> photos = new ArrayList<>();
      for (int i = 0; i < MediaUpload.BATCH + 3; i++) { // two batches
        photos.add(photo(files, String.format("%040x", i + 1)));
      }
      new Publisher(store).publish(VENDOR, vendorDir, showing(photos), counts -> {});

      int pointer = written.indexOf("houston/current");
      assertEquals(written.size() - 1, pointer, "the pointer is written last");
      assertEquals(3 * (MediaUpload.BATCH + 3), written.subList(0, pointer).size());
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"s3", "file"})
  void aNewMachineListsTheStoreOnceAndSendsOnlyWhatItLacks(String kind) throws Exception {
    TestIndexes.commit(vendorDir, true, 0, 2, "one");
    try (Store store = kinds.open(kind, temp)) {
      new Publisher(store).publish(VENDOR, vendorDir, showing(List.of(photo(files, A))), c -> {});
      // One variant of B is in the store already, as a publication killed half-way leaves it.
      store.put("media/houston/" + B + "/400.jpg", files.resolve(A).resolve("400.jpg"));
      deleteTree(vendorDir.resolve(UploadedMedia.FOLDER)); // another machine: no record

      PublishResult again =
          new Publisher(store)
              .publish(
                  VENDOR,
                  vendorDir,
                  showing(List.of(photo(files, A), photo(files, B))),
                  counts -> {});

      assertEquals(new MediaCounts(1, 2, 47 + 48, 1, 0), again.media());
    }
  }

  @Test
  void aPhotoWhoseFilesAreNotHereIsCountedMissingAndSentByALaterPublication() throws Exception {
    TestIndexes.commit(vendorDir, true, 0, 2, "one");
    PublishedMedia.Photo a = photo(files, A);
    PublishedMedia.Photo b = photo(files, B);
    Files.delete(b.variants().get(800));
    try (Store store = kinds.open("file", temp)) {
      PublishResult first =
          new Publisher(store).publish(VENDOR, vendorDir, showing(List.of(a, b)), c -> {});
      assertEquals(new MediaCounts(1, 3, 142, 0, 1), first.media());
      assertEquals(3, keys(store, "media/").size());

      photo(files, B); // the mirror wrote it again
      PublishResult second =
          new Publisher(store).publish(VENDOR, vendorDir, showing(List.of(a, b)), c -> {});
      assertEquals(new MediaCounts(1, 3, 142, 1, 0), second.media());
    }
  }

  @Test
  void theMediaFolderIsNoVendorsName() throws Exception {
    assertThrows(IllegalArgumentException.class, () -> Layout.checkVendor("media"));
    assertEquals("media/houston/" + A + "/800.jpg", Layout.mediaObject(VENDOR, A, 800));
    assertThrows(IllegalArgumentException.class, () -> Layout.mediaObject(VENDOR, "A1", 800));
    TestIndexes.commit(vendorDir, true, 0, 1, "one");
    try (Store store = kinds.open("file", temp)) {
      new Publisher(store).publish(VENDOR, vendorDir, showing(List.of(photo(files, A))), c -> {});
      assertEquals(List.of(VENDOR), Layout.vendors(store), "media/ is not listed as a vendor");
    }
  }

  @Test
  void theCommitIsOpenedForTheMedia() throws Exception {
    TestIndexes.commit(vendorDir, true, 0, 5, "one");
    int[] seen = {-1};
    PublishedMedia counting =
        (DirectoryReader commit, PublishedMedia.Sink sink) -> seen[0] = commit.numDocs();
    try (Store store = kinds.open("file", temp)) {
      new Publisher(store).publish(VENDOR, vendorDir, counting, c -> {});
    }
    assertEquals(5, seen[0]);
  }

  private static void deleteTree(Path dir) throws IOException {
    IOUtils.rm(dir);
  }
}

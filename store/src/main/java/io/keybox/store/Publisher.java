package io.keybox.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.lucene.index.IndexNotFoundException;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;

/**
 * Publishes a vendor's current Lucene commit to a {@link Store} (the indexer side). Usage, right
 * after the indexer's commit and while no writer changes the folder:
 *
 * <pre>{@code
 * try (Store store = StoreUrl.parse(url).open(endpoint)) {
 *   PublishResult result = new Publisher(store, Publisher.DEFAULT_KEEP).publish("houston", vendorDir);
 *   out.println(result.uploaded() + " objects uploaded, " + result.skipped() + " already stored");
 * }
 * }</pre>
 *
 * <p>{@code vendorDir} is the vendor's folder under the data directory: the commit is read from
 * {@code vendorDir/index}, the side files ({@link Layout#SIDE_FILES}) from {@code vendorDir}.
 *
 * <p>Guarantees, in this order: each index file the store lacks is checked whole against its Lucene
 * footer checksum and uploaded under a key holding its checksum and length (files already stored
 * are not sent again); the side files likewise; then the new {@link Manifest}; then, LAST, the
 * vendor's {@link Pointer}. A reader that sees the new pointer therefore finds every object it
 * names. A failure before the pointer is written leaves the previous publication in force (the
 * objects already sent are reused next time). After the pointer, objects that none of the newest
 * {@code keep} manifests names are deleted, and the older manifests with them.
 *
 * <p>NOTE: one publisher per vendor at a time (the indexer's lock): a second one could delete the
 * objects of a publication the first has not pointed to yet.
 */
public final class Publisher {
  /** Publications kept by default: the new one and the two before it. */
  public static final int DEFAULT_KEEP = 3;

  private final Store store;
  private final int keep;

  /** A publisher to {@code store} that keeps the newest {@code keep} (>= 1) publications. */
  public Publisher(Store store, int keep) {
    if (keep < 1) {
      throw new IllegalArgumentException("keep must be >= 1 (got: " + keep + ")");
    }
    this.store = store;
    this.keep = keep;
  }

  /**
   * Publishes {@code vendor}'s latest commit found under {@code vendorDir/index}.
   *
   * @throws IndexNotFoundException when the folder holds no commit
   * @throws IOException when a file cannot be read or fails its checksum, or the store fails
   */
  public PublishResult publish(String vendor, Path vendorDir) throws IOException {
    Layout.checkVendor(vendor);
    List<String> stored = new ArrayList<>(store.list(Layout.indexObjects(vendor)));
    stored.addAll(store.list(Layout.sideObjects(vendor)));
    Set<String> present = new HashSet<>(stored);

    int uploaded = 0;
    int skipped = 0;
    long bytes = 0;
    SegmentInfos commit;
    List<FileEntry> files = new ArrayList<>();
    Path indexDir = vendorDir.resolve("index");
    try (Directory dir = FSDirectory.open(indexDir)) {
      commit = SegmentInfos.readLatestCommit(dir);
      for (String name : commit.files(true)) {
        FileEntry footer = Checksums.index(dir, name, false);
        files.add(footer);
        String key = Layout.indexObject(vendor, footer);
        if (present.contains(key)) {
          skipped++;
          continue;
        }
        // Never spread a corrupted file: replicas would refuse it and stay behind.
        Checksums.index(dir, name, true);
        store.put(key, indexDir.resolve(name));
        uploaded++;
        bytes += footer.length();
      }
    }

    List<FileEntry> sideFiles = new ArrayList<>();
    for (String name : Layout.SIDE_FILES) {
      Path file = vendorDir.resolve(name);
      if (!Files.isRegularFile(file)) {
        continue;
      }
      FileEntry entry = Checksums.side(file, name);
      sideFiles.add(entry);
      String key = Layout.sideObject(vendor, entry);
      if (present.contains(key)) {
        skipped++;
        continue;
      }
      store.put(key, file);
      uploaded++;
      bytes += entry.length();
    }

    List<Long> sequences = manifestSequences(vendor);
    long sequence = sequences.isEmpty() ? 1 : sequences.getLast() + 1;
    Manifest manifest =
        new Manifest(
            Manifest.FORMAT,
            vendor,
            sequence,
            commit.getGeneration(),
            commit.getSegmentsFileName(),
            commit.getUserData(),
            files,
            sideFiles);
    store.put(Layout.manifest(vendor, sequence), Layout.write(manifest));
    store.put(Layout.pointer(vendor), Layout.write(Pointer.to(sequence)));

    int deleted = removeUnreferenced(vendor, manifest);
    return new PublishResult(
        vendor, sequence, commit.getGeneration(), uploaded, bytes, skipped, deleted);
  }

  private List<Long> manifestSequences(String vendor) throws IOException {
    List<Long> sequences = new ArrayList<>();
    for (String key : store.list(Layout.manifests(vendor))) {
      Layout.manifestSequence(vendor, key).ifPresent(sequences::add);
    }
    sequences.sort(null);
    return sequences;
  }

  /** Deletes the objects no kept manifest names, then the manifests not kept. */
  private int removeUnreferenced(String vendor, Manifest newest) throws IOException {
    List<Long> sequences = manifestSequences(vendor);
    List<Long> kept = sequences.subList(Math.max(0, sequences.size() - keep), sequences.size());
    Set<String> referenced = new HashSet<>(newest.objectKeys());
    for (long sequence : kept) {
      if (sequence != newest.sequence()) {
        String key = Layout.manifest(vendor, sequence);
        referenced.addAll(
            Layout.read(store.get(key), Manifest.class, store.describe(key)).objectKeys());
      }
    }
    int deleted = 0;
    List<String> objects = new ArrayList<>(store.list(Layout.indexObjects(vendor)));
    objects.addAll(store.list(Layout.sideObjects(vendor)));
    for (String key : objects) {
      if (!referenced.contains(key)) {
        store.delete(key);
        deleted++;
      }
    }
    for (long sequence : sequences) {
      if (!kept.contains(sequence)) {
        store.delete(Layout.manifest(vendor, sequence));
        deleted++;
      }
    }
    return deleted;
  }
}

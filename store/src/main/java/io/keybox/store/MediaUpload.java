package io.keybox.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.apache.lucene.index.DirectoryReader;

/**
 * The photo part of one publication ({@link Publisher}): every variant of every photo the commit
 * shows that the store lacks is uploaded under its {@link Layout#mediaObject} key, several at once,
 * in batches so that memory stays small however many photos there are. What the store holds is told
 * by the vendor's {@link UploadedMedia} record, so a photo already there costs no request.
 */
final class MediaUpload {
  /** Photos handed to the transfers at once; a progress report follows each batch. */
  static final int BATCH = 64;

  private static final String JPEG = "image/jpeg";

  private final Store store;
  private final String vendor;
  private final Transfers transfers;
  private final Consumer<MediaCounts> progress;
  private final AtomicInteger files = new AtomicInteger();
  private final AtomicLong bytes = new AtomicLong();
  private int uploaded;
  private int present;
  private int missing;

  MediaUpload(Store store, String vendor, Transfers transfers, Consumer<MediaCounts> progress) {
    this.store = store;
    this.vendor = vendor;
    this.transfers = transfers;
    this.progress = progress;
  }

  /**
   * Uploads what the store lacks of the photos {@code media} finds in {@code commit}, recording
   * each object sent in {@code vendorDir}'s record.
   *
   * @throws IOException when the store or a local file fails; what was sent stays recorded
   */
  MediaCounts run(Path vendorDir, DirectoryReader commit, PublishedMedia media) throws IOException {
    UploadRecord record = new UploadRecord(vendorDir);
    try (record) {
      List<PublishedMedia.Photo> batch = new ArrayList<>(BATCH);
      media.each(
          commit,
          photo -> {
            batch.add(photo);
            if (batch.size() == BATCH) {
              send(batch, record.get());
              batch.clear();
            }
          });
      if (!batch.isEmpty()) {
        send(batch, record.get());
      }
    }
    return counts();
  }

  /** The vendor's {@link UploadedMedia}, opened at the first photo: none, no store listing. */
  private final class UploadRecord implements java.io.Closeable {
    private final Path vendorDir;
    private UploadedMedia opened;

    UploadRecord(Path vendorDir) {
      this.vendorDir = vendorDir;
    }

    UploadedMedia get() throws IOException {
      if (opened == null) {
        opened = UploadedMedia.open(vendorDir, store, vendor);
      }
      return opened;
    }

    @Override
    public void close() throws IOException {
      if (opened != null) {
        opened.close();
      }
    }
  }

  private void send(List<PublishedMedia.Photo> batch, UploadedMedia record) throws IOException {
    List<Transfers.Task> tasks = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (PublishedMedia.Photo photo : batch) {
      if (!seen.add(photo.digest())) {
        continue; // shown twice in the batch: sent once
      }
      if (!photo.variants().values().stream().allMatch(Files::isRegularFile)) {
        missing++;
        continue;
      }
      List<Transfers.Task> sends = new ArrayList<>();
      for (Map.Entry<Integer, Path> variant : photo.variants().entrySet()) {
        String key = Layout.mediaObject(vendor, photo.digest(), variant.getKey());
        if (!record.has(key)) {
          Path file = variant.getValue();
          sends.add(
              () -> {
                long length = Files.size(file);
                store.putImmutable(key, file, JPEG);
                record.add(key);
                files.incrementAndGet();
                bytes.addAndGet(length);
              });
        }
      }
      if (sends.isEmpty()) {
        present++;
      } else {
        uploaded++;
        tasks.addAll(sends);
      }
    }
    transfers.all(tasks);
    progress.accept(counts());
  }

  private MediaCounts counts() {
    return new MediaCounts(uploaded, files.get(), bytes.get(), present, missing);
  }
}

package io.keybox.store;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.apache.lucene.index.DirectoryReader;

/**
 * The mirrored photos a commit shows, which a {@link Publisher} uploads before it moves the
 * vendor's pointer. The indexer side knows which listings show which photo and where its files are;
 * the store only moves them:
 *
 * <pre>{@code
 * PublishedMedia media = (commit, sink) -> {
 *   for (String digest : photosShownBy(commit)) {
 *     sink.photo(new PublishedMedia.Photo(digest, Map.of(400, file(digest, 400), 800, ...)));
 *   }
 * };
 * new Publisher(store).publish("houston", vendorDir, media, counts -> {});
 * }</pre>
 */
@FunctionalInterface
public interface PublishedMedia {
  /** No photos: a publication of the index alone. */
  PublishedMedia NONE = (commit, sink) -> {};

  /**
   * Hands {@code sink} each photo the commit that {@code commit} reads shows; a photo may come more
   * than once.
   *
   * @throws IOException from the index, or from {@code sink} (an upload failed)
   */
  void each(DirectoryReader commit, Sink sink) throws IOException;

  /** Where {@link #each} hands the photos. */
  @FunctionalInterface
  interface Sink {
    void photo(Photo photo) throws IOException;
  }

  /**
   * One mirrored photo: its digest and the local file of each of its variants (width in pixels →
   * file), each uploaded under {@link Layout#mediaObject}.
   */
  record Photo(String digest, Map<Integer, Path> variants) {
    public Photo {
      Objects.requireNonNull(digest, "digest");
      if (variants.isEmpty()) {
        throw new IllegalArgumentException("photo " + digest + " must have a variant");
      }
      variants = java.util.Collections.unmodifiableMap(new TreeMap<>(variants));
    }
  }
}

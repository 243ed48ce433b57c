package io.keybox.server.media;

import io.keybox.schema.listing.PhotoUrls;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the files of a vendor's mirrored photos are on this node, and how one gets there: on an
 * indexer's node they are the mirror's own ({@link #local}); on a query node that follows a store,
 * a bounded cache filled from the store on the first request ({@link StoreMediaCache}). Files are
 * named by {@link PhotoUrls#variantPath} under {@link #folder}, which {@code GET /media} sends
 * from.
 */
public interface PhotoFiles {
  /** The folder of {@code vendor}'s photo files. */
  Path folder(String vendor);

  /**
   * Makes the file of {@code vendor}'s photo {@code digest} at {@code width} present under {@link
   * #folder} when it can: true when it is there (already, or fetched now), false when it exists
   * nowhere (a 404). Called only for a photo that may be served.
   *
   * @throws io.keybox.server.error.PhotoUnavailableException when the store the file comes from
   *     cannot be reached (a 503)
   * @throws IOException when the local folder fails
   */
  boolean obtain(String vendor, String digest, int width) throws IOException;

  /**
   * Tells the files that {@code vendor}'s photo {@code digest} at {@code width} is being served
   * without {@link #obtain} (the IO thread's lane sends a file it finds in place): a cache counts
   * it as used, for the order it evicts in. Cheap, never blocks on a download.
   */
  default void touch(String vendor, String digest, int width) {}

  /** The mirror's own files, {@code dataDir/<vendor>/media}: a photo is there or nowhere. */
  static PhotoFiles local(Path dataDir) {
    return new PhotoFiles() {
      @Override
      public Path folder(String vendor) {
        return dataDir.resolve(vendor).resolve("media");
      }

      @Override
      public boolean obtain(String vendor, String digest, int width) {
        return Files.isRegularFile(folder(vendor).resolve(PhotoUrls.variantPath(digest, width)));
      }
    };
  }
}

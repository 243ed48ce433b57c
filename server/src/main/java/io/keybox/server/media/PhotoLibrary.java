package io.keybox.server.media;

import io.keybox.schema.listing.ListingQueries;
import io.keybox.schema.listing.PhotoUrls;
import io.keybox.server.index.Lease;
import io.keybox.server.index.VendorIndexes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The photo files a vendor's index lets anyone see: a variant ({@link PhotoUrls#WIDTHS}) of a photo
 * that at least one listing of the served snapshot shows and whose IDX rules allow display ({@code
 * internetEntireListingDisplay} not false). A photo of a listing that left the index, or that the
 * MLS withholds, is not served even though its file may still be on disk.
 */
public final class PhotoLibrary {
  private final VendorIndexes indexes;
  private final Path dataDir;

  public PhotoLibrary(VendorIndexes indexes, Path dataDir) {
    this.indexes = indexes;
    this.dataDir = dataDir;
  }

  /**
   * The folder of {@code vendor}'s photo files ({@code DIR/vendor/media}), whose files are named by
   * {@link PhotoUrls#variantPath}.
   */
  public Path folder(String vendor) {
    return dataDir.resolve(vendor).resolve("media");
  }

  /**
   * Whether {@code vendor}'s photo {@code digest} at {@code width} may be served, and its file is
   * there: the path under {@link #folder}, else empty (a 404 for the caller).
   *
   * @throws IOException from the index
   */
  public Optional<String> servable(String vendor, String digest, int width) throws IOException {
    if (!PhotoUrls.isDigest(digest) || !PhotoUrls.WIDTHS.contains(width) || !indexes.has(vendor)) {
      return Optional.empty();
    }
    try (Lease lease = indexes.lease(vendor)) {
      if (lease.snapshot().searcher().count(ListingQueries.displayableShowingPhoto(digest)) == 0) {
        return Optional.empty();
      }
    }
    String path = PhotoUrls.variantPath(digest, width);
    return Files.isRegularFile(folder(vendor).resolve(path)) ? Optional.of(path) : Optional.empty();
  }
}

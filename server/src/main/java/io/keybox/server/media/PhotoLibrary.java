package io.keybox.server.media;

import io.keybox.schema.listing.ListingQueries;
import io.keybox.schema.listing.PhotoUrls;
import io.keybox.server.index.Lease;
import io.keybox.server.index.VendorIndexes;
import java.io.IOException;
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
  private final PhotoFiles files;

  /** The photos of the mirror's own files, {@code DIR/vendor/media}. */
  public PhotoLibrary(VendorIndexes indexes, Path dataDir) {
    this(indexes, PhotoFiles.local(dataDir));
  }

  /** The photos of {@code files}: the mirror's own, or a query node's cache of a store. */
  public PhotoLibrary(VendorIndexes indexes, PhotoFiles files) {
    this.indexes = indexes;
    this.files = files;
  }

  /**
   * The folder of {@code vendor}'s photo files, whose files are named by {@link
   * PhotoUrls#variantPath}.
   */
  public Path folder(String vendor) {
    return files.folder(vendor);
  }

  /**
   * Whether {@code vendor}'s photo {@code digest} at {@code width} may be served, and its file is
   * there: the path under {@link #folder}, else empty (a 404 for the caller).
   *
   * @throws io.keybox.server.error.PhotoUnavailableException when the store a query node fetches
   *     the file from cannot be reached
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
    // The one point where the file is found: on disk, or fetched into a query node's cache.
    return files.obtain(vendor, digest, width)
        ? Optional.of(PhotoUrls.variantPath(digest, width))
        : Optional.empty();
  }
}

package io.keybox.server.media;

import io.keybox.schema.listing.ListingQueries;
import io.keybox.schema.listing.PhotoUrls;
import io.keybox.server.index.DerivedValue;
import io.keybox.server.index.Lease;
import io.keybox.server.index.VendorIndexes;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The photo files a vendor's index lets anyone see: a variant ({@link PhotoUrls#WIDTHS}) of a photo
 * that at least one listing of the served snapshot shows and whose IDX rules allow display ({@code
 * internetEntireListingDisplay} not false). A photo of a listing that left the index, or that the
 * MLS withholds, is not served even though its file may still be on disk.
 *
 * <p>Each snapshot keeps the answers it gave ({@link #servable} records them), so a photo asked for
 * again, as every visitor of a results page asks for the same ones, is answered by {@link
 * #knownServable} without reading the index: cheap enough for a connection's IO thread. A new
 * snapshot starts with no answers, so a listing withheld by a commit stops its photos at once.
 */
public final class PhotoLibrary {
  /** Answers kept per snapshot at most: a bound on what random digests can make it hold. */
  static final int MAX_ANSWERS = 200_000;

  /** Per snapshot: digest → whether a displayable listing of it shows the photo. */
  private static final DerivedValue<Map<String, Boolean>> ANSWERS =
      DerivedValue.of("photo answers", snapshot -> new ConcurrentHashMap<>());

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
   * there: the path under {@link #folder}, else empty (a 404 for the caller). Reads the index
   * unless the served snapshot answered for this digest before; records the answer.
   *
   * @throws io.keybox.server.error.PhotoUnavailableException when the store a query node fetches
   *     the file from cannot be reached
   * @throws IOException from the index
   */
  public Optional<String> servable(String vendor, String digest, int width) throws IOException {
    if (!wellFormed(vendor, digest, width)) {
      return Optional.empty();
    }
    try (Lease lease = indexes.lease(vendor)) {
      Map<String, Boolean> answers = lease.snapshot().derived(ANSWERS);
      Boolean shown = answers.get(digest);
      if (shown == null) {
        shown =
            lease.snapshot().searcher().count(ListingQueries.displayableShowingPhoto(digest)) > 0;
        if (answers.size() < MAX_ANSWERS) {
          answers.put(digest, shown);
        }
      }
      if (!shown) {
        return Optional.empty();
      }
    }
    // The one point where the file is found: on disk, or fetched into a query node's cache.
    return files.obtain(vendor, digest, width)
        ? Optional.of(PhotoUrls.variantPath(digest, width))
        : Optional.empty();
  }

  /**
   * The file of {@code vendor}'s photo {@code digest} at {@code width} when the served snapshot
   * already said, through {@link #servable}, that it may be shown; empty when it said no or has not
   * been asked yet. Never reads the index or fetches, and does not check that the file is there (a
   * query node's cache may have evicted it: then {@link #servable} fetches it again).
   */
  public Optional<Path> knownServable(String vendor, String digest, int width) {
    if (!wellFormed(vendor, digest, width)) {
      return Optional.empty();
    }
    try (Lease lease = indexes.lease(vendor)) {
      if (!Boolean.TRUE.equals(lease.snapshot().derived(ANSWERS).get(digest))) {
        return Optional.empty();
      }
    } catch (IOException | RuntimeException e) {
      // The index went away meanwhile (or could not be leased): the long way, through servable,
      // meets the same condition again and answers it as every request does.
      return Optional.empty();
    }
    files.touch(vendor, digest, width);
    return Optional.of(folder(vendor).resolve(PhotoUrls.variantPath(digest, width)));
  }

  private boolean wellFormed(String vendor, String digest, int width) {
    return PhotoUrls.isDigest(digest) && PhotoUrls.WIDTHS.contains(width) && indexes.has(vendor);
  }
}

package io.keybox.indexer.media;

import io.keybox.indexer.feed.FeedPhoto;
import io.keybox.schema.listing.ListingRecord;
import io.keybox.schema.listing.PhotoUrls;
import io.keybox.state.media.MediaCatalog;
import io.keybox.state.media.MediaRecord;
import io.keybox.state.media.MirroredPhoto;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The photos an index run gives its listings, by {@link MediaMode}: the feed's URLs as they are
 * ({@code link}), none ({@code off}), or the mirrored ones ({@code mirror}): each listing's feed
 * photos are registered in the vendor's {@link MediaCatalog} (new and changed ones pending for the
 * mirror) and the listing shows those whose variants are on disk, in the feed's order, by reference
 * ({@link PhotoUrls#ref}). Listings are known to the catalog by their identity in the feed
 * (ListingKey, or a native dump's listingId). Thread-safe.
 */
public final class ListingPhotos {
  /**
   * One listing's photos as its feed record names them.
   *
   * @param identity the listing's identity in the feed
   * @param modified the listing's modification time (newer listings are mirrored first)
   * @param photos its photos, cover first
   */
  public record Named(String identity, Instant modified, List<FeedPhoto> photos) {
    public Named {
      Objects.requireNonNull(identity, "identity");
      Objects.requireNonNull(modified, "modified");
      photos = List.copyOf(photos);
    }
  }

  private final MediaMode mode;
  private final Optional<MediaCatalog> catalog;

  private ListingPhotos(MediaMode mode, Optional<MediaCatalog> catalog) {
    this.mode = mode;
    this.catalog = catalog;
  }

  /** The feed's URLs as they are. */
  public static ListingPhotos link() {
    return new ListingPhotos(MediaMode.LINK, Optional.empty());
  }

  /** No photos. */
  public static ListingPhotos off() {
    return new ListingPhotos(MediaMode.OFF, Optional.empty());
  }

  /** Mirrored photos, registered in and read from {@code catalog}. */
  public static ListingPhotos mirror(MediaCatalog catalog) {
    return new ListingPhotos(MediaMode.MIRROR, Optional.of(catalog));
  }

  public MediaMode mode() {
    return mode;
  }

  /**
   * Registers the photos of a batch of listings whose records name them (a listing whose record
   * names none keeps what the catalog has: its photos may come from the Media resource), in one
   * transaction.
   */
  public void register(List<Named> listings) {
    if (catalog.isEmpty() || listings.isEmpty()) {
      return;
    }
    Map<String, List<MediaRecord>> byListing = new LinkedHashMap<>();
    for (Named listing : listings) {
      List<MediaRecord> records = new ArrayList<>(listing.photos().size());
      Set<String> keys = new HashSet<>();
      for (FeedPhoto photo : listing.photos()) {
        if (keys.add(photo.mediaKey())) { // a feed repeating a photo shows it once
          records.add(record(listing, photo, records.size()));
        }
      }
      byListing.put(listing.identity(), records);
    }
    catalog.get().replaceListings(byListing);
  }

  /** {@code listing} with the photos this mode shows for the listing {@code identity}. */
  public ListingRecord shown(String identity, ListingRecord listing) {
    return switch (mode) {
      case LINK -> listing;
      case OFF -> listing.tree().has("photos") ? listing.withPhotos(List.of()) : listing;
      case MIRROR ->
          listing.withPhotos(
              catalog.get().photos(identity).stream()
                  .map(MirroredPhoto::digest)
                  .map(PhotoUrls::ref)
                  .toList());
    };
  }

  /** Marks the photos of listings the run removed gone (deleted after --media-keep-days). */
  public void removed(Set<String> identities) {
    catalog.ifPresent(c -> c.listingsGone(identities));
  }

  /** After a full run: the photos of listings other than {@code kept} are gone. */
  public void keepOnly(Set<String> kept) {
    catalog.ifPresent(
        c -> {
          Set<String> gone = new HashSet<>(c.listings());
          gone.removeAll(kept);
          c.listingsGone(gone);
        });
  }

  private static MediaRecord record(Named listing, FeedPhoto photo, int position) {
    return new MediaRecord(
        photo.mediaKey(),
        listing.identity(),
        position,
        photo.url(),
        photo.modified(),
        photo.caption(),
        photo.width(),
        photo.height(),
        listing.modified());
  }
}

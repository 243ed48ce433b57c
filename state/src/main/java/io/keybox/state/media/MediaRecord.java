package io.keybox.state.media;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * One photo as the feed names it (a RESO Media record, or a position in a listing's photo list).
 *
 * @param mediaKey the feed's stable id of the photo (RESO MediaKey)
 * @param listingKey the listing it belongs to (RESO ListingKey)
 * @param position its place among the listing's photos, 0 for the cover
 * @param sourceUrl where to download it
 * @param sourceModified the feed's MediaModificationTimestamp, if given: a newer one means a new
 *     picture under the same key
 * @param caption the feed's caption (LongDescription), if any
 * @param width the width the feed states (ImageWidth), if any
 * @param height the height the feed states (ImageHeight), if any
 * @param listingModified the listing's modification time: newer listings are mirrored first
 */
public record MediaRecord(
    String mediaKey,
    String listingKey,
    int position,
    String sourceUrl,
    Optional<Instant> sourceModified,
    Optional<String> caption,
    OptionalInt width,
    OptionalInt height,
    Instant listingModified) {
  public MediaRecord {
    Objects.requireNonNull(mediaKey, "mediaKey");
    Objects.requireNonNull(listingKey, "listingKey");
    if (position < 0) {
      throw new IllegalArgumentException("position must be >= 0 (got: " + position + ")");
    }
    Objects.requireNonNull(sourceUrl, "sourceUrl");
    Objects.requireNonNull(sourceModified, "sourceModified");
    Objects.requireNonNull(caption, "caption");
    Objects.requireNonNull(width, "width");
    Objects.requireNonNull(height, "height");
    Objects.requireNonNull(listingModified, "listingModified");
  }
}

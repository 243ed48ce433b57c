package io.keybox.state.media;

import java.util.Objects;
import java.util.Optional;

/**
 * A photo to download: its key, listing, place and source, with the attempts made so far.
 *
 * @param vendor the vendor
 * @param mediaKey the photo's key
 * @param listingKey its listing
 * @param position its place among the listing's photos
 * @param sourceUrl where to download it
 * @param attempts the attempts made so far
 * @param digest the digest it had when last mirrored (a changed photo keeps the old one until the
 *     new one is on disk), if any
 */
public record MirrorTask(
    String vendor,
    String mediaKey,
    String listingKey,
    int position,
    String sourceUrl,
    int attempts,
    Optional<String> digest) {
  public MirrorTask {
    Objects.requireNonNull(vendor, "vendor");
    Objects.requireNonNull(mediaKey, "mediaKey");
    Objects.requireNonNull(listingKey, "listingKey");
    Objects.requireNonNull(sourceUrl, "sourceUrl");
    Objects.requireNonNull(digest, "digest");
  }
}

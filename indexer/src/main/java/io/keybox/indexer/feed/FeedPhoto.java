package io.keybox.indexer.feed;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * One photo of a listing as its feed names it: a RESO Media record, or a URL of a native dump's
 * {@code photos} list.
 *
 * @param mediaKey the feed's stable key of the photo (RESO MediaKey; for a native dump's URL, one
 *     made from the listing and the URL, so a new URL is a new photo, and listings sharing a
 *     picture each have their own)
 * @param url where to download it
 * @param modified the feed's MediaModificationTimestamp, if given
 * @param caption the feed's caption (LongDescription), if any
 * @param width the width the feed states (ImageWidth), if any
 * @param height the height the feed states (ImageHeight), if any
 */
public record FeedPhoto(
    String mediaKey,
    String url,
    Optional<Instant> modified,
    Optional<String> caption,
    OptionalInt width,
    OptionalInt height) {
  public FeedPhoto {
    Objects.requireNonNull(mediaKey, "mediaKey");
    Objects.requireNonNull(url, "url");
    Objects.requireNonNull(modified, "modified");
    Objects.requireNonNull(caption, "caption");
    Objects.requireNonNull(width, "width");
    Objects.requireNonNull(height, "height");
  }

  /** A photo known only by its URL, of the listing {@code listing}: keyed by a digest of both. */
  public static FeedPhoto ofUrl(String listing, String url) {
    try {
      byte[] sha =
          java.security.MessageDigest.getInstance("SHA-256")
              .digest((listing + "\n" + url).getBytes(java.nio.charset.StandardCharsets.UTF_8));
      String key = "url-" + java.util.HexFormat.of().formatHex(sha, 0, 16);
      return new FeedPhoto(
          key, url, Optional.empty(), Optional.empty(), OptionalInt.empty(), OptionalInt.empty());
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }
}

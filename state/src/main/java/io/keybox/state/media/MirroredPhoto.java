package io.keybox.state.media;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A photo whose variants are on disk, as a listing shows it.
 *
 * @param mediaKey the photo's key
 * @param position its place among the listing's photos
 * @param digest the content digest its files are stored under
 * @param caption its caption, if any
 * @param width the width of the largest variant's source, if known
 * @param height the height of the largest variant's source, if known
 */
public record MirroredPhoto(
    String mediaKey,
    int position,
    String digest,
    Optional<String> caption,
    OptionalInt width,
    OptionalInt height) {
  public MirroredPhoto {
    Objects.requireNonNull(mediaKey, "mediaKey");
    Objects.requireNonNull(digest, "digest");
    Objects.requireNonNull(caption, "caption");
    Objects.requireNonNull(width, "width");
    Objects.requireNonNull(height, "height");
  }
}

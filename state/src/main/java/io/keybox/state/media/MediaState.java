package io.keybox.state.media;

/** How far a photo got. */
public enum MediaState {
  /** Named by its listing, not (yet, or again since it changed) mirrored. */
  PENDING,
  /** Its variants are on disk under its digest. */
  MIRRORED,
  /** Given up on: a 404, not an image, too large; the reason says which. */
  FAILED,
  /** Its listing left the index; its files go after the keep period. */
  GONE
}

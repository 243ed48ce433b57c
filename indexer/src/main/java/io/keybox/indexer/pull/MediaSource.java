package io.keybox.indexer.pull;

/** Where a pull finds the listings' photos, as the server's {@code $metadata} tells. */
public enum MediaSource {
  /** A Property's {@code Media} navigation property: asked with {@code $expand=Media}. */
  EXPAND,
  /**
   * The {@code Media} resource, read beside the listings ({@code ResourceName eq 'Property'}) and
   * joined to them by {@code ResourceRecordKey}.
   */
  RESOURCE,
  /** Neither: the listings come without photos. */
  NONE
}

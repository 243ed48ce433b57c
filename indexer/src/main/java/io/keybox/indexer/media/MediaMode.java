package io.keybox.indexer.media;

import java.util.Locale;

/** What a run does with listings' photos ({@code --media}). */
public enum MediaMode {
  /** Download each photo, serve its variants from Keybox ({@code /media}); the default. */
  MIRROR,
  /** Serve the feed's own URLs (hot-linking): only where the MLS allows it. */
  LINK,
  /** No photos at all. */
  OFF;

  /** The option's value naming this mode. */
  public String optionValue() {
    return name().toLowerCase(Locale.ROOT);
  }
}

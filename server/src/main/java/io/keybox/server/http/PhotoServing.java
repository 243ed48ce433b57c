package io.keybox.server.http;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * How replies name mirrored photos: the variant a listing's {@code photos} lists ({@code serve
 * --photo-width}) and the base URL of {@code /media/...} ({@code serve --media-base-url}, a CDN or
 * a bucket; else {@code --base-url}, else the request's own scheme and host).
 *
 * @param width the width in pixels of the variant listed: 400, 800 or 1600
 * @param mediaBaseUrl the base URL of the photos, when not the API's
 */
public record PhotoServing(int width, Optional<String> mediaBaseUrl) {
  /** The widths a listing may list. */
  public static final List<Integer> WIDTHS = List.of(400, 800, 1600);

  /** The default: the 1600 px variant, served by this server. */
  public static final PhotoServing DEFAULT = new PhotoServing(1600, Optional.empty());

  public PhotoServing {
    if (!WIDTHS.contains(width)) {
      throw new IllegalArgumentException(
          "width must be one of " + WIDTHS + " (got: " + width + ")");
    }
    Objects.requireNonNull(mediaBaseUrl, "mediaBaseUrl");
    mediaBaseUrl =
        mediaBaseUrl.map(url -> url.endsWith("/") ? url.substring(0, url.length() - 1) : url);
  }
}

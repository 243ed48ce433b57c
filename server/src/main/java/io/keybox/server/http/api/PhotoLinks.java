package io.keybox.server.http.api;

import io.keybox.schema.listing.PhotoUrls;
import io.keybox.server.http.PhotoServing;
import io.undertow.server.HttpServerExchange;

/**
 * The URLs of a vendor's mirrored photos in a reply: {@code
 * {base}/media/{vendor}/{digest}/{width}.jpg}, where {@code base} is {@code --media-base-url} (a
 * CDN or a bucket) when set, else the public base URL of the request's links ({@link BaseUrls}:
 * {@code --base-url}, else the request's scheme and host, forwarded ones behind a proxy), and
 * {@code width} is {@code --photo-width}.
 */
final class PhotoLinks {
  private final BaseUrls baseUrls;
  private final PhotoServing serving;

  PhotoLinks(BaseUrls baseUrls, PhotoServing serving) {
    this.baseUrls = baseUrls;
    this.serving = serving;
  }

  PhotoUrls of(HttpServerExchange exchange, String vendor) {
    String base = serving.mediaBaseUrl().orElseGet(() -> baseUrls.of(exchange));
    return PhotoUrls.of(base, vendor, serving.width());
  }
}

package io.keybox.server.http.edge;

import java.util.Locale;

/**
 * The media types Keybox serves (API.md §4) and the choice between them by {@code Accept}: the one
 * with the highest quality; {@code application/json} when Accept is absent, gives a vendor type no
 * more than JSON (as a lone wildcard does), or matches none. The upstream API's vendor type is
 * served because its clients ask for it (the WordPress plugin sends {@code application/json; q=0.2,
 * application/vnd.simplyrets-v0.1+json}); the body is the same in all three.
 */
public enum MediaType {
  JSON("application/json"),
  VENDOR("application/vnd.service-v0.1+json"),
  UPSTREAM_VENDOR("application/vnd.simplyrets-v0.1+json");

  /** The value of {@code X-Service-Media-Type} on every response. */
  public static final String SERVICE_MEDIA_TYPE = "vnd.service-v0.1";

  /** The value of {@code X-SimplyRETS-Media-Type} on every response, for the upstream's clients. */
  public static final String UPSTREAM_MEDIA_TYPE = "vnd.simplyrets-v0.1";

  private final String name;

  MediaType(String name) {
    this.name = name;
  }

  /** The media type name, e.g. {@code application/json}. */
  public String mediaType() {
    return name;
  }

  /** The Content-Type header value, with charset. */
  public String contentType() {
    return name + "; charset=utf-8";
  }

  /**
   * The type {@code accept} prefers (RFC 9110 §12.5.1): each type takes the quality of the most
   * specific range that matches it (its own name, then {@code application/*}, then {@code *}{@code
   * /*}); a vendor type only when its quality is above JSON's, and of two vendor types with the
   * same quality, the service's own.
   */
  static MediaType negotiate(String accept) {
    if (accept == null || accept.isBlank()) {
      return JSON;
    }
    MediaType best = JSON;
    double bestQuality = Math.max(0, JSON.quality(accept));
    for (MediaType vendor : new MediaType[] {VENDOR, UPSTREAM_VENDOR}) {
      double quality = vendor.quality(accept);
      if (quality > bestQuality) {
        best = vendor;
        bestQuality = quality;
      }
    }
    return best;
  }

  /** The quality {@code accept} gives this type; -1 when no range matches it. */
  private double quality(String accept) {
    int bestSpecificity = -1;
    double quality = -1;
    for (String range : accept.split(",")) {
      String[] parts = range.split(";");
      if (parts.length == 0) {
        continue; // ";;;" splits into nothing
      }
      int specificity = specificity(parts[0].strip().toLowerCase(Locale.ROOT));
      if (specificity > bestSpecificity) {
        bestSpecificity = specificity;
        quality = quality(parts);
      } else if (specificity == bestSpecificity && specificity >= 0) {
        quality = Math.max(quality, quality(parts));
      }
    }
    return quality;
  }

  /** How closely {@code range} names this type: 2 exactly, 1 by its top type, 0 any; else -1. */
  private int specificity(String range) {
    if (range.equals(name)) {
      return 2;
    }
    if (range.equals("application/*")) {
      return 1;
    }
    return range.equals("*/*") ? 0 : -1;
  }

  private static double quality(String[] parts) {
    for (int i = 1; i < parts.length; i++) {
      String parameter = parts[i].strip();
      if (parameter.regionMatches(true, 0, "q=", 0, 2)) {
        try {
          double q = Double.parseDouble(parameter.substring(2));
          return q >= 0 && q <= 1 ? q : 0; // NaN and out-of-range values accept nothing
        } catch (NumberFormatException e) {
          return 0;
        }
      }
    }
    return 1;
  }
}

package io.keybox.server.http;

import java.util.Locale;

/**
 * The two media types Keybox serves (API.md §4) and the choice between them by {@code Accept}: the
 * one with the higher quality; {@code application/json} when Accept is absent, a wildcard, or names
 * neither.
 */
enum MediaType {
  JSON("application/json"),
  VENDOR("application/vnd.service-v0.1+json");

  /** The value of {@code X-Service-Media-Type} on every response. */
  static final String SERVICE_MEDIA_TYPE = "vnd.service-v0.1";

  private final String name;

  MediaType(String name) {
    this.name = name;
  }

  /** The media type name, e.g. {@code application/json}. */
  String mediaType() {
    return name;
  }

  /** The Content-Type header value, with charset. */
  String contentType() {
    return name + "; charset=utf-8";
  }

  /** The type {@code accept} prefers. */
  static MediaType negotiate(String accept) {
    if (accept == null || accept.isBlank()) {
      return JSON;
    }
    double jsonQuality = -1;
    double vendorQuality = -1;
    for (String range : accept.split(",")) {
      String[] parts = range.split(";");
      if (parts.length == 0) {
        continue; // ";;;" splits into nothing
      }
      String type = parts[0].strip().toLowerCase(Locale.ROOT);
      double quality = quality(parts);
      if (type.equals(VENDOR.name)) {
        vendorQuality = Math.max(vendorQuality, quality);
      } else if (type.equals(JSON.name)) {
        jsonQuality = Math.max(jsonQuality, quality);
      }
    }
    return vendorQuality > 0 && vendorQuality > jsonQuality ? VENDOR : JSON;
  }

  private static double quality(String[] parts) {
    for (int i = 1; i < parts.length; i++) {
      String parameter = parts[i].strip();
      if (parameter.startsWith("q=")) {
        try {
          return Double.parseDouble(parameter.substring(2));
        } catch (NumberFormatException e) {
          return 0;
        }
      }
    }
    return 1;
  }
}

package io.keybox.state.media;

import java.util.Locale;

/**
 * Why photos were given up on, in few enough kinds to label a metric by: the catalog keeps each
 * photo's reason as the mirror worded it ("HTTP 404", "not an image (...)", "larger than
 * --media-max-bytes", "HTTP 503 (8 attempts)"), which this reads back into its kind.
 */
public enum FailureKind {
  /** 404, or a {@code file:} URL naming no file. */
  NOT_FOUND,
  /** 403 or 410 with no fresh URL to be had (a signed URL expired). */
  REFUSED,
  /** Over {@code --media-max-bytes}, or more pixels than a photo has. */
  TOO_LARGE,
  /** No image, cut short, or not decodable. */
  NOT_AN_IMAGE,
  /** Another HTTP status no retry would change. */
  HTTP_ERROR,
  /** Every attempt failed (429, 5xx, the host unreachable): given up after the last. */
  GAVE_UP,
  /** A URL that is no URL. */
  BAD_URL,
  /** Anything else. */
  OTHER;

  /** The kind of a reason as the catalog holds it ({@code null}: none recorded). */
  public static FailureKind of(String reason) {
    if (reason == null) {
      return OTHER;
    }
    String r = reason.strip();
    if (r.endsWith(" attempts)")) {
      return GAVE_UP;
    }
    if (r.equals("HTTP 404") || r.equals("no such file")) {
      return NOT_FOUND;
    }
    if (r.startsWith("HTTP 403") || r.startsWith("HTTP 410")) {
      return REFUSED;
    }
    if (r.startsWith("larger than") || r.startsWith("image of ")) {
      return TOO_LARGE;
    }
    if (r.startsWith("not an image")
        || r.startsWith("cut short")
        || r.startsWith("cannot decode")) {
      return NOT_AN_IMAGE;
    }
    if (r.startsWith("HTTP ")) {
      return HTTP_ERROR;
    }
    if (r.equals("malformed URL")) {
      return BAD_URL;
    }
    return OTHER;
  }

  /** The label value, e.g. {@code not_found}. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}

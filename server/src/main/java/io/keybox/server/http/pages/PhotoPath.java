package io.keybox.server.http.pages;

import io.keybox.schema.listing.PhotoUrls;
import java.util.Optional;

/**
 * The parts of a photo's path below {@code /media}: {@code /{vendor}/{digest}/{width}.jpg}, with a
 * vendor name as the data directory's folders are named ({@code [a-z0-9][a-z0-9_-]{0,63}}), a
 * digest as {@link PhotoUrls#isDigest} checks it and a width of 3 or 4 digits. Read by hand rather
 * than with a regular expression: matching one showed as 5% of the server's time when serving
 * photos.
 *
 * @param vendor the vendor's name
 * @param digest the photo's digest
 * @param width the variant's width in pixels (not yet checked against the widths there are)
 */
record PhotoPath(String vendor, String digest, int width) {
  private static final int DIGEST_LENGTH = 40;
  private static final int MAX_VENDOR_LENGTH = 64;
  private static final String SUFFIX = ".jpg";

  /** The photo {@code path} names (what follows {@code /media}), or empty. */
  static Optional<PhotoPath> parse(String path) {
    if (path.isEmpty() || path.charAt(0) != '/') {
      return Optional.empty();
    }
    int vendorEnd = path.indexOf('/', 1);
    if (vendorEnd < 2 || vendorEnd - 1 > MAX_VENDOR_LENGTH || !isVendor(path, 1, vendorEnd)) {
      return Optional.empty();
    }
    int digestEnd = vendorEnd + 1 + DIGEST_LENGTH;
    if (path.length() <= digestEnd || path.charAt(digestEnd) != '/' || !path.endsWith(SUFFIX)) {
      return Optional.empty();
    }
    String digest = path.substring(vendorEnd + 1, digestEnd);
    if (!PhotoUrls.isDigest(digest)) {
      return Optional.empty();
    }
    int widthEnd = path.length() - SUFFIX.length();
    int digits = widthEnd - (digestEnd + 1);
    if (digits < 3 || digits > 4 || !isDigits(path, digestEnd + 1, widthEnd)) {
      return Optional.empty();
    }
    return Optional.of(
        new PhotoPath(
            path.substring(1, vendorEnd),
            digest,
            Integer.parseInt(path, digestEnd + 1, widthEnd, 10)));
  }

  private static boolean isVendor(String s, int from, int to) {
    if (!isLowerAlnum(s.charAt(from))) {
      return false;
    }
    for (int i = from + 1; i < to; i++) {
      char c = s.charAt(i);
      if (!isLowerAlnum(c) && c != '_' && c != '-') {
        return false;
      }
    }
    return true;
  }

  private static boolean isDigits(String s, int from, int to) {
    for (int i = from; i < to; i++) {
      char c = s.charAt(i);
      if (c < '0' || c > '9') {
        return false;
      }
    }
    return true;
  }

  private static boolean isLowerAlnum(char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
  }
}

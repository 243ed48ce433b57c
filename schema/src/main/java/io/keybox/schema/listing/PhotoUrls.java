package io.keybox.schema.listing;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * How the photos of a listing whose photos are mirrored are written: each as the JSON string {@code
 * prefix + digest + suffix}. The server writes public URLs ({@code https://host/media/vendor/} +
 * digest + {@code /1600.jpg}); the index keeps references ({@link #REFS}: {@code keybox-media:} +
 * digest), which is also how a listing tree names a mirrored photo, so a listing read back from its
 * stored JSON is the tree it was made from.
 *
 * <p>Values are equal when they write the same bytes: a cached reply is keyed by them.
 */
public final class PhotoUrls {
  /** The prefix of a mirrored photo's reference in a listing tree. */
  public static final String REF_PREFIX = "keybox-media:";

  /** The widths of each mirrored photo's variants, in pixels: what a URL may name. */
  public static final List<Integer> WIDTHS = List.of(400, 800, 1600);

  /** References, as a listing tree and the stored JSON hold them. */
  public static final PhotoUrls REFS = new PhotoUrls(REF_PREFIX, "");

  private final String prefix;
  private final String suffix;
  private final byte[] head;
  private final byte[] tail;

  /** Photos written as {@code prefix + digest + suffix}. */
  public PhotoUrls(String prefix, String suffix) {
    this.prefix = Objects.requireNonNull(prefix, "prefix");
    this.suffix = Objects.requireNonNull(suffix, "suffix");
    JsonStringEncoder encoder = JsonStringEncoder.getInstance();
    this.head = ("\"" + new String(encoder.quoteAsString(prefix))).getBytes(StandardCharsets.UTF_8);
    this.tail = (new String(encoder.quoteAsString(suffix)) + "\"").getBytes(StandardCharsets.UTF_8);
  }

  /**
   * The public URLs of a vendor's photos at {@code width} under {@code base} (no trailing slash):
   * {@code base/media/vendor/DIGEST/width.jpg}, the route the server answers.
   */
  public static PhotoUrls of(String base, String vendor, int width) {
    return new PhotoUrls(base + "/media/" + vendor + "/", "/" + width + ".jpg");
  }

  /** Whether {@code digest} is a well-formed photo digest: 40 lower-case hex digits. */
  public static boolean isDigest(String digest) {
    if (digest.length() != 40) {
      return false;
    }
    // A loop rather than a stream: it runs for every photo a server answers.
    for (int i = 0; i < digest.length(); i++) {
      char c = digest.charAt(i);
      if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) {
        return false;
      }
    }
    return true;
  }

  /**
   * Where a variant's file is under a vendor's media folder: {@code ab/abcdef.../800.jpg}, named as
   * its URL names it.
   */
  public static String variantPath(String digest, int width) {
    if (!isDigest(digest)) {
      throw new IllegalArgumentException("not a digest: '" + digest + "'");
    }
    return digest.substring(0, 2) + "/" + digest + "/" + width + ".jpg";
  }

  /** Whether {@code value} names a mirrored photo ({@code keybox-media:DIGEST}). */
  public static boolean isRef(JsonNode value) {
    return value.isTextual() && value.textValue().startsWith(REF_PREFIX);
  }

  /** The reference of the photo stored under {@code digest}. */
  public static String ref(String digest) {
    return REF_PREFIX + digest;
  }

  /**
   * The digests of a listing tree's photos when every one is a mirrored photo's reference, else
   * empty (hot-linked URLs, or no photos).
   */
  public static List<String> digests(JsonNode listing) {
    JsonNode photos = listing.path("photos");
    if (!photos.isArray() || photos.isEmpty()) {
      return List.of();
    }
    List<String> digests = new ArrayList<>(photos.size());
    for (JsonNode photo : photos) {
      if (!isRef(photo)) {
        return List.of();
      }
      digests.add(photo.textValue().substring(REF_PREFIX.length()));
    }
    return digests;
  }

  /** The URL (or reference) of the photo stored under {@code digest}. */
  public String of(String digest) {
    return prefix + digest + suffix;
  }

  /** Writes {@code digests} as a JSON array of strings. */
  void writeArray(OutputStream out, String[] digests) throws IOException {
    out.write('[');
    for (int i = 0; i < digests.length; i++) {
      if (i > 0) {
        out.write(',');
      }
      out.write(head);
      out.write(digests[i].getBytes(StandardCharsets.US_ASCII));
      out.write(tail);
    }
    out.write(']');
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof PhotoUrls other
        && prefix.equals(other.prefix)
        && suffix.equals(other.suffix);
  }

  @Override
  public int hashCode() {
    return prefix.hashCode() * 31 + suffix.hashCode();
  }

  @Override
  public String toString() {
    return prefix + "{digest}" + suffix;
  }
}

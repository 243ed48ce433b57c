package io.keybox.store;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.List;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a published vendor's objects live under the store's root, and how its small JSON objects
 * are written:
 *
 * <pre>
 * &lt;vendor&gt;/files/&lt;name&gt;.&lt;crc32&gt;.&lt;length&gt;    each index file, immutable
 * &lt;vendor&gt;/side/&lt;name&gt;.&lt;crc32&gt;.&lt;length&gt;     each side file (ids.tsv, ...), immutable
 * &lt;vendor&gt;/manifests/&lt;sequence&gt;.json          each publication's {@link Manifest}, immutable
 * &lt;vendor&gt;/current                           the {@link Pointer}, overwritten LAST
 * &lt;vendor&gt;/lock                              held by the vendor's publisher while it publishes
 * media/&lt;vendor&gt;/&lt;digest&gt;/&lt;width&gt;.jpg         each mirrored photo's variant, immutable
 * </pre>
 *
 * A photo's key is the path of its URL ({@code /media/{vendor}/{digest}/{width}.jpg}, the route a
 * Keybox server answers) under the store's root, so a bucket, or a CDN in front of it, serves the
 * URLs a listing's {@code photos} hold when {@code serve --media-base-url} names it. {@value
 * #MEDIA} is therefore no vendor's name.
 *
 * <p>Keys are prefix-free: no key is a folder of another. Because an index file's key holds its
 * checksum and length, a file of the same name from another commit (after a rebuild from scratch,
 * Lucene's names restart at {@code _0}) never collides with it.
 */
public final class Layout {
  /** The vendor's files kept beside its index that go with each publication, when present. */
  public static final List<String> SIDE_FILES =
      List.of("ids.tsv", "openhouse-ids.tsv", "pull-state.json");

  /** The folder of every vendor's photos; a reserved name, never a vendor's. */
  public static final String MEDIA = "media";

  private static final Pattern VENDOR = Pattern.compile("[a-z0-9][a-z0-9_-]{0,63}");
  private static final Pattern DIGEST = Pattern.compile("[0-9a-f]{40}");
  private static final Pattern MANIFEST = Pattern.compile("manifests/(\\d{12})\\.json");
  private static final ObjectMapper JSON =
      new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

  private Layout() {}

  /** Whether {@code name} is a valid vendor name. */
  public static boolean isVendor(String name) {
    return name != null && VENDOR.matcher(name).matches() && !name.equals(MEDIA);
  }

  /** Throws {@link IllegalArgumentException} unless {@code vendor} is a valid vendor name. */
  public static String checkVendor(String vendor) {
    if (vendor == null || !VENDOR.matcher(vendor).matches()) {
      throw new IllegalArgumentException(
          "vendor must be 1-64 of a-z, 0-9, '_' and '-', starting with a letter or digit (got: '"
              + vendor
              + "')");
    }
    if (vendor.equals(MEDIA)) {
      throw new IllegalArgumentException(
          "vendor must not be named '" + MEDIA + "': a store keeps every vendor's photos there");
    }
    return vendor;
  }

  public static String pointer(String vendor) {
    return checkVendor(vendor) + "/current";
  }

  /** The lock object a publisher of {@code vendor} holds while it publishes. */
  public static String lock(String vendor) {
    return checkVendor(vendor) + "/lock";
  }

  /** The prefix of every manifest of {@code vendor}. */
  public static String manifests(String vendor) {
    return checkVendor(vendor) + "/manifests/";
  }

  public static String manifest(String vendor, long sequence) {
    return checkVendor(vendor) + "/" + manifestName(sequence);
  }

  /** The manifest's key relative to the vendor, as a {@link Pointer} names it. */
  static String manifestName(long sequence) {
    if (sequence < 1 || sequence > 999_999_999_999L) {
      throw new IllegalArgumentException(
          "sequence must be 1..999999999999 (got: " + sequence + ")");
    }
    return String.format("manifests/%012d.json", sequence);
  }

  /** The sequence of a manifest key of {@code vendor}, or empty when it is not one. */
  public static OptionalLong manifestSequence(String vendor, String key) {
    String own = checkVendor(vendor) + "/";
    if (!key.startsWith(own)) {
      return OptionalLong.empty();
    }
    Matcher matcher = MANIFEST.matcher(key.substring(own.length()));
    return matcher.matches()
        ? OptionalLong.of(Long.parseLong(matcher.group(1)))
        : OptionalLong.empty();
  }

  /** The prefix of every index file object of {@code vendor}. */
  public static String indexObjects(String vendor) {
    return checkVendor(vendor) + "/files/";
  }

  public static String indexObject(String vendor, FileEntry file) {
    return indexObjects(vendor) + file.objectName();
  }

  /** The prefix of every side file object of {@code vendor}. */
  public static String sideObjects(String vendor) {
    return checkVendor(vendor) + "/side/";
  }

  public static String sideObject(String vendor, FileEntry file) {
    return sideObjects(vendor) + file.objectName();
  }

  /** The prefix of every photo object of {@code vendor}: {@code media/<vendor>/}. */
  public static String mediaObjects(String vendor) {
    return MEDIA + "/" + checkVendor(vendor) + "/";
  }

  /**
   * The key of one variant of a mirrored photo: {@code media/<vendor>/<digest>/<width>.jpg}, the
   * path of its URL.
   *
   * @throws IllegalArgumentException unless {@code digest} is 40 lower-case hex digits and {@code
   *     width} positive
   */
  public static String mediaObject(String vendor, String digest, int width) {
    if (digest == null || !DIGEST.matcher(digest).matches()) {
      throw new IllegalArgumentException(
          "photo digest must be 40 lower-case hex digits (got: '" + digest + "')");
    }
    if (width <= 0) {
      throw new IllegalArgumentException("photo width must be positive (got: " + width + ")");
    }
    return mediaObjects(vendor) + digest + "/" + width + ".jpg";
  }

  /**
   * The vendors with objects in {@code store}, sorted (one listing request on S3). A vendor whose
   * first publication has not written its pointer yet is listed too: its fetch says {@link
   * FetchResult.Outcome#NOT_PUBLISHED}.
   */
  public static List<String> vendors(Store store) throws IOException {
    return store.folders("").stream().filter(Layout::isVendor).toList();
  }

  static byte[] write(Object value) {
    try {
      return JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(value);
    } catch (IOException e) {
      throw new IllegalStateException("cannot write " + value, e);
    }
  }

  /**
   * Reads a manifest or pointer; a malformed one is an {@link IOException} naming {@code where}.
   */
  static <T> T read(byte[] bytes, Class<T> type, String where) throws IOException {
    try {
      return JSON.readValue(bytes, type);
    } catch (IOException | IllegalArgumentException e) {
      throw new IOException("malformed " + where + ": " + e.getMessage(), e);
    }
  }
}

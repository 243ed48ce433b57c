package io.keybox.store;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * A flat, key-addressed object store rooted at one location (an S3 bucket and prefix, or a folder).
 * Keys are relative to that root, use {@code /} between parts and are prefix-free: the layout never
 * makes both {@code P} and {@code P/x} (some backends, and every file system, cannot hold both).
 *
 * <p>Every method throws {@link IOException} when the store cannot be reached or refuses the
 * request, and {@link ObjectNotFoundException} when a read names a key that does not exist.
 * Implementations are thread-safe.
 */
public interface Store extends Closeable {

  /** Writes {@code source}'s bytes under {@code key}, replacing any object there. */
  void put(String key, Path source) throws IOException;

  /** Writes {@code bytes} under {@code key}, replacing any object there. */
  void put(String key, byte[] bytes) throws IOException;

  /**
   * Writes {@code source} under {@code key} as an object whose bytes never change under that key (a
   * content-addressed photo), to be read by browsers straight from the store or a CDN in front of
   * it: where the store keeps HTTP headers (S3 does, a folder does not) it answers with {@code
   * contentType} and {@value #IMMUTABLE}.
   */
  default void putImmutable(String key, Path source, String contentType) throws IOException {
    put(key, source);
  }

  /** The {@code Cache-Control} of {@link #putImmutable}'s objects: a year, never revalidated. */
  String IMMUTABLE = "public, max-age=31536000, immutable";

  /**
   * Writes {@code source} under {@code key} unless an object is already there; returns whether it
   * wrote. NOTE: not atomic against a concurrent writer of the same key; the layout only uses it
   * for content-addressed keys, where both writers write the same bytes.
   */
  default boolean putIfAbsent(String key, Path source) throws IOException {
    if (exists(key)) {
      return false;
    }
    put(key, source);
    return true;
  }

  /**
   * Writes {@code bytes} under {@code key} only if no object is there, atomically against any other
   * writer of the key (S3's conditional write, {@code If-None-Match: *}; a hard link for a folder);
   * returns whether it wrote. NOTE: an object already there with exactly these bytes counts as
   * written (a retried request whose first attempt wrote it cannot be told apart); callers make
   * their bytes unique where that matters (a lock names its holder).
   *
   * @throws IOException when the store fails, or does not support conditional writes
   */
  boolean create(String key, byte[] bytes) throws IOException;

  /**
   * Every key that starts with {@code prefix} with when its object was last written, sorted by key.
   */
  List<Listed> listWithTimes(String prefix) throws IOException;

  /** Whether an object exists under {@code key}. */
  boolean exists(String key) throws IOException;

  /** The whole object under {@code key} (for small objects: pointers, manifests). */
  byte[] get(String key) throws IOException;

  /**
   * The object under {@code key} with its entity tag, or empty when its entity tag still equals
   * {@code etag} (an HTTP 304). A null {@code etag} always reads.
   */
  Optional<Tagged> getIfNoneMatch(String key, String etag) throws IOException;

  /**
   * Copies the object under {@code key} into {@code target} (created or replaced) and forces it to
   * disk. The bytes are NOT checked: the caller verifies them.
   */
  void download(String key, Path target) throws IOException;

  /** Every key that starts with {@code prefix}, sorted. */
  List<String> list(String prefix) throws IOException;

  /**
   * The distinct next parts of the keys under {@code prefix} (which is empty or ends with {@code
   * /}), sorted: for keys {@code a/x}, {@code a/y/z} and {@code b}, {@code folders("")} is {@code
   * [a, b]}. One listing request on S3 however many objects lie below.
   */
  List<String> folders(String prefix) throws IOException;

  /** Removes the object under {@code key}; removing a missing key is not an error. */
  void delete(String key) throws IOException;

  /** A human-readable location of {@code key}, for messages ({@code s3://bucket/prefix/key}). */
  String describe(String key);

  /** A listed object: its key and when it was last written. */
  record Listed(String key, java.time.Instant lastModified) {}

  /** An object's bytes and its entity tag (opaque; only ever compared for equality). */
  record Tagged(byte[] bytes, String etag) {}
}

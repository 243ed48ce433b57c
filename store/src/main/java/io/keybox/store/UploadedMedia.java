package io.keybox.store;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.Set;

/**
 * The photo objects a publisher of one vendor has put in one store, kept beside the vendor's index
 * ({@code <vendor>/media-uploads/<store id>}), so that a publication sends only new photos without
 * asking the store about each one (a request per object would take hours for millions of photos;
 * one listing per publication, minutes). On a machine that never published the vendor to that store
 * the record is made from one listing of the vendor's photo objects there, so a new indexer node
 * does not send again what the store holds.
 *
 * <p>The file holds 8 bytes per object: the first 8 bytes of the SHA-256 of its key, appended once
 * its upload succeeded and forced to disk at {@link #close}. A kill loses at most the last entries
 * (those objects are sent again, the same bytes under the same key); a torn last entry is ignored.
 *
 * <p>NOTE: 64 bits per key: a new key alike in them to one of n recorded keys, and so taken as
 * sent, has odds of n in 2^64 (one in 1.5 million million for 12 million objects). NOTE: the record
 * trusts the store; after objects were removed from the store by other means, delete the record and
 * the next publication lists the store again.
 *
 * <p>Thread-safe: uploads record their keys from the transfer threads.
 */
final class UploadedMedia implements Closeable {
  /** The folder of the records, in the vendor's folder. */
  static final String FOLDER = "media-uploads";

  /** Keys recorded this run are merged into the sorted array once this many wait. */
  private static final int MERGE_AT = 1 << 16;

  private final Path file;
  private final FileChannel out;
  private final ByteBuffer pending = ByteBuffer.allocate(8 * 1024);
  private final MessageDigest sha;
  private long[] sorted;
  private final Set<Long> recent = new HashSet<>();

  private UploadedMedia(Path file, long[] sorted) throws IOException {
    this.file = file;
    this.sorted = sorted;
    this.out =
        FileChannel.open(
            file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
    try {
      this.sha = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }

  /**
   * The record of {@code vendor}'s photos in {@code store}, read from {@code vendorDir}, or made
   * from a listing of the store when this machine has none.
   *
   * @throws IOException when the record cannot be read or written, or the store listed
   */
  static UploadedMedia open(Path vendorDir, Store store, String vendor) throws IOException {
    Path file = vendorDir.resolve(FOLDER).resolve(storeId(store) + ".keys");
    if (Files.isRegularFile(file)) {
      return new UploadedMedia(file, read(file));
    }
    Files.createDirectories(file.getParent());
    // Written whole under a temporary name first: a listing cut short leaves no partial record,
    // which would be taken for a whole one.
    Path made = file.resolveSibling(file.getFileName() + ".new");
    Files.deleteIfExists(made);
    try (UploadedMedia listed = new UploadedMedia(made, new long[0])) {
      for (String key : store.list(Layout.mediaObjects(vendor))) {
        listed.add(key);
      }
    }
    Files.move(made, file, StandardCopyOption.ATOMIC_MOVE);
    return new UploadedMedia(file, read(file));
  }

  /** The name of {@code store}'s records: 16 hex digits of the SHA-256 of its location. */
  static String storeId(Store store) {
    try {
      byte[] hash =
          MessageDigest.getInstance("SHA-256")
              .digest(store.describe("").getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(hash, 0, 8);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }

  /** Whether the object under {@code key} was recorded as sent. */
  synchronized boolean has(String key) {
    long hash = hash(key);
    return recent.contains(hash) || Arrays.binarySearch(sorted, hash) >= 0;
  }

  /** Records the object under {@code key} as sent. */
  synchronized void add(String key) throws IOException {
    long hash = hash(key);
    if (!recent.add(hash)) {
      return;
    }
    if (!pending.hasRemaining()) {
      flush();
    }
    pending.putLong(hash);
    if (recent.size() >= MERGE_AT) {
      merge();
    }
  }

  /** Where the record lives (for messages). */
  Path file() {
    return file;
  }

  private long hash(String key) {
    return ByteBuffer.wrap(sha.digest(key.getBytes(StandardCharsets.UTF_8))).getLong();
  }

  private void merge() {
    long[] merged = Arrays.copyOf(sorted, sorted.length + recent.size());
    int at = sorted.length;
    for (long hash : recent) {
      merged[at++] = hash;
    }
    Arrays.sort(merged);
    sorted = merged;
    recent.clear();
  }

  private void flush() throws IOException {
    pending.flip();
    while (pending.hasRemaining()) {
      out.write(pending);
    }
    pending.clear();
  }

  private static long[] read(Path file) throws IOException {
    try (FileChannel in = FileChannel.open(file, StandardOpenOption.READ)) {
      long entries = in.size() / 8; // a torn last entry is left out
      if (entries > Integer.MAX_VALUE / 8) {
        throw new IOException(file + " is too large to be a record of photo uploads");
      }
      ByteBuffer bytes = ByteBuffer.allocate((int) entries * 8);
      while (bytes.hasRemaining() && in.read(bytes) >= 0) {
        // reads until full
      }
      bytes.flip();
      long[] hashes = new long[(int) entries];
      bytes.asLongBuffer().get(hashes);
      Arrays.sort(hashes);
      return hashes;
    }
  }

  /** Writes what was recorded and forces it to disk. */
  @Override
  public synchronized void close() throws IOException {
    try (out) {
      flush();
      out.force(true);
    }
  }
}
